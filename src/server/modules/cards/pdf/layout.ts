// Where cards go on paper, in PDF points. ID-1 is ISO/IEC 7810's bank-card size; an A4 sheet
// holds two columns of five, edge to edge, so one guillotine cut serves two cards.

export const MM = 72 / 25.4;
export const CARD = { width: 85.6 * MM, height: 54 * MM } as const;
export const A4 = { width: 210 * MM, height: 297 * MM } as const;
const SHEET = { columns: 2, rows: 5 } as const;
export const PER_SHEET = SHEET.columns * SHEET.rows;

export type CardLayout = 'id1' | 'a4';

export interface Offsets {
  /** Millimetres, as the settings keep them: positive moves right and down. */
  x: number;
  y: number;
}

/** Top-left corner of the sheet's grid of cards (centred on A4). */
export const sheetOrigin = (offsets: Offsets) => ({
  x: (A4.width - SHEET.columns * CARD.width) / 2 + offsets.x * MM,
  y: (A4.height - SHEET.rows * CARD.height) / 2 + offsets.y * MM,
});

/** Top-left corner of the n-th card (0-based) of a sheet. */
export function slotOf(index: number, offsets: Offsets): { x: number; y: number } {
  const origin = sheetOrigin(offsets);
  return { x: origin.x + (index % SHEET.columns) * CARD.width, y: origin.y + Math.floor(index / SHEET.columns) * CARD.height };
}

const MARK = 5 * MM;
const GAP = 1.5 * MM;

/** Crop marks outside the grid at every cut line, so cutting along them leaves no mark on a card. */
export function drawCropMarks(doc: PDFKit.PDFDocument, offsets: Offsets): void {
  const { x, y } = sheetOrigin(offsets);
  const right = x + SHEET.columns * CARD.width;
  const bottom = y + SHEET.rows * CARD.height;
  doc.save().lineWidth(0.3).strokeColor('#000000');
  for (let c = 0; c <= SHEET.columns; c += 1) {
    const cx = x + c * CARD.width;
    doc.moveTo(cx, y - GAP - MARK).lineTo(cx, y - GAP).moveTo(cx, bottom + GAP).lineTo(cx, bottom + GAP + MARK);
  }
  for (let r = 0; r <= SHEET.rows; r += 1) {
    const cy = y + r * CARD.height;
    doc.moveTo(x - GAP - MARK, cy).lineTo(x - GAP, cy).moveTo(right + GAP, cy).lineTo(right + GAP + MARK, cy);
  }
  doc.stroke().restore();
}
