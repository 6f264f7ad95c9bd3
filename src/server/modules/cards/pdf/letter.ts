import { drawLetterhead, type Issuer } from '../../../pdf/letterhead.js';
import { drawCard, type CardFace } from './card-face.js';
import { A4, CARD, MM, type Offsets } from './layout.js';

/** One cover letter: who it goes to, what it says, and the card printed at its foot. */
export interface LetterFace {
  /** The letterhead's issuer: the organisation's name, NIF, address and logo's file. */
  issuer: Issuer;
  /** Name, street, postal code and locality, country when abroad. */
  address: readonly string[];
  /** '26 de novembro de 2026'. */
  date: string;
  body: string;
  card: CardFace;
}

export interface LetterPlacement {
  /** Top-left of the address block, mm from the sheet's edges (the envelope's window). */
  address: Offsets;
  /** The printer's shift, as for cards. */
  offsets: Offsets;
}

const MARGIN = 20 * MM;
const MARK = 4 * MM;

/** Draws a letter on a new A4 page: letterhead (sender and date), address in the window, text, and the card with corner marks to cut it out. */
export function drawLetter(doc: PDFKit.PDFDocument, letter: LetterFace, { address, offsets }: LetterPlacement, logos: ReadonlyMap<number, Buffer> = new Map()): void {
  doc.addPage({ size: [A4.width, A4.height], margin: 0 });
  const dx = offsets.x * MM;
  const dy = offsets.y * MM;
  drawLetterhead(doc, { ...letter.issuer, date: letter.date, logoImage: letter.issuer.logo ? logos.get(letter.issuer.logo) : null }, MARGIN + dx, MARGIN + dy, A4.width - 2 * MARGIN);

  doc.fillColor('#000000').font('Helvetica').fontSize(10);
  doc.text(letter.address.join('\n'), address.x * MM + dx, address.y * MM + dy, { width: 85 * MM, lineGap: 1 });
  doc.text(letter.body, MARGIN + dx, 108 * MM + dy, { width: A4.width - 2 * MARGIN, lineGap: 2, height: 105 * MM });

  const x = (A4.width - CARD.width) / 2 + dx;
  const y = A4.height - CARD.height - 18 * MM + dy;
  drawCard(doc, letter.card, x, y);
  doc.save().lineWidth(0.3).strokeColor('#000000');
  for (const [cx, cy, sx, sy] of [[x, y, -1, -1], [x + CARD.width, y, 1, -1], [x, y + CARD.height, -1, 1], [x + CARD.width, y + CARD.height, 1, 1]] as const) {
    doc.moveTo(cx + sx * 1.5 * MM, cy).lineTo(cx + sx * (1.5 * MM + MARK), cy).moveTo(cx, cy + sy * 1.5 * MM).lineTo(cx, cy + sy * (1.5 * MM + MARK));
  }
  doc.stroke().restore();
}
