import { newPdfDocument, pdfBytes } from '../../../pdf/document.js';
import { shareStandardFonts } from '../../../pdf/standard-fonts.js';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
const MARGIN = 15 * MM;
const WIDTH = A4.width - 2 * MARGIN;
const ROW = 9 * MM;
const COLUMNS = [
  { heading: 'N.º', width: 14 * MM },
  { heading: 'Nome', width: 66 * MM },
  { heading: 'Assinatura', width: 56 * MM },
  { heading: 'Representado por', width: WIDTH - 136 * MM },
] as const;
const SIGNATURE = { x: MARGIN + COLUMNS[0].width + COLUMNS[1].width, width: COLUMNS[2].width };

/** One associate on the sheet. */
export interface SheetLine {
  number: number | null;
  name: string;
  /** The associate present who represents them, when a representation is already recorded. */
  representedBy: string | null;
}

export interface AttendanceSheet {
  organisation: string;
  /** 'Assembleia geral ordinária de 28/03/2026, às 21:00' */
  heading: string;
  title: string;
  place: string;
  withVote: readonly SheetLine[];
  withoutVote: readonly SheetLine[];
}

// The standard PDF fonts know no narrow no-break space nor characters outside WinAnsi.
const printable = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

function pageHead(doc: PDFKit.PDFDocument, sheet: AttendanceSheet, page: number): number {
  doc.addPage({ size: [A4.width, A4.height], margin: 0 });
  doc.fillColor('#000000').font('Helvetica').fontSize(9).text(printable(sheet.organisation), MARGIN, MARGIN, { width: WIDTH * 0.7, lineBreak: false });
  doc.text(`Página ${page}`, MARGIN + WIDTH * 0.7, MARGIN, { width: WIDTH * 0.3, align: 'right', lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(14).text('Lista de presenças', MARGIN, MARGIN + 6 * MM, { width: WIDTH });
  doc.font('Helvetica').fontSize(10).text(printable(`${sheet.title} · ${sheet.heading}`), { width: WIDTH });
  if (sheet.place) doc.text(printable(sheet.place), { width: WIDTH });
  return doc.y;
}

function sectionHead(doc: PDFKit.PDFDocument, title: string, y: number): number {
  doc.font('Helvetica-Bold').fontSize(10).text(title, MARGIN, y, { width: WIDTH });
  let x = MARGIN;
  const top = doc.y + 2 * MM;
  doc.fontSize(8);
  for (const column of COLUMNS) {
    doc.text(column.heading, x + 1 * MM, top, { width: column.width - 2 * MM, lineBreak: false });
    x += column.width;
  }
  doc.moveTo(MARGIN, top + 4 * MM).lineTo(MARGIN + WIDTH, top + 4 * MM).lineWidth(0.6).stroke();
  return top + 5 * MM;
}

function line(doc: PDFKit.PDFDocument, entry: SheetLine, y: number): void {
  const cells = [entry.number === null ? '' : String(entry.number), printable(entry.name), '', entry.representedBy ? printable(entry.representedBy) : ''];
  let x = MARGIN;
  doc.font('Helvetica').fontSize(9);
  for (const [index, column] of COLUMNS.entries()) {
    const cell = cells[index];
    // One line per cell: a name too long for its column is cut, never pushed into the next row.
    if (cell) doc.text(cell, x + 1 * MM, y + ROW - 4.5 * MM, { width: column.width - 2 * MM, height: 4 * MM, lineBreak: false, ellipsis: true });
    x += column.width;
  }
  // The signature's line, and a light rule under the whole row.
  doc.moveTo(SIGNATURE.x + 2 * MM, y + ROW - 1.5 * MM).lineTo(SIGNATURE.x + SIGNATURE.width - 2 * MM, y + ROW - 1.5 * MM).lineWidth(0.4).strokeColor('#000000').stroke();
  doc.moveTo(MARGIN, y + ROW).lineTo(MARGIN + WIDTH, y + ROW).lineWidth(0.2).strokeColor('#999999').stroke();
  doc.strokeColor('#000000');
}

/**
 * The sign-in sheet (lista de presenças): every associate with a vote, then those without, one
 * row each with a line to sign on and who represents them; the head repeats on every page.
 */
export async function renderAttendanceSheet(sheet: AttendanceSheet): Promise<Buffer> {
  const doc = await newPdfDocument(`Lista de presenças · ${sheet.title}`);
  shareStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  const bytes = pdfBytes(doc);
  let page = 1;
  let y = pageHead(doc, sheet, page);
  const sections = [
    { title: 'Associados com direito de voto', lines: sheet.withVote },
    { title: 'Associados sem direito de voto', lines: sheet.withoutVote },
  ].filter((section, index) => index === 0 || section.lines.length > 0);
  for (const section of sections) {
    if (y + 20 * MM + ROW > A4.height - MARGIN) y = pageHead(doc, sheet, (page += 1));
    y = sectionHead(doc, `${section.title} (${section.lines.length})`, y + 6 * MM);
    for (const entry of section.lines) {
      if (y + ROW > A4.height - MARGIN) y = sectionHead(doc, `${section.title} (continuação)`, pageHead(doc, sheet, (page += 1)) + 2 * MM);
      line(doc, entry, y);
      y += ROW;
    }
  }
  doc.end();
  return bytes;
}
