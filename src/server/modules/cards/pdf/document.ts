import { newPdfDocument, pdfBytes } from '../../../pdf/document.js';
import { drawCard, type CardFace } from './card-face.js';
import { A4, CARD, drawCropMarks, MM, PER_SHEET, sheetOrigin, slotOf, type CardLayout, type Offsets } from './layout.js';
import { drawLetter, type LetterFace, type LetterPlacement } from './letter.js';

export interface CardsPdf {
  faces: readonly CardFace[];
  layout: CardLayout;
  offsets: Offsets;
  /** Document title (PDF metadata). */
  title: string;
  /** Called after each card is drawn (a job's progress bar, a pause between slices). */
  onCard?: (done: number) => Promise<void> | void;
}

/** Draws the cards into `doc`, one per ID-1 page (card printers) or ten per A4 sheet with crop marks. */
export async function drawCards(doc: PDFKit.PDFDocument, { faces, layout, offsets, onCard }: Omit<CardsPdf, 'title'>): Promise<void> {
  for (const [index, face] of faces.entries()) {
    if (layout === 'id1') {
      doc.addPage({ size: [CARD.width, CARD.height], margin: 0 });
      drawCard(doc, face, offsets.x * MM, offsets.y * MM);
    } else {
      const slot = index % PER_SHEET;
      if (slot === 0) {
        doc.addPage({ size: [A4.width, A4.height], margin: 0 });
        drawCropMarks(doc, offsets);
      }
      const { x, y } = slotOf(slot, offsets);
      drawCard(doc, face, x, y);
    }
    await onCard?.(index + 1);
  }
}

/** The cards' PDF as bytes (one card's file; many go through print.ts, streamed to the file store). */
export async function renderCards(pdf: CardsPdf): Promise<Buffer> {
  const doc = await newPdfDocument(pdf.title);
  const bytes = pdfBytes(doc);
  await drawCards(doc, pdf);
  doc.end();
  return bytes;
}

/** Draws cover letters into `doc`, one A4 page each with its card at the foot (so a letter never travels without its card). */
export async function drawLetters(doc: PDFKit.PDFDocument, letters: readonly LetterFace[], placement: LetterPlacement, onLetter?: (done: number) => Promise<void> | void, logos: ReadonlyMap<number, Buffer> = new Map()): Promise<void> {
  for (const [index, letter] of letters.entries()) {
    drawLetter(doc, letter, placement, logos);
    await onLetter?.(index + 1);
  }
}

/** Cover letters as bytes (one card's letter). */
export async function renderLetters(letters: readonly LetterFace[], placement: LetterPlacement, onLetter?: (done: number) => Promise<void> | void, logos: ReadonlyMap<number, Buffer> = new Map()): Promise<Buffer> {
  const doc = await newPdfDocument(letters[0]?.card.title ?? 'Cartas');
  const bytes = pdfBytes(doc);
  await drawLetters(doc, letters, placement, onLetter, logos);
  doc.end();
  return bytes;
}

/**
 * A test page: the card outlines where the settings put them, a 10 mm scale and the steps to
 * measure how far the printer shifts them; the margins found go into the offset settings.
 */
export async function renderCalibration(layout: CardLayout, offsets: Offsets): Promise<Buffer> {
  const doc = await newPdfDocument('Calibração da impressão de cartões');
  const bytes = pdfBytes(doc);
  const page = layout === 'id1' ? { width: CARD.width, height: CARD.height } : A4;
  doc.addPage({ size: [page.width, page.height], margin: 0 });
  doc.lineWidth(0.3).strokeColor('#000000');
  if (layout === 'id1') {
    doc.rect(offsets.x * MM + 2 * MM, offsets.y * MM + 2 * MM, CARD.width - 4 * MM, CARD.height - 4 * MM).stroke();
    doc.fontSize(6).font('Helvetica').text('O contorno deve ficar a 2 mm de cada aresta do cartão.', offsets.x * MM + 4 * MM, offsets.y * MM + 20 * MM, { width: CARD.width - 8 * MM, align: 'center' });
  } else {
    for (let slot = 0; slot < PER_SHEET; slot += 1) {
      const { x, y } = slotOf(slot, offsets);
      doc.rect(x, y, CARD.width, CARD.height).stroke();
    }
    drawCropMarks(doc, offsets);
    const origin = sheetOrigin(offsets);
    doc.moveTo(origin.x, origin.y + 10 * MM).lineTo(origin.x + 10 * MM, origin.y + 10 * MM).stroke();
    doc.fontSize(7.5).font('Helvetica').fillColor('#000000').text(
      'Página de calibração. Imprima a 100% (sem "ajustar à página"). O traço acima mede 10 mm. ' +
        `O primeiro cartão deve começar a ${((A4.width - 2 * CARD.width) / 2 / MM).toFixed(1).replace('.', ',')} mm da margem esquerda ` +
        `e a ${((A4.height - 5 * CARD.height) / 2 / MM).toFixed(1).replace('.', ',')} mm do topo da folha. ` +
        'Meça a diferença e indique-a nos acertos horizontal e vertical da configuração dos cartões (positivo: para a direita e para baixo).',
      origin.x + 4 * MM,
      origin.y + 14 * MM,
      // Inside the first card's outline, clear of the cut lines.
      { width: CARD.width - 8 * MM },
    );
  }
  doc.end();
  return bytes;
}
