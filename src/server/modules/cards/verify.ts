import { createHmac } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { serverKey } from '../../db/sealing.js';
import { readSetting } from '../../settings/read.js';
import { lisbonDay } from '../../../core/days.js';
import { cardFacts, cardStandingOf, pastValidity, type CardStanding } from './card-state.js';
import { formatCardCode, normaliseCardCode } from './codes.js';

/** What the public check answers about a card, as a client switches on it and as people read it. */
export const VERIFICATION_STATUSES = {
  valid: 'Válido',
  arrears: 'Quotas em atraso',
  expired: 'Expirado',
  superseded: 'Substituído',
  invalid: 'Inválido',
} as const;
export type VerificationStatus = keyof typeof VERIFICATION_STATUSES;

/** Why, as the log keeps it: an invalid card was revoked or its member left. */
type LoggedResult = Exclude<VerificationStatus, 'invalid'> | 'revoked' | 'ended' | 'not_found';

/** The public word for a standing: a revoked card and a member who left are both 'Inválido', and say no more. */
const PUBLIC_STATUS: Record<CardStanding, VerificationStatus> = { valid: 'valid', arrears: 'arrears', expired: 'expired', superseded: 'superseded', revoked: 'invalid', ended: 'invalid' };

/** The RGPD minimum about a card's holder: no address, contacts, birth date or debts. */
export interface CardVerification {
  organisation: string;
  first_name: string;
  last_name: string;
  number: number | null;
  category: string | null;
  status: VerificationStatus;
  /** `status` in words: 'Válido', 'Quotas em atraso', 'Expirado', 'Substituído', 'Inválido'. */
  state: string;
  valid_until: string;
  /** The valid-until is past (also when another verdict, such as arrears, comes first). */
  expired: boolean;
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
 * The verdict is the card's standing today in Lisbon (card-state.ts, the ledger's rule for
 * arrears): revoked cards and members who left answer 'Inválido', a card past its valid-until
 * 'Expirado' (unless its member is in arrears, 'Quotas em atraso'). Unknown or malformed codes:
 * undefined.
 */
export async function verifyCard(db: Db, input: string, address: string, now: number): Promise<CardVerification | undefined> {
  return (await checkCard(db, input, address, now))?.verification;
}

/** `verifyCard` with the card's and member's ids, which the public answer never carries. */
export async function checkCard(db: Db, input: string, address: string, now: number): Promise<CardCheck | undefined> {
  const code = normaliseCardCode(input);
  const card = code ? await cardFacts(db, { code }, now) : undefined;
  const today = lisbonDay(now);
  const standing = card ? cardStandingOf(card, today) : undefined;
  const result: LoggedResult = standing ?? 'not_found';
  await db
    .insertInto('membership_card_verifications')
    .values({ code: code ?? input.slice(0, 40), card: card?.id ?? null, at: new Date(now).toISOString(), address_hash: await addressHash(db, address), result })
    .execute();
  if (!card || !code || !standing) return undefined;
  const status = PUBLIC_STATUS[standing];
  const verification: CardVerification = {
    organisation: await readSetting(db, 'name'),
    ...names(card.name),
    number: card.number,
    category: card.category,
    status,
    state: VERIFICATION_STATUSES[status],
    valid_until: card.valid_until,
    expired: pastValidity(card, today),
    code: formatCardCode(code),
  };
  return { verification, card: card.id, member: card.member };
}
