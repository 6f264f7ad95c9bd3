import { CARD, MM } from './layout.js';
import { drawQr } from './qr.js';

/** Everything printed on one card, already in words. */
export interface CardFace {
  organisation: string;
  /** The terminology's card title: 'Cartão de Sócio', 'Cartão de Cooperador'. */
  title: string;
  name: string;
  number: string;
  category: string;
  /** 'Sócio desde' in the terminology's words, and the date, e.g. 'Sócio desde 01/03/2019'. */
  since: string;
  validUntil: string;
  /** The code as printed (XXXX-XXXX-XXXXX) and the verification address the QR holds. */
  code: string;
  url: string;
  /** The member's photo (JPEG), cut to the frame; without one the frame says 'Fotografia'. */
  photo?: Buffer;
}

const PAD = 3.5 * MM;
const PHOTO = { width: 20 * MM, height: 25 * MM };
const QR = 26 * MM;

/** Draws one card with its top-left corner at (x, y): header, photo (or its placeholder), details, QR with the code under it. */
export function drawCard(doc: PDFKit.PDFDocument, face: CardFace, x: number, y: number): void {
  doc.save();
  doc.roundedRect(x + 0.5, y + 0.5, CARD.width - 1, CARD.height - 1, 3 * MM).lineWidth(0.4).strokeColor('#b0b0b0').stroke();
  doc.rect(x, y, CARD.width, 11 * MM).clip();
  doc.roundedRect(x + 0.5, y + 0.5, CARD.width - 1, CARD.height, 3 * MM).fill('#1f4e79');
  doc.restore();

  const inner = CARD.width - 2 * PAD;
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(8).text(face.organisation, x + PAD, y + 2.2 * MM, { width: inner, height: 10, lineBreak: false, ellipsis: true });
  doc.font('Helvetica').fontSize(6.5).text(face.title, x + PAD, y + 6.2 * MM, { width: inner, lineBreak: false });

  const top = y + 16 * MM;
  if (face.photo) {
    doc.save();
    doc.rect(x + PAD, top, PHOTO.width, PHOTO.height).clip();
    doc.image(face.photo, x + PAD, top, { cover: [PHOTO.width, PHOTO.height], align: 'center', valign: 'center' });
    doc.restore();
  } else {
    doc.save();
    doc.rect(x + PAD, top, PHOTO.width, PHOTO.height).lineWidth(0.4).dash(1.5, { space: 1.5 }).strokeColor('#8a8a8a').stroke();
    doc.restore();
    doc.fillColor('#8a8a8a').font('Helvetica').fontSize(5.5).text('Fotografia', x + PAD, top + PHOTO.height / 2 - 3, { width: PHOTO.width, align: 'center' });
  }

  const textX = x + PAD + PHOTO.width + 2.5 * MM;
  const textWidth = CARD.width - PAD - QR - (textX - x) - 1.5 * MM;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(8).text(face.name, textX, top, { width: textWidth, height: 21, ellipsis: true });
  doc.font('Helvetica').fontSize(7);
  const lines = [`N.º ${face.number}`, face.category, face.since, `Válido até ${face.validUntil}`];
  let lineY = top + 9.5 * MM;
  for (const line of lines) {
    doc.text(line, textX, lineY, { width: textWidth, lineBreak: false, ellipsis: true });
    lineY += 3.7 * MM;
  }

  const qrX = x + CARD.width - PAD - QR;
  drawQr(doc, face.url, qrX, top - 1 * MM, QR);
  doc.fillColor('#000000').font('Courier').fontSize(6).text(face.code, qrX - 3 * MM, top + QR - 0.5 * MM, { width: QR + 6 * MM, align: 'center', lineBreak: false });
}
