// SPEC 7's POST treasury_docs/download {ids, inBlocks}: the server answers the file itself (a
// zip of one PDF per document, or the documents merged into one PDF), or, for a large selection,
// 202 with the job that makes it (its file then comes from GET treasury_docs/download/{job} as
// a short-lived signed address). Fetched with the session's token, like the other files.
import { ApiError, RESOURCE, type Core } from '../../core/index.js';
import { downloadBlob, downloadFile, fetchPdf } from './download.js';

const DOCS = RESOURCE.treasuryDocs;

export type TreasuryDownload = { kind: 'file'; blob: Blob; fileName: string } | { kind: 'job'; job: number; total: number };

const nameIn = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

export async function requestTreasuryDownload(core: Core, ids: readonly number[], inBlocks: boolean): Promise<TreasuryDownload> {
  const token = core.tokens.access.value;
  const res = await fetch(`${core.api}/${DOCS}/download`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ ids, inBlocks }),
  });
  if (!res.ok) throw new ApiError('status', res.status, await res.json().catch(() => null));
  if (res.status === 202) {
    const { data } = (await res.json()) as { data: { job: number; total: number } };
    return { kind: 'job', job: data.job, total: data.total };
  }
  return { kind: 'file', blob: await res.blob(), fileName: nameIn(res.headers.get('content-disposition'), inBlocks ? 'documentos.pdf' : 'documentos.zip') };
}

/** The file of a finished download job, through its signed address. */
export async function downloadJobFile(core: Core, job: number, inBlocks: boolean): Promise<void> {
  const res = await core.http.get<{ data: { url?: string } }>(`${DOCS}/download/${job}`);
  const url = res.data.data.url;
  if (!url) throw new ApiError('status', 409, { message: 'O ficheiro ainda não está pronto.' });
  await downloadFile(core, url, inBlocks ? 'documentos-tesouraria.pdf' : 'documentos-tesouraria.zip', inBlocks ? 'application/pdf' : 'application/zip');
}

/** One document's PDF as issued (GET treasury_docs/{id}/pdf: the stored file, its hash checked), saved under its number. */
export async function downloadTreasuryPdf(core: Core, id: number, number: string): Promise<void> {
  downloadBlob(await fetchPdf(core, `${core.api}/${DOCS}/${id}/pdf`), `${number.replace(/[ /]/g, '-')}.pdf`);
}
