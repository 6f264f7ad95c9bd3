// Card PDFs: the server answers a short-lived file address that works only for whoever asked
// (GET /api/files/{id}/content?exp&sig, with their token), or redirects to it (SPEC 7's
// GET membership_cards/{id} and membership_card_letters/{id}, which fetch follows with the
// token), so the page fetches it with the session's token and opens what it got.
import { ApiError, type Core } from '../../../core/index.js';

export interface SignedPdf {
  url: string;
  expiresAt: string;
  count?: number;
}

export type PrintAnswer = { data: SignedPdf & { count: number } } | { data: { job: { _id: number; state: 'queued' | 'running' | 'done' | 'failed'; name: string }; count: number } };

/** The PDF behind an address that answers it or redirects to it, fetched with the session's token. */
export async function fetchPdf(core: Core, url: string): Promise<Blob> {
  const token = core.tokens.access.value;
  const res = await fetch(url, { headers: { accept: 'application/pdf', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  // Refused: the server's error body (a 422 names what a letter lacks), as every request's failure.
  if (!res.ok) throw new ApiError('status', res.status, await res.json().catch(() => null));
  return res.blob();
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
