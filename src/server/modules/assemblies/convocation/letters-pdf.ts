import type { Db } from '../../../db/database.js';
import { newPdfDocument, pdfBytes } from '../../../pdf/document.js';
import { drawLetterhead, type Issuer } from '../../../pdf/letterhead.js';
import { shareStandardFonts } from '../../../pdf/standard-fonts.js';
import { readSettings } from '../../../settings/read.js';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM } as const;
const MARGIN = 20 * MM;
/** Where the text starts: below a window envelope's window, as the cards' cover letter. */
const BODY_TOP = 100 * MM;
/** The sizes tried, largest first, for the notice to fit its letter's one page. */
const FONT_SIZES = [10, 9.5, 9, 8.5, 8] as const;

/** One letter: who it goes to (the address lines as registered at convene) and what it says. */
export interface NoticeLetter {
  address: readonly string[];
  subject: string;
  body: string;
}

/** Where the address goes: the cards' letter settings (the envelope's window) and the printer's shift. */
export interface WindowPlacement {
  address: { x: number; y: number };
  offsets: { x: number; y: number };
}

/** The window and printer settings the cards' cover letters use, so one calibration serves both. */
export async function windowPlacement(db: Db): Promise<WindowPlacement> {
  const s = await readSettings(db, ['cardLetterAddressX', 'cardLetterAddressY', 'cardOffsetX', 'cardOffsetY']);
  return { address: { x: s.cardLetterAddressX, y: s.cardLetterAddressY }, offsets: { x: s.cardOffsetX, y: s.cardOffsetY } };
}

function drawNoticeLetter(doc: PDFKit.PDFDocument, letter: NoticeLetter, head: { issuer: Issuer; date: string; logo: Buffer | null }, { address, offsets }: WindowPlacement): void {
  const dx = offsets.x * MM;
  const dy = offsets.y * MM;
  // Margins on the page: a notice too long for one page goes on to the next, never off the paper.
  doc.addPage({ size: [A4.width, A4.height], margin: MARGIN });
  drawLetterhead(doc, { ...head.issuer, date: head.date, logoImage: head.logo }, MARGIN + dx, MARGIN + dy, A4.width - 2 * MARGIN);
  doc.fillColor('#000000').font('Helvetica').fontSize(10);
  doc.text(letter.address.join('\n'), address.x * MM + dx, address.y * MM + dy, { width: 85 * MM, lineGap: 1 });

  const width = A4.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(11).text(letter.subject, MARGIN + dx, BODY_TOP + dy, { width });
  const top = doc.y + 4 * MM;
  const room = A4.height - MARGIN - top;
  doc.font('Helvetica');
  const size = FONT_SIZES.find((candidate) => doc.fontSize(candidate).heightOfString(letter.body, { width, lineGap: 2 }) <= room) ?? FONT_SIZES.at(-1)!;
  doc.fontSize(size).text(letter.body, MARGIN + dx, top, { width, lineGap: 2 });
}

/** Every letter in one PDF to print, each starting on a page of its own. */
export async function renderNoticeLetters(letters: readonly NoticeLetter[], head: { issuer: Issuer; date: string; logo: Buffer | null }, placement: WindowPlacement, title: string): Promise<Buffer> {
  const doc = await newPdfDocument(title);
  shareStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  const bytes = pdfBytes(doc);
  for (const letter of letters) drawNoticeLetter(doc, letter, head, placement);
  doc.end();
  return bytes;
}
