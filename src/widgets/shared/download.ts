// Files the server keeps: it answers a short-lived file address that works only for whoever
// asked (GET /api/files/{id}/content?exp&sig, with their token), or redirects to it (SPEC 7's
// GET membership_cards/{id} and membership_card_letters/{id}, which fetch follows with the
// token), so the page fetches it with the session's token and opens what it got.
import { ApiError, type Core } from '../../core/index.js';

/** A file name such as 'socios-2024-05-31.csv'. */
export function csvFileName(label: string, today = new Date()): string {
  const base = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'exportacao';
  return `${base}-${today.toISOString().slice(0, 10)}.csv`;
}

/** Hands a file to the browser's download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; revoking at once may cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file behind an address that answers it or redirects to it, fetched with the session's token. */
async function fetchFile(core: Core, url: string, accept: string): Promise<Blob> {
  const token = core.tokens.access.value;
  const res = await fetch(url, { headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  // Refused: the server's error body (a 422 names what a letter lacks), as every request's failure.
  if (!res.ok) throw new ApiError('status', res.status, await res.json().catch(() => null));
  return res.blob();
}

/** The image behind a short-lived file address (a member's photo), to show through a blob: address. */
export const fetchImage = (core: Core, url: string): Promise<Blob> => fetchFile(core, url, 'image/*');

/** The PDF behind an address that answers it or redirects to it. */
export const fetchPdf = (core: Core, url: string): Promise<Blob> => fetchFile(core, url, 'application/pdf');

/** Saves what an address answers (a member's data export) under `fileName`. */
export async function downloadFile(core: Core, url: string, fileName: string, accept: string): Promise<void> {
  downloadBlob(await fetchFile(core, url, accept), fileName);
}

/** Opens the PDF at an address in a new tab (or downloads it where tabs are refused). */
export async function openPdf(core: Core, url: string, fileName: string): Promise<void> {
  const href = URL.createObjectURL(await fetchPdf(core, url));
  const link = document.createElement('a');
  link.href = href;
  link.target = '_blank';
  link.rel = 'noopener';
  link.download = fileName;
  link.click();
  // The new tab holds its own reference; the address is let go once it has had time to load.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
