// Card PDFs: the answers of the print addresses. Fetching a PDF with the session's token is
// shared with the elements (a member downloads their own card from their home).
export { fetchPdf, openPdf } from '../../../widgets/shared/download.js';

export interface SignedPdf {
  url: string;
  expiresAt: string;
  count?: number;
}

export type PrintAnswer = { data: SignedPdf & { count: number } } | { data: { job: { _id: number; state: 'queued' | 'running' | 'done' | 'failed'; name: string }; count: number } };
