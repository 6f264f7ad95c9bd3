import QRCode from 'qrcode';

/**
 * Draws a QR code as vector squares (one path, filled once) with its top-left corner at (x, y)
 * and `size` points wide, quiet zone included: sharp at any printer resolution, and a thousand
 * cards stay small and fast, unlike an embedded image per card.
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      // A run of dark modules in a row is one rectangle: fewer path operations, no hairline seams.
      let end = col;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end += 1;
      doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, (end - col + 1) * cell, cell);
      col = end;
    }
  }
  doc.fill('#000000');
  doc.restore();
}
