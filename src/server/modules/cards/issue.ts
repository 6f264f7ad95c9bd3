import { sql } from 'kysely';
import type { Db, Row } from '../../db/database.js';
import { invalidRecord } from '../../errors.js';
import { lisbonDay } from '../../../core/days.js';
import { newCardCode } from './codes.js';
import { cardValidity, type Validity } from './validity.js';

/** What a card shows of its member, read in one query (the PDF and the checks use the same). */
async function cardMember(db: Db, member: number): Promise<Row | undefined> {
  return db
    .selectFrom('members as m')
    .leftJoin('fee_categories as c', 'c._id', 'm.fee_category')
    .leftJoin('member_states as s', 's._id', 'm.state')
    .select(['m._id', 'm.name', 'm.number', 'm.admission_date', 'm.fee_category', 'c.name as category', 'c.exempt', 's.marksEnd'])
    .where('m._id', '=', member)
    .executeTakeFirst();
}

/** The pt-PT names of what a member lacks for a card, in the order the card shows them. */
function missingData(member: Row): string[] {
  const missing: string[] = [];
  if (!String(member.name ?? '').trim()) missing.push('nome');
  if (member.number === null || member.number === undefined) missing.push('número de sócio');
  if (!member.admission_date) missing.push('data de admissão');
  if (member.fee_category === null || member.fee_category === undefined) missing.push('categoria de quota');
  return missing;
}

const list = (items: readonly string[]) => (items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} e ${items.at(-1)!}`);

export interface IssueCard {
  member: number;
  /** The account issuing it (null: the server, e.g. demo data). */
  by: number | null;
  now: number;
  /** A validity the caller decided instead of the association's rule (a newcomer's first card: validity.ts newcomerValidity). */
  validity?: Validity;
}

/**
 * Issues a member's card, inside the caller's transaction: the current card (if any) becomes
 * superseded, so its code answers 'Substituído' from now on, and a new code is made. A member
 * lacking what a card shows, or who left, gets a 422 naming what is missing and nothing changes.
 */
export async function issueCard(db: Db, { member, by, now, validity: given }: IssueCard): Promise<Row> {
  const person = await cardMember(db, member);
  if (!person) throw invalidRecord({ member: 'Escolha um sócio existente.' });
  if (Number(person.marksEnd)) throw invalidRecord({ member: `${String(person.name)} já não é sócio (o seu estado marca o fim da inscrição): não lhe pode ser emitido um cartão.` });
  const missing = missingData(person);
  const validity = missing.length === 0 ? (given ?? (await cardValidity(db, member, Boolean(Number(person.exempt)), now))) : null;
  if (validity && 'missing' in validity) missing.push(validity.missing);
  if (missing.length > 0 || !validity || 'missing' in validity) {
    throw invalidRecord({ member: `Não é possível emitir o cartão de ${String(person.name)}: falta ${list(missing)}.` });
  }
  const stamp = new Date(now).toISOString();
  await db
    .updateTable('membership_cards')
    .set({ state: 'superseded', superseded_at: stamp, updated_at: stamp, _version: sql`_version + 1` })
    .where('member', '=', member)
    .where('state', '=', 'active')
    .execute();
  return db
    .insertInto('membership_cards')
    .values({
      member,
      code: newCardCode(),
      state: 'active',
      issued_at: lisbonDay(now),
      valid_until: validity.until,
      issued_by: by,
      created_at: stamp,
      updated_at: stamp,
      _version: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
