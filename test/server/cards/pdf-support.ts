import jsQR from 'jsqr';
import * as mupdf from 'mupdf';

export interface PdfPage {
  /** The page's text, runs of white space (line breaks of a wrapped name) as one space. */
  text: string;
  /** The first QR code found on the page, decoded. */
  qr: string | null;
}

/**
 * Reads a PDF as a person would: MuPDF (WASM, a real renderer) extracts each page's text and
 * rasterises it at about 290 dpi; jsQR decodes the first QR code in the image.
 */
export function readPdf(bytes: Buffer, pageIndex = 0): PdfPage {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  const page = document.loadPage(pageIndex);
  const text = page.toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
  const pixmap = page.toPixmap(mupdf.Matrix.scale(4, 4), mupdf.ColorSpace.DeviceRGB, true);
  const decoded = jsQR(new Uint8ClampedArray(pixmap.getPixels()), pixmap.getWidth(), pixmap.getHeight());
  return { text, qr: decoded?.data ?? null };
}

export const pageCount = (bytes: Buffer): number => mupdf.Document.openDocument(bytes, 'application/pdf').countPages();

/** Page size in millimetres. */
export function pageSizeMm(bytes: Buffer, pageIndex = 0): { width: number; height: number } {
  const [x0, y0, x1, y1] = mupdf.Document.openDocument(bytes, 'application/pdf').loadPage(pageIndex).getBounds();
  return { width: Math.round(((x1 - x0) * 25.4 * 10) / 72) / 10, height: Math.round(((y1 - y0) * 25.4 * 10) / 72) / 10 };
}
