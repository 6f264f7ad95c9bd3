import { formatCents } from '../../../../core/number-format.js';
import { newPdfDocument, pdfBytes } from '../../../pdf/document.js';
import { drawLetterhead } from '../../../pdf/letterhead.js';
import { shareStandardFonts } from '../../../pdf/standard-fonts.js';
import { typeLabel, type TreasuryDocSnapshot } from '../types.js';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
const MARGIN = 20 * MM;
const WIDTH = A4.width - 2 * MARGIN;
// The standard PDF fonts know no narrow no-break space (Intl's pt-PT separator).
export const euros = (cents: number): string => formatCents(cents).replace(/[\u00a0\u202f]/g, ' ');
const day = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * One document on an A4 page. Deliberately a receipt and nothing like certified invoicing
 * software's output: "Documento não fiscal" at the head and foot, no ATCUD, no QR code.
 */
function drawDocument(doc: PDFKit.PDFDocument, s: TreasuryDocSnapshot, logos: ReadonlyMap<number, Buffer>): void {
  doc.addPage({ size: [A4.width, A4.height], margin: MARGIN });
  const top = drawLetterhead(doc, { ...s.issuer, date: `Data: ${day(s.issueDate)}`, logoImage: s.issuer.logo ? logos.get(s.issuer.logo) : null }, MARGIN, MARGIN, WIDTH);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(`${typeLabel(s.type)} n.º ${s.number}`, MARGIN, top, { width: WIDTH });
  doc.font('Helvetica-Bold').fontSize(10).text('Documento não fiscal', { width: WIDTH });
  doc.font('Helvetica').fontSize(10).moveDown();
  doc.text(s.type === 'annulment' ? `Emitida em nome de: ${s.payer.name}` : `Recebemos de: ${s.payer.name}`, { width: WIDTH });
  if (s.payer.membership) doc.text(s.payer.membership, { width: WIDTH });
  if (s.payer.nif) doc.text(`NIF: ${s.payer.nif}`, { width: WIDTH });
  if (s.payer.address) doc.text(`Morada: ${s.payer.address}`, { width: WIDTH });
  if (s.paymentMethod) doc.text(`Meio de pagamento: ${s.paymentMethod}`, { width: WIDTH });
  if (s.annuls) {
    doc.moveDown();
    doc.text(`Anula o documento n.º ${s.annuls.number}. Motivo: ${s.annuls.reason}`, { width: WIDTH });
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Descrição', MARGIN, doc.y, { continued: false, width: WIDTH * 0.7 });
  for (const line of s.lines) {
    const y = doc.y + 4;
    doc.font('Helvetica').text(line.description, MARGIN, y, { width: WIDTH * 0.7 });
    const after = doc.y;
    doc.text(euros(line.amount), MARGIN + WIDTH * 0.7, y, { width: WIDTH * 0.3, align: 'right' });
    doc.y = Math.max(after, doc.y);
  }
  const y = doc.y + 8;
  doc.moveTo(MARGIN, y - 3).lineTo(MARGIN + WIDTH, y - 3).lineWidth(0.5).stroke();
  doc.font('Helvetica-Bold').text('Total', MARGIN, y, { width: WIDTH * 0.7 });
  doc.text(euros(s.total), MARGIN + WIDTH * 0.7, y, { width: WIDTH * 0.3, align: 'right' });
  doc.font('Helvetica').fontSize(9).text(s.vatWording, MARGIN, doc.y + 10, { width: WIDTH });
  if (s.wording) doc.moveDown().text(s.wording, { width: WIDTH });
  doc.fontSize(8).text(`Documento não fiscal · ${s.number}`, MARGIN, A4.height - MARGIN - 10, { width: WIDTH, align: 'center', lineBreak: false });
}

/** Documents one per page, in one PDF: a single receipt, or a block merged for printing; `logos`, the issuers' logos by file id (letterhead.ts readLogos). */
export async function renderTreasuryDocs(snapshots: readonly TreasuryDocSnapshot[], title: string, logos: ReadonlyMap<number, Buffer> = new Map()): Promise<Buffer> {
  const doc = await newPdfDocument(title);
  shareStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  const bytes = pdfBytes(doc);
  for (const snapshot of snapshots) drawDocument(doc, snapshot, logos);
  doc.end();
  return bytes;
}
