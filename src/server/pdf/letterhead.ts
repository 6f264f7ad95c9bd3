// The letterhead every PDF the association sends on A4 paper carries (receipts, annulment notes,
// cover letters): who issues it (the settings' name, NIF and address) and the date it bears.
// The browser's printed pages carry the same head from the host (src/host/shell/print-letterhead.tsx).
import type { Db } from '../db/database.js';
import { readSettings } from '../settings/read.js';

/** Who issues a document, as the organisation's settings name it; empty text: not filled in. */
export interface Issuer {
  name: string;
  nif: string;
  address: string;
}

export interface Letterhead extends Issuer {
  /** The date the paper bears, as printed ('12/03/2026', '12 de março de 2026'). */
  date: string;
}

/** The issuer as the settings hold it now (a receipt freezes it in its snapshot at issue). */
export async function readIssuer(db: Db): Promise<Issuer> {
  const settings = await readSettings(db, ['name', 'orgNif', 'orgAddress']);
  return { name: settings.name, nif: settings.orgNif, address: settings.orgAddress };
}

const MM = 72 / 25.4;
const WIDTH_SHARE = 0.6;

/**
 * Draws the letterhead in the box starting at (x, y), `width` wide: the name in bold, then
 * "NIF …" and the address (each only when filled in) on the left, the date on the right of the
 * name's line, and a rule under it all. Answers the y below the rule, where the page goes on.
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, head: Letterhead, x: number, y: number, width: number): number {
  const left = width * WIDTH_SHARE;
  doc.fillColor('#000000').font('Helvetica').fontSize(9).text(head.date, x + left, y + 2, { width: width - left, align: 'right', lineBreak: false });
  doc.fillColor('#1f4e79').font('Helvetica-Bold').fontSize(13).text(head.name || 'Associação', x, y, { width: left });
  doc.fillColor('#000000').font('Helvetica').fontSize(9);
  if (head.nif) doc.text(`NIF ${head.nif}`, x, doc.y + 1, { width: left });
  if (head.address) doc.text(head.address, x, doc.y, { width: left });
  const rule = doc.y + 2 * MM;
  doc.save().moveTo(x, rule).lineTo(x + width, rule).lineWidth(0.5).strokeColor('#1f4e79').stroke().restore();
  return rule + 4 * MM;
}
