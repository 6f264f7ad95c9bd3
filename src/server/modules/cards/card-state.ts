import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { owedSql } from '../dues/public.js';
import { lisbonDay } from '../../../core/days.js';

/**
 * What a card is worth today, in the words staff, the member and the public page all read. Only
 * 'active', 'superseded' and 'revoked' are stored (each written by the action that does it);
 * the rest is judged when read, from the card's valid-until, the member's state and the ledger.
 */
export const CARD_STANDINGS = {
  valid: 'Válido',
  arrears: 'Quotas em atraso',
  expired: 'Expirado',
  superseded: 'Substituído',
  revoked: 'Revogado',
  ended: 'Inválido',
} as const;
export type CardStanding = keyof typeof CARD_STANDINGS;

/** A card's own facts and its member's, as `cardFacts` reads them. */
export interface CardFacts {
  id: number;
  member: number;
  state: string;
  valid_until: string;
  /** The member's state marks the end of membership (left, excluded, deceased). */
  ended: boolean;
  /** The member owes a debt today under the ledger's one rule (owed.ts): the standing's em atraso. */
  owes: boolean;
}

/** The card's valid-until is behind `today` (a Lisbon day): printed on it, so the card shows it as past. */
export const pastValidity = (card: Pick<CardFacts, 'valid_until'>, today: string): boolean => card.valid_until < today;

/**
 * The card's standing on `today`: a superseded or revoked card is that whatever else holds; a
 * current card of a member who left is invalid; then a member in arrears (standing's rule, so a
 * quota not yet due changes nothing) before a card past its validity; else valid.
 */
export function cardStandingOf(card: Omit<CardFacts, 'id' | 'member'>, today: string): CardStanding {
  if (card.state === 'superseded') return 'superseded';
  if (card.state !== 'active') return 'revoked';
  if (card.ended) return 'ended';
  if (card.owes) return 'arrears';
  if (pastValidity(card, today)) return 'expired';
  return 'valid';
}

/** The card's facts for the Lisbon day of `now`, found by its id or its (normalised) code; undefined if none. */
export async function cardFacts(db: Db, key: { id: number } | { code: string }, now: number): Promise<(CardFacts & { name: string; number: number | null; category: string | null }) | undefined> {
  const today = lisbonDay(now);
  let query = db
    .selectFrom('membership_cards as k')
    .innerJoin('members as m', 'm._id', 'k.member')
    .leftJoin('fee_categories as c', 'c._id', 'm.fee_category')
    .leftJoin('member_states as s', 's._id', 'm.state')
    .select(['k._id', 'k.member', 'k.state', 'k.valid_until', 'm.name', 'm.number', 'c.name as category', 's.marksEnd'])
    // Served by the debts' (member, status, due_date) index: one seek per card.
    .select(sql<number>`CASE WHEN EXISTS (SELECT 1 FROM unsettled_payments d WHERE d.member = k.member AND ${owedSql(today, 'd')}) THEN 1 ELSE 0 END`.as('owes'));
  query = 'id' in key ? query.where('k._id', '=', key.id) : query.where('k.code', '=', key.code);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row._id,
    member: row.member,
    state: row.state,
    valid_until: row.valid_until,
    ended: Boolean(row.marksEnd ?? 0),
    owes: Boolean(row.owes),
    name: row.name,
    number: row.number === null ? null : row.number,
    category: (row.category) ?? null,
  };
}
