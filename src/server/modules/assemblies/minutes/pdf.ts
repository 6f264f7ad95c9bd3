import { newPdfDocument, pdfBytes } from '../../../pdf/document.js';
import { drawLetterhead, type Issuer } from '../../../pdf/letterhead.js';
import { shareStandardFonts } from '../../../pdf/standard-fonts.js';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
const MARGIN = 20 * MM;
const WIDTH = A4.width - 2 * MARGIN;
// The text stops this far above the page's foot, which holds the minutes' name and page number.
const FOOT = 8 * MM;
const BODY = { font: 'Helvetica', size: 11 } as const;

export interface MinutesPage {
  issuer: Issuer;
  logoImage: Buffer | null;
  /** 'Ata n.º 3/2026'. */
  heading: string;
  /** The date the letterhead prints ('Data: 15/03/2026'). */
  date: string;
  /** The minutes' final text; a first line naming the minutes (the draft's header) is the heading, drawn once. */
  text: string;
}

/**
 * The final minutes on A4 pages: the letterhead, the heading, then the text as written, line by
 * line, flowing onto further pages; each page's foot names the minutes and the page.
 */
export async function renderMinutesPdf(page: MinutesPage): Promise<Buffer> {
  const doc = await newPdfDocument(page.heading);
  shareStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  const bytes = pdfBytes(doc);
  let pages = 0;
  // Drawn as each page opens, text flow included: where the flow stood is put back after.
  doc.on('pageAdded', () => {
    pages += 1;
    const { x, y } = doc;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#555555');
    doc.text(`${page.heading} · página ${pages}`, MARGIN, A4.height - MARGIN, { width: WIDTH, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
    doc.font(BODY.font).fontSize(BODY.size).fillColor('#000000');
    doc.x = x;
    doc.y = y;
  });
  doc.addPage({ size: [A4.width, A4.height], margins: { top: MARGIN, bottom: MARGIN + FOOT, left: MARGIN, right: MARGIN } });
  const top = drawLetterhead(doc, { ...page.issuer, date: page.date, logoImage: page.logoImage }, MARGIN, MARGIN, WIDTH);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(page.heading, MARGIN, top, { width: WIDTH });
  doc.moveDown(0.5);
  const lines = page.text.replace(/\r\n?/g, '\n').split('\n');
  if (lines[0]?.trim().startsWith('Ata n.º')) lines.shift();
  doc.font(BODY.font).fontSize(BODY.size);
  for (const line of lines) {
    if (line.trim() === '') doc.moveDown(0.6);
    else doc.text(line, MARGIN, doc.y, { width: WIDTH });
  }
  doc.end();
  return bytes;
}
