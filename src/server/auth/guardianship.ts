import { sql } from 'kysely';
import { recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import { readSetting } from '../settings/read.js';
import { isMinorOn } from '../../core/field-checks.js';
import { lisbonDay } from '../../core/days.js';

/**
 * A guardian acting for a minor member (issue 34). The guardian's account is bound to the minors
 * by its USERNAME, which is the guardian's e-mail: the account's owner cannot change their
 * username (only staff can), while they can change their own e-mail, so binding by the e-mail
 * would let anyone who typed a guardian's address into their profile act for that guardian's
 * children. A member acts for a minor only while members.guardian_email is that username and the
 * member is still under the minor age (setting applicationMinorAge), read again on every request.
 */
export interface GuardedMinor {
  _id: number;
  number: number | null;
  name: string;
}

/** Accounts a guardian signs in with: a member's kind of account, never staff's (who have their own ways). */
export const GUARDIAN_ROLE = 'member';

/** What an account's username may hold (users.ts): a guardian account is named by its e-mail, so it must fit. */
const USERNAME = /^[A-Za-z0-9._@+-]{3,254}$/;

const normal = (email: string) => email.trim().toLowerCase();

/** Which birth dates are a minor's today (younger than the setting applicationMinorAge). */
async function minorToday(db: Db, now: number): Promise<(birthDate: unknown) => boolean> {
  const minorAge = await readSetting(db, 'applicationMinorAge');
  const today = lisbonDay(now);
  return (birthDate) => birthDate !== null && birthDate !== undefined && isMinorOn(String(birthDate), today, minorAge);
}

/** The members whose guardian e-mail is `email` and who are minors today, by number then name. */
export async function guardedMinors(db: Db, email: string, now: number): Promise<GuardedMinor[]> {
  const address = normal(email);
  if (!address) return [];
  const rows = await db
    .selectFrom('members')
    .select(['_id', 'number', 'name', 'birth_date'])
    .where('guardian_email', '=', address)
    .orderBy('number')
    .orderBy('name')
    .execute();
  if (rows.length === 0) return [];
  const minor = await minorToday(db, now);
  return rows
    .filter((row) => minor(row.birth_date))
    .map((row) => ({ _id: Number(row._id), number: row.number === null || row.number === undefined ? null : Number(row.number), name: String(row.name) }));
}

/**
 * The accounts told of these members' changes (resources/events.ts): each member's own, and its
 * guardian's while the member is a minor, so the dashboard a guardian reads updates live. One
 * statement: every ledger change of a payment asks, twice a payment.
 */
export async function accountsOfMembers(db: Db, members: readonly number[], now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select(['_id', sql<string | null>`NULL`.as('birth_date'), sql<number>`0`.as('guardian')])
    .where('member', 'in', members)
    .unionAll(
      db
        .selectFrom('members as m')
        .innerJoin('users as u', 'u.username', 'm.guardian_email')
        .select(['u._id', 'm.birth_date', sql<number>`1`.as('guardian')])
        .where('m._id', 'in', members)
        .where('u.member', 'is', null)
        .where('u.role', '=', GUARDIAN_ROLE),
    )
    .execute();
  const guardians = rows.filter((row) => Number(row.guardian) === 1);
  const minor = guardians.length === 0 ? () => false : await minorToday(db, now);
  return [...new Set(rows.filter((row) => Number(row.guardian) === 0 || minor(row.birth_date)).map((row) => Number(row._id)))];
}

/** Whether the account named `username` may act for `member` now: its guardian, and the member still a minor. */
export async function actsFor(db: Db, username: string, member: number, now: number): Promise<boolean> {
  return (await guardedMinors(db, username, now)).some((minor) => minor._id === member);
}

/**
 * The guardian account of `email`, made on its first sign-in when the address is a minor's
 * guardian e-mail and no account is named by it yet: role member, linked to no member record,
 * no password (it signs in by login link), named after the guardian. Returns true when one was
 * made. An address that cannot be a username (with characters usernames refuse, such as
 * quotes or accented letters) gets none: staff may make one by hand.
 */
export async function ensureGuardianAccount(db: Db, email: string, now: number, address: string | null): Promise<boolean> {
  const username = normal(email);
  if (!USERNAME.test(username)) return false;
  const minors = await guardedMinors(db, username, now);
  if (minors.length === 0) return false;
  const taken = await db
    .selectFrom('users')
    .select('_id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username))
    .executeTakeFirst();
  if (taken) return false;
  const guardian = await db.selectFrom('members').select('guardian_name').where('_id', '=', minors[0]!._id).executeTakeFirst();
  const name = typeof guardian?.guardian_name === 'string' && guardian.guardian_name.trim() ? guardian.guardian_name.trim() : username;
  const stamp = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    // Two requests at once: the username's unique index lets one through; the other finds it made.
    const made = await trx
      .insertInto('users')
      .values({ username, name, email: username, role: GUARDIAN_ROLE, member: null, active: 1, password_hash: null, created_at: stamp, updated_at: stamp })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('_id')
      .executeTakeFirst();
    if (!made) return false;
    await recordAudit(trx, { at: now, actor: { kind: 'system', name: 'Encarregado de educação (primeira entrada)' }, address, resource: 'users', recordId: Number(made._id), action: 'create', changes: null });
    return true;
  });
}
