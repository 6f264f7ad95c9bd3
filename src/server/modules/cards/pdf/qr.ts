import QRCode from 'qrcode';

/** A number as pdfkit writes it into a content stream (PDFObject.number): the same bytes as doc.rect would write. */
const pdfNumber = (n: number): number => Math.round(n * 1e6) / 1e6;

/**
 * Draws a QR code as vector squares (one path, filled once) with its top-left corner at (x, y)
 * and `size` points wide, quiet zone included: sharp at any printer resolution, and a thousand
 * cards stay small and fast, unlike an embedded image per card. The path's rectangles go into
 * the page as one piece of content: doc.rect per run made a string and a buffer each (about 300
 * a card), most of a print run's garbage.
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  const path: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      // A run of dark modules in a row is one rectangle: fewer path operations, no hairline seams.
      let end = col;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end += 1;
      path.push(`${pdfNumber(x + (col + quiet) * cell)} ${pdfNumber(y + (row + quiet) * cell)} ${pdfNumber((end - col + 1) * cell)} ${pdfNumber(cell)} re`);
      col = end;
    }
  }
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  if (path.length > 0) doc.addContent(path.join('\n'));
  doc.fill('#000000');
  doc.restore();
}
