// A fixed creation date: the same content draws the same bytes, so a stored hash means the data.
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/**
 * A new PDF with no page yet, titled, dated FIXED_DATE. pdfkit (and its fonts) is loaded with
 * the first document: about 26 MB of resident memory otherwise held from the server's start.
 */
export async function newPdfDocument(title: string): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: title, Creator: 'Associa', CreationDate: FIXED_DATE, ModDate: FIXED_DATE } });
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
