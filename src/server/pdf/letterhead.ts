// The letterhead every PDF the association sends on A4 paper carries (receipts, annulment notes,
// cover letters): who issues it (the settings' name, NIF and address) and the date it bears.
// The browser's printed pages carry the same head from the host (src/host/shell/print-letterhead.tsx).
import type { Db } from '../db/database.js';
import { findFile } from '../files/records.js';
import type { FileStore } from '../files/store.js';
import { readSettings } from '../settings/read.js';

/** Who issues a document, as the organisation's settings name it; empty text: not filled in. */
export interface Issuer {
  name: string;
  nif: string;
  address: string;
  /**
   * The logo's file (setting orgLogo) when there is one. A receipt's snapshot freezes the id,
   * and a replaced logo's file is kept, so a document drawn again shows the logo it had.
   */
  logo?: number | null;
}

export interface Letterhead extends Issuer {
  /** The date the paper bears, as printed ('12/03/2026', '12 de março de 2026'). */
  date: string;
  /** The logo's bytes (PNG or JPEG), read beforehand: drawing is synchronous. */
  logoImage?: Buffer | null;
}

/** The issuer as the settings hold it now (a receipt freezes it in its snapshot at issue). */
export async function readIssuer(db: Db): Promise<Issuer> {
  const settings = await readSettings(db, ['name', 'orgNif', 'orgAddress', 'orgLogo']);
  return { name: settings.name, nif: settings.orgNif, address: settings.orgAddress, logo: settings.orgLogo ? Number(settings.orgLogo) : null };
}

/** The logo file `id` names (setting orgLogo's text or a snapshot's number): its bytes and type, or null when there is none or it is gone. */
export async function readLogo(db: Db, files: FileStore, id: string | number | null | undefined): Promise<{ bytes: Buffer; contentType: string } | null> {
  const fileId = Number(id);
  if (id === null || id === undefined || id === '' || !Number.isSafeInteger(fileId) || fileId <= 0) return null;
  const file = await findFile(db, fileId);
  if (!file) return null;
  try {
    const stream = await files.open(file.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), contentType: file.record.contentType };
  } catch {
    // A file missing from the store leaves the letterhead without a logo, never without a receipt.
    return null;
  }
}

/** The logos of these issuers' files, by file id, for drawing several documents at once. */
export async function readLogos(db: Db, files: FileStore, issuers: readonly Issuer[]): Promise<Map<number, Buffer>> {
  const logos = new Map<number, Buffer>();
  for (const id of new Set(issuers.map((issuer) => issuer.logo).filter((id): id is number => typeof id === 'number'))) {
    const logo = await readLogo(db, files, id);
    if (logo) logos.set(id, logo.bytes);
  }
  return logos;
}

const MM = 72 / 25.4;
const WIDTH_SHARE = 0.6;
/** The logo's box at the head's left, in points: at most 18 mm high, 40 mm wide. */
const LOGO_BOX = { width: 40 * MM, height: 18 * MM };

/**
 * Draws the letterhead in the box starting at (x, y), `width` wide: the name in bold, then
 * "NIF …" and the address (each only when filled in) on the left, the date on the right of the
 * name's line, and a rule under it all. Answers the y below the rule, where the page goes on.
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, head: Letterhead, x: number, y: number, width: number): number {
  let left = width * WIDTH_SHARE;
  let textX = x;
  let logoBottom = y;
  if (head.logoImage) {
    try {
      // Fitted in its box, its own proportions kept; the name and details go on its right.
      doc.image(head.logoImage, x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
      textX = x + LOGO_BOX.width + 4 * MM;
      // Beside the logo, the details take what the date on the right leaves: a long name still fits on a line.
      const dateWidth = doc.font('Helvetica').fontSize(9).widthOfString(head.date);
      left = x + width - textX - dateWidth - 4 * MM;
      logoBottom = y + LOGO_BOX.height;
    } catch {
      // An image pdfkit cannot read is left out: the document is issued without it.
    }
  }
  doc.fillColor('#000000').font('Helvetica').fontSize(9).text(head.date, x + width * WIDTH_SHARE, y + 2, { width: width - width * WIDTH_SHARE, align: 'right', lineBreak: false });
  doc.fillColor('#1f4e79').font('Helvetica-Bold').fontSize(13).text(head.name || 'Associação', textX, y, { width: left });
  doc.fillColor('#000000').font('Helvetica').fontSize(9);
  if (head.nif) doc.text(`NIF ${head.nif}`, textX, doc.y + 1, { width: left });
  if (head.address) doc.text(head.address, textX, doc.y, { width: left });
  const rule = Math.max(doc.y, logoBottom) + 2 * MM;
  doc.save().moveTo(x, rule).lineTo(x + width, rule).lineWidth(0.5).strokeColor('#1f4e79').stroke().restore();
  return rule + 4 * MM;
}
