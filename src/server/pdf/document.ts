import { shareStandardFonts } from './standard-fonts.js';

// A fixed creation date: the same content draws the same bytes, so a stored hash means the data.
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/**
 * A new PDF with no page yet, titled, dated FIXED_DATE, its current font Helvetica at 12 points
 * as pdfkit's own default. pdfkit (and its fonts) is loaded with the first document: about 26 MB
 * of resident memory otherwise held from the server's start. pdfkit would build its default font
 * afresh for each document (its constructor's `font('Helvetica')`, a third of a receipt's drawing
 * once the others are shared): the document is made without one (an empty `font` option) and given
 * the shared Helvetica (standard-fonts.ts) as its first font, so its fonts are numbered as in the
 * first document a server draws, and the same content draws the same bytes every time.
 */
export async function newPdfDocument(title: string): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, font: '', info: { Title: title, Creator: 'Associa', CreationDate: FIXED_DATE, ModDate: FIXED_DATE } });
  shareStandardFonts(doc, ['Helvetica']);
  return doc.font('Helvetica');
}

/** The bytes the document writes once `end()` is called on it. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
