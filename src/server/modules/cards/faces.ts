import type { Db, Row } from '../../db/database.js';
import type { FileStore } from '../../files/store.js';
import { readTerminology } from '../../resources/terminology.js';
import { readSetting, readSettings } from '../../settings/read.js';
import { memberPhotoThumbs } from '../member-files/public.js';
import { formatCardCode } from './codes.js';
import type { CardFace } from './pdf/card-face.js';
import type { CardLayout, Offsets } from './pdf/layout.js';

/** Where a card's QR leads: the public verification page of the host. */
const verificationUrl = (publicUrl: string, code: string): string => `${publicUrl}/v/${code}`;

const ptDate = (day: unknown): string => {
  const [y, m, d] = String(day).split('-');
  return `${d}/${m}/${y}`;
};

/** How cards are printed now: the settings' layout and offsets. */
export async function printSettings(db: Db): Promise<{ layout: CardLayout; offsets: Offsets }> {
  const settings = await readSettings(db, ['cardLayout', 'cardOffsetX', 'cardOffsetY']);
  return { layout: settings.cardLayout === 'id1' ? 'id1' : 'a4', offsets: { x: settings.cardOffsetX, y: settings.cardOffsetY } };
}

/** The organisation's words for a card, read once per document. */
async function cardWording(db: Db): Promise<{ organisation: string; title: string; memberSingular: string }> {
  const terminology = await readTerminology(db);
  const organisation = await readSetting(db, 'name');
  return { organisation: organisation || terminology.name, title: `Cartão de ${terminology.memberSingular}`, memberSingular: terminology.memberSingular };
}

/**
 * The faces of these cards (rows of membership_cards), in the order given. With `dataDir` (where
 * files are kept), each member's current photo too; without it, the photo's place stays empty.
 */
export async function cardFaces(db: Db, cards: readonly Row[], publicUrl: string, files?: FileStore): Promise<CardFace[]> {
  if (cards.length === 0) return [];
  const wording = await cardWording(db);
  const members = new Map<number, Row>();
  const ids = [...new Set(cards.map((card) => Number(card.member)))];
  // In chunks: a thousand cards must not become one statement with a thousand parameters too many.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('members as m')
      .leftJoin('fee_categories as c', 'c._id', 'm.fee_category')
      .select(['m._id', 'm.name', 'm.number', 'm.admission_date', 'c.name as category'])
      .where('m._id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) members.set(row._id, row);
  }
  const photos = files ? await memberPhotoThumbs(db, files, ids) : new Map<number, Buffer>();
  return cards.map((card) => {
    const member = members.get(Number(card.member)) ?? {};
    const photo = photos.get(Number(card.member));
    return {
      ...(photo ? { photo } : {}),
      organisation: wording.organisation,
      title: wording.title,
      name: String(member.name ?? ''),
      number: String(member.number ?? ''),
      category: String(member.category ?? ''),
      since: `${wording.memberSingular} desde ${member.admission_date ? ptDate(member.admission_date) : '—'}`,
      validUntil: ptDate(card.valid_until),
      code: formatCardCode(String(card.code)),
      url: verificationUrl(publicUrl, String(card.code)),
    };
  });
}
