import type { SecondFactorChallenge } from '../../core/two-factor.js';
import type { Db } from '../db/database.js';
import type { TicketOrigin } from '../db/tables.js';
import { randomToken, sha256 } from './secrets.js';

export const TICKET_MS = 5 * 60_000;
/** Wrong answers a ticket takes before it is void. */
export const MAX_TICKET_ATTEMPTS = 5;

export type TicketPurpose = SecondFactorChallenge['secondFactor'];
export type { TicketOrigin };

export interface Ticket {
  id: number;
  userId: number;
  purpose: TicketPurpose;
  origin: TicketOrigin;
}

const originOf = (value: TicketOrigin | undefined): TicketOrigin => value ?? 'password';

/** How the tokens that end this ticket's login are marked: a code login may set a new password without the old one. */
export const issueOptionsOf = (ticket: Ticket): { amr?: 'code' } => (ticket.origin === 'code' ? { amr: 'code' } : {});

const iso = (ms: number) => new Date(ms).toISOString();

/** A new single-use ticket for the second login step; only its hash is stored. */
export async function issueTicket(db: Db, userId: number, purpose: TicketPurpose, origin: TicketOrigin, now: number): Promise<string> {
  const ticket = randomToken(32);
  const stamp = iso(now);
  // Expired tickets are of no use to anyone: the table stays as small as the logins in flight.
  await db.deleteFrom('two_factor_tickets').where('expires_at', '<=', stamp).execute();
  await db
    .insertInto('two_factor_tickets')
    .values({ user_id: userId, ticket_hash: sha256(ticket), purpose, origin, expires_at: iso(now + TICKET_MS), attempts: 0, created_at: stamp, updated_at: stamp })
    .execute();
  return ticket;
}

/** The live ticket (unused, unexpired, attempts left) of this value, or undefined. */
export async function findTicket(db: Db, ticket: string, now: number): Promise<Ticket | undefined> {
  const row = await db
    .selectFrom('two_factor_tickets')
    .select(['_id', 'user_id', 'purpose', 'origin'])
    .where('ticket_hash', '=', sha256(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', iso(now))
    .where('attempts', '<', MAX_TICKET_ATTEMPTS)
    .executeTakeFirst();
  return row && { id: row._id, userId: row.user_id, purpose: row.purpose, origin: row.origin };
}

/**
 * How the login of a ticket that is no longer live began, so its refusal says how to start
 * again; 'password' when nothing is left of it (expired tickets are deleted).
 */
export async function voidTicketOrigin(db: Db, ticket: string): Promise<TicketOrigin> {
  const row = await db.selectFrom('two_factor_tickets').select('origin').where('ticket_hash', '=', sha256(ticket)).executeTakeFirst();
  return originOf(row?.origin);
}

/** Counts one answer against the ticket; false when it is no longer live (checked atomically). */
export async function claimAttempt(trx: Db, ticket: Ticket, now: number): Promise<boolean> {
  const updated = await trx
    .updateTable('two_factor_tickets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: iso(now) }))
    .where('_id', '=', ticket.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', iso(now))
    .where('attempts', '<', MAX_TICKET_ATTEMPTS)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Spends the ticket after a right answer: it cannot log in twice. */
export async function spendTicket(trx: Db, ticket: Ticket, now: number): Promise<void> {
  await trx.updateTable('two_factor_tickets').set({ used_at: iso(now), updated_at: iso(now) }).where('_id', '=', ticket.id).execute();
}
