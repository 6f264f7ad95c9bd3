import type { Db, Row } from '../../db/database.js';
import { invalidRecord } from '../../errors.js';
import { readIssuer } from '../../pdf/letterhead.js';
import { readSetting } from '../../settings/read.js';
import { cardFaces, printSettings } from './faces.js';
import { fillTemplate } from './letter-template.js';
import { contractBeforePlaceholder } from '../../../core/organisation-name.js';
import { readOrganisationName } from '../../settings/organisation-name.js';
import type { LetterFace, LetterPlacement } from './pdf/letter.js';

const LONG_DATE = new Intl.DateTimeFormat('pt-PT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Lisbon' });
const list = (items: readonly string[]) => (items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} e ${items.at(-1)!}`);

/** What a window envelope needs that a member lacks, in pt-PT. */
function missingAddress(member: Row): string[] {
  return [
    ...(String(member.address ?? '').trim() ? [] : ['morada']),
    ...(String(member.postal_code ?? '').trim() ? [] : ['código postal']),
    ...(String(member.locality ?? '').trim() ? [] : ['localidade']),
  ];
}

/** Where the letter's parts go: the settings' window position and the printer's shift. */
export async function letterPlacement(db: Db): Promise<LetterPlacement> {
  const { offsets } = await printSettings(db);
  return { address: { x: await readSetting(db, 'cardLetterAddressX'), y: await readSetting(db, 'cardLetterAddressY') }, offsets };
}

/**
 * The cover letters of these cards, in order. A member without a full postal address cannot get
 * a letter: a 422 names them (up to five) and what each lacks.
 */
export async function letterFaces(db: Db, cards: readonly Row[], publicUrl: string, now: number): Promise<LetterFace[]> {
  const faces = await cardFaces(db, cards, publicUrl);
  const ids = [...new Set(cards.map((card) => Number(card.member)))];
  const people = new Map<number, Row>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('members as m')
      .leftJoin('countries as c', 'c._id', 'm.country')
      .select(['m._id', 'm.name', 'm.address', 'm.postal_code', 'm.locality', 'c.name as country', 'c.code as country_code'])
      .where('m._id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) people.set(row._id, row);
  }
  const lacking = ids.map((id) => people.get(id)!).filter((person) => missingAddress(person).length > 0);
  if (lacking.length > 0) {
    const named = lacking.slice(0, 5).map((person) => `${String(person.name)} (falta ${list(missingAddress(person))})`);
    const more = lacking.length > 5 ? ` e mais ${lacking.length - 5}` : '';
    throw invalidRecord({ member: `Não é possível preparar a carta sem a morada completa: ${named.join('; ')}${more}.` });
  }
  const template = contractBeforePlaceholder(await readSetting(db, 'cardLetterTemplate'), 'organizacao', (await readOrganisationName(db)).article);
  const issuer = await readIssuer(db);
  const date = LONG_DATE.format(new Date(now));
  return cards.map((card, index) => {
    const face = faces[index]!;
    const person = people.get(Number(card.member))!;
    const abroad = person.country_code && person.country_code !== 'PT' ? [String(person.country)] : [];
    return {
      issuer,
      address: [String(person.name), String(person.address), `${String(person.postal_code)} ${String(person.locality)}`, ...abroad],
      date,
      body: fillTemplate(template, {
        nome: face.name,
        primeiro_nome: face.name.trim().split(/\s+/)[0] ?? '',
        numero: face.number,
        organizacao: face.organisation,
        cartao: face.title,
        valido_ate: face.validUntil,
        codigo: face.code,
      }),
      card: face,
    };
  });
}
