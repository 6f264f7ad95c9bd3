// Who a bulk message by purpose reaches: the members chosen (ids, or the members list's filters),
// less those in an ending state, those a consent purpose has no yes from, and those with no
// address to write to (messageRecipients: a minor through their guardian).
import { LIST_ALL } from '../../../../core/contract.js';
import type { Database, Db } from '../../../db/database.js';
import { badRequest } from '../../../errors.js';
import { parseListParams } from '../../../resources/list-params.js';
import { matchingIds } from '../../../resources/list-query.js';
import { members, messageRecipients, type MessageRecipient } from '../../members/public.js';
import { asksConsent } from './register.js';
import type { PurposeRow } from './purposes.js';

/** The members a message goes to: named one by one, or the members list's query (`_state=2&_search=ana`); neither is every member. */
export interface BroadcastSelection {
  ids: number[] | null;
  query: string | null;
}

export interface LeftOut {
  /** The purpose asks consent and the member gave none (or withdrew it). */
  no_consent: number;
  /** No e-mail to write to (nor a guardian's, for a minor). */
  no_email: number;
  /** In a state that ends membership (desistente, falecido...). */
  ended: number;
}

export interface Audience {
  /** Members chosen, before anyone is left out. */
  chosen: number;
  recipients: MessageRecipient[];
  leftOut: LeftOut;
}

/** Ids a request may name one by one; more are chosen by the list's filters. */
const MAX_IDS = 10_000;
/** Both engines cap a statement's parameters: lists of ids go in slices. */
const SLICE = 5000;

export function selectionOf(body: Readonly<Record<string, unknown>>): BroadcastSelection {
  const { ids, query } = body;
  if (ids !== undefined && ids !== null && query !== undefined && query !== null) throw badRequest('Escolha os sócios por "ids" (uma lista) ou por "query" (os filtros da lista de sócios), não pelos dois.');
  if (query !== undefined && query !== null && typeof query !== 'string') throw badRequest('"query" deve ser texto: os filtros da lista de sócios, como no seu endereço.');
  if (ids === undefined || ids === null) return { ids: null, query: typeof query === 'string' ? query : null };
  if (!Array.isArray(ids) || ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) throw badRequest('"ids" deve ser uma lista de identificadores de sócios (números inteiros positivos).');
  if (ids.length === 0) throw badRequest('Escolha pelo menos um sócio.');
  if (ids.length > MAX_IDS) throw badRequest(`Escolha no máximo ${MAX_IDS} sócios pela lista de identificadores, ou use os filtros ("query").`);
  return { ids: [...new Set(ids as number[])].sort((a, b) => a - b), query: null };
}

/** The chosen members' ids that exist, in id order. */
async function chosenIds(database: Database, selection: BroadcastSelection, now: number): Promise<number[]> {
  if (selection.ids) {
    const found: number[] = [];
    for (let start = 0; start < selection.ids.length; start += SLICE) {
      const rows = await database.db.selectFrom('members').select('_id').where('_id', 'in', selection.ids.slice(start, start + SLICE)).execute();
      found.push(...rows.map((row) => Number(row._id)));
    }
    return found.sort((a, b) => a - b);
  }
  const params = new URLSearchParams(selection.query ?? '');
  const parsed: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    parsed[key] = values.length === 1 ? values[0]! : values;
  }
  return matchingIds(database, members, parseListParams(members, { ...parsed, _limit: String(LIST_ALL), _page: '1' }, now));
}

async function inSlices(ids: readonly number[], read: (slice: number[]) => Promise<number[]>): Promise<Set<number>> {
  const found = new Set<number>();
  for (let start = 0; start < ids.length; start += SLICE) for (const id of await read(ids.slice(start, start + SLICE))) found.add(id);
  return found;
}

const endedOf = (db: Db, ids: number[]) =>
  db
    .selectFrom('members as m')
    .innerJoin('member_states as st', 'st._id', 'm.state')
    .select('m._id')
    .where('st.marksEnd', '=', 1)
    .where('m._id', 'in', ids)
    .execute()
    .then((rows) => rows.map((row) => Number(row._id)));

const consentingOf = (db: Db, purpose: number, ids: number[]) =>
  db
    .selectFrom('consents')
    .select('member')
    .where('purpose', '=', purpose)
    .where('state', '=', 'granted')
    .where('member', 'in', ids)
    .execute()
    .then((rows) => rows.map((row) => Number(row.member)));

/**
 * The audience as it stands now, read in `database.db` (the request's transaction or the job's
 * step): every chosen member is either a recipient or counted once under why they were left out,
 * in this order: ending state, no consent, no e-mail.
 */
export async function audienceOf(database: Database, selection: BroadcastSelection, purpose: PurposeRow, now: number): Promise<Audience> {
  const { db } = database;
  const chosen = await chosenIds(database, selection, now);
  const ended = await inSlices(chosen, (slice) => endedOf(db, slice));
  const living = chosen.filter((id) => !ended.has(id));
  const consenting = asksConsent(purpose) ? await inSlices(living, (slice) => consentingOf(db, Number(purpose._id), slice)) : null;
  const reachable = consenting ? living.filter((id) => consenting.has(id)) : living;
  const addresses = await messageRecipients(db, reachable, now);
  const recipients = reachable.map((id) => addresses.get(id)).filter((r): r is MessageRecipient => Boolean(r?.email));
  return {
    chosen: chosen.length,
    recipients,
    leftOut: { ended: ended.size, no_consent: living.length - reachable.length, no_email: reachable.length - recipients.length },
  };
}
