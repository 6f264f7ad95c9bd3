import { createHmac } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { serverKey } from '../../db/sealing.js';
import { readSetting } from '../../settings/read.js';
import { standingOf } from '../dues/balances.js';
import { lisbonDay } from '../dues/today.js';
import { formatCardCode, normaliseCardCode } from './codes.js';

/** What the public check answers about a card, as a client switches on it and as people read it. */
export const VERIFICATION_STATUSES = {
  valid: 'Válido',
  arrears: 'Quotas em atraso',
  superseded: 'Substituído',
  invalid: 'Inválido',
} as const;
export type VerificationStatus = keyof typeof VERIFICATION_STATUSES;

/** Why, as the log keeps it: an invalid card was revoked, expired, or its member left. */
type LoggedResult = Exclude<VerificationStatus, 'invalid'> | 'revoked' | 'expired' | 'ended' | 'not_found';

/** The RGPD minimum about a card's holder: no address, contacts, birth date or debts. */
export interface CardVerification {
  organisation: string;
  first_name: string;
  last_name: string;
  number: number | null;
  category: string | null;
  status: VerificationStatus;
  /** `status` in words: 'Válido', 'Quotas em atraso', 'Substituído', 'Inválido'. */
  state: string;
  valid_until: string;
  code: string;
}

function names(full: string): { first_name: string; last_name: string } {
  const parts = full.trim().split(/\s+/);
  return { first_name: parts[0] ?? '', last_name: parts.length > 1 ? parts.at(-1)! : '' };
}

/** The address as the log keeps it: an HMAC under a server key, so a leaked log gives no address back. */
async function addressHash(db: Db, address: string): Promise<string> {
  return createHmac('sha256', await serverKey(db, 'card_verifications')).update(address).digest('hex');
}

/** A check as staff's check-in keeps it: the public answer and which card and member it was. */
export interface CardCheck {
  verification: CardVerification;
  card: number;
  member: number;
}

/**
 * Checks a code as typed or scanned and logs the check (code, time, hashed address, result).
 * Revoked, expired and ended cards answer 'Inválido'; an active card of a member whose quotas
 * are overdue answers 'Quotas em atraso' (the ledger's standing, today in Lisbon). Unknown or
 * malformed codes: undefined.
 */
export async function verifyCard(db: Db, input: string, address: string, now: number): Promise<CardVerification | undefined> {
  return (await checkCard(db, input, address, now))?.verification;
}

/** `verifyCard` with the card's and member's ids, which the public answer never carries. */
export async function checkCard(db: Db, input: string, address: string, now: number): Promise<CardCheck | undefined> {
  const code = normaliseCardCode(input);
  const row = code
    ? await db
        .selectFrom('membership_cards as k')
        .innerJoin('members as m', 'm._id', 'k.member')
        .leftJoin('fee_categories as c', 'c._id', 'm.fee_category')
        .leftJoin('member_states as s', 's._id', 'm.state')
        .leftJoin('member_balances as b', 'b._id', 'm._id')
        .select(['k._id', 'k.member', 'k.state', 'k.valid_until', 'm.name', 'm.number', 'c.name as category', 'c.exempt', 's.marksEnd', 'b.oldest_due'])
        .where('k.code', '=', code)
        .executeTakeFirst()
    : undefined;
  let result: LoggedResult = 'not_found';
  if (row) {
    if (row.state === 'superseded') result = 'superseded';
    else if (row.state !== 'active') result = 'revoked';
    else if (Number(row.marksEnd)) result = 'ended';
    else if (standingOf({ oldest_due: row.oldest_due, exempt: Boolean(Number(row.exempt ?? 0)) }, now) === 'em_atraso') result = 'arrears';
    else if (String(row.valid_until) < lisbonDay(now)) result = 'expired';
    else result = 'valid';
  }
  await db
    .insertInto('membership_card_verifications')
    .values({ code: code ?? input.slice(0, 40), card: row ? Number(row._id) : null, at: new Date(now).toISOString(), address_hash: await addressHash(db, address), result })
    .execute();
  if (!row || !code) return undefined;
  const status: VerificationStatus = result === 'valid' || result === 'arrears' || result === 'superseded' ? result : 'invalid';
  const verification: CardVerification = {
    organisation: await readSetting(db, 'name'),
    ...names(String(row.name)),
    number: row.number === null ? null : Number(row.number),
    category: (row.category as string | null) ?? null,
    status,
    state: VERIFICATION_STATUSES[status],
    valid_until: String(row.valid_until),
    code: formatCardCode(code),
  };
  return { verification, card: Number(row._id), member: Number(row.member) };
}
