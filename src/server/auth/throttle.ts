import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Db, Engine } from '../db/database.js';
import type { AttemptKind, AuthAttemptsTable } from '../db/tables.js';

/*
 * Login throttling, in the database so every instance counts the same attempts.
 *
 * An attempt is recorded BEFORE the password or code is checked, in one transaction that
 * counts recent failures, decides and inserts the attempt as a provisional failure (on
 * PostgreSQL under advisory locks on the account and the address; SQLite runs transactions
 * one at a time on its single connection). A correct password deletes the row. So a burst of
 * concurrent guesses is counted as it arrives: only the allowed number reach verification.
 *
 * Limits are exponential backoffs per key, not locks: after `free` failures in the last
 * LOOKBACK_MS, each attempt waits `baseMs` doubled per further failure (at most `maxMs`)
 * after the latest failure. Keys: the account, the address, and the account from one address.
 * The owner is not locked out by someone else's failures: an address the account logged in
 * from in the last KNOWN_ADDRESS_MS is "known" and skips the account's backoff (its own
 * account+address and address limits still apply); an unknown address with no failure on
 * the account is "clean" and may skip it too, within CLEAN_BUDGET such attempts per hour for
 * the account. README ("Login throttling") gives the bound this puts on guessing.
 */

export interface Backoff {
  /** Failures allowed before any wait. */
  free: number;
  /** Wait after the first failure beyond `free`; doubles with each further one. */
  baseMs: number;
  maxMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long a failure counts. */
export const LOOKBACK_MS = 24 * HOUR;
export const ACCOUNT_BACKOFF: Backoff = { free: 5, baseMs: MINUTE, maxMs: HOUR };
export const PAIR_BACKOFF: Backoff = { free: 5, baseMs: MINUTE, maxMs: HOUR };
/** Per address over every account and login code: a shared office address needs more room. */
export const ADDRESS_BACKOFF: Backoff = { free: 20, baseMs: MINUTE, maxMs: HOUR };
const KNOWN_ADDRESS_MS = 90 * 24 * HOUR;
/** Attempts per account and hour let past the account's backoff because their address is clean. */
export const CLEAN_BUDGET = 8;
const CLEAN_WINDOW_MS = HOUR;
/** Login-link and recovery requests per recipient e-mail and per address, per LINK_WINDOW_MS. */
export const LINK_REQUESTS_PER_RECIPIENT = 3;
export const LINK_REQUESTS_PER_ADDRESS = 10;
const LINK_WINDOW_MS = HOUR;

/** When the next attempt is allowed after `count` failures, the latest at `last` (ms). */
function nextAllowedAt(backoff: Backoff, count: number, last: number): number {
  if (count < backoff.free) return -Infinity;
  return last + Math.min(backoff.baseMs * 2 ** (count - backoff.free), backoff.maxMs);
}

/**
 * The throttling key of a client address: IPv4 as is (an IPv4-mapped IPv6 address too), IPv6
 * reduced to its /64, since one subscriber or host usually holds a whole /64.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export type Gate = AuthAttemptsTable['gate'];

export interface Attempt {
  /** The password or code was right: the attempt is no failure, and the address becomes known. */
  succeed(): Promise<void>;
}

export type Decision = { allowed: true; gate: Gate; attempt: Attempt } | { allowed: false; retryAfterMs: number };

export interface Throttle {
  /** Records a password attempt for `account` (a username) before it is checked, or refuses it. */
  beginLogin(account: string, ip: string): Promise<Decision>;
  /** Records a login-code attempt before the code is checked, or refuses it. */
  beginCode(ip: string): Promise<Decision>;
  /** Records a request to e-mail a link to `recipient`; false when over the limit (send nothing). */
  allowLinkRequest(recipient: string, ip: string): Promise<boolean>;
  /** Deletes attempts and known addresses too old to matter. */
  prune(): Promise<void>;
}

// Advisory lock classes (two-key form, apart from the migration lock's one-key form). Every
// transaction takes its locks in increasing class order, so two can never wait for each other.
const LOCK_ACCOUNT = 742_010;
const LOCK_ADDRESS = 742_011;
const LOCK_RECIPIENT = 742_012;

const iso = (ms: number) => new Date(ms).toISOString();

interface Stats {
  count: number;
  /** ms of the latest row, or -Infinity. */
  last: number;
}

export function createThrottle(db: Db, engine: Engine, now: () => number): Throttle {
  async function lock(trx: Db, keys: [number, string][]) {
    if (engine !== 'postgres') return;
    for (const [lockClass, key] of keys) await sql`SELECT pg_advisory_xact_lock(${lockClass}::int, hashtext(${key}))`.execute(trx);
  }

  type Filter = { kind: readonly AttemptKind[]; account?: string; address?: string; gate?: Gate };
  async function stats(trx: Db, filter: Filter, since: string): Promise<Stats> {
    let query = trx
      .selectFrom('auth_attempts')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('last')])
      .where('kind', 'in', [...filter.kind])
      .where('at', '>', since);
    if (filter.account !== undefined) query = query.where('account', '=', filter.account);
    if (filter.address !== undefined) query = query.where('address', '=', filter.address);
    if (filter.gate !== undefined) query = query.where('gate', '=', filter.gate);
    const row = await query.executeTakeFirstOrThrow();
    return { count: Number(row.n), last: row.last ? Date.parse(String(row.last)) : -Infinity };
  }

  async function record(trx: Db, values: { kind: AttemptKind; account: string | null; address: string; gate: Gate; at: number }): Promise<number> {
    const row = await trx
      .insertInto('auth_attempts')
      .values({ ...values, at: iso(values.at) })
      .returning('_id')
      .executeTakeFirstOrThrow();
    return row._id;
  }

  const forget = (id: number) => db.deleteFrom('auth_attempts').where('_id', '=', id).execute();

  return {
    beginLogin(rawAccount, ip) {
      const account = rawAccount.trim().toLowerCase();
      const address = addressKey(ip);
      return db.transaction().execute(async (trx): Promise<Decision> => {
        await lock(trx, [
          [LOCK_ACCOUNT, account],
          [LOCK_ADDRESS, address],
        ]);
        const t = now();
        const since = iso(t - LOOKBACK_MS);
        const known = await trx
          .selectFrom('auth_known_addresses')
          .select('last_success_at')
          .where('account', '=', account)
          .where('address', '=', address)
          .where('last_success_at', '>', iso(t - KNOWN_ADDRESS_MS))
          .executeTakeFirst();
        // A success from this address clears its own slate (not the account's, not the address's).
        const lastSuccess = known ? known.last_success_at : since;
        const pair = await stats(trx, { kind: ['login'], account, address }, lastSuccess > since ? lastSuccess : since);
        const byAddress = await stats(trx, { kind: ['login', 'code'], address }, since);
        const byAccount = await stats(trx, { kind: ['login'], account }, since);

        let retryAt = Math.max(nextAllowedAt(PAIR_BACKOFF, pair.count, pair.last), nextAllowedAt(ADDRESS_BACKOFF, byAddress.count, byAddress.last));
        let gate: Gate = 'open';
        const accountOpensAt = nextAllowedAt(ACCOUNT_BACKOFF, byAccount.count, byAccount.last);
        if (accountOpensAt > t) {
          if (known) gate = 'known';
          else if (pair.count === 0) {
            const clean = await stats(trx, { kind: ['login'], account, gate: 'clean' }, iso(t - CLEAN_WINDOW_MS));
            if (clean.count < CLEAN_BUDGET) gate = 'clean';
            else {
              const oldest = await trx
                .selectFrom('auth_attempts')
                .select((eb) => eb.fn.min('at').as('first'))
                .where('kind', '=', 'login')
                .where('account', '=', account)
                .where('gate', '=', 'clean')
                .where('at', '>', iso(t - CLEAN_WINDOW_MS))
                .executeTakeFirstOrThrow();
              retryAt = Math.max(retryAt, Math.min(accountOpensAt, Date.parse(String(oldest.first)) + CLEAN_WINDOW_MS));
            }
          } else retryAt = Math.max(retryAt, accountOpensAt);
        }
        if (retryAt > t) return { allowed: false, retryAfterMs: retryAt - t };

        const id = await record(trx, { kind: 'login', account, address, gate, at: t });
        return {
          allowed: true,
          gate,
          attempt: {
            async succeed() {
              const stamp = iso(now());
              await db.transaction().execute(async (done) => {
                await done.deleteFrom('auth_attempts').where('_id', '=', id).execute();
                await done
                  .insertInto('auth_known_addresses')
                  .values({ account, address, last_success_at: stamp })
                  .onConflict((oc) => oc.columns(['account', 'address']).doUpdateSet({ last_success_at: stamp }))
                  .execute();
              });
            },
          },
        };
      });
    },

    beginCode(ip) {
      const address = addressKey(ip);
      return db.transaction().execute(async (trx): Promise<Decision> => {
        await lock(trx, [[LOCK_ADDRESS, address]]);
        const t = now();
        const byAddress = await stats(trx, { kind: ['login', 'code'], address }, iso(t - LOOKBACK_MS));
        const retryAt = nextAllowedAt(ADDRESS_BACKOFF, byAddress.count, byAddress.last);
        if (retryAt > t) return { allowed: false, retryAfterMs: retryAt - t };
        const id = await record(trx, { kind: 'code', account: null, address, gate: 'open', at: t });
        return { allowed: true, gate: 'open', attempt: { succeed: () => forget(id).then(() => undefined) } };
      });
    },

    allowLinkRequest(rawRecipient, ip) {
      const recipient = rawRecipient.trim().toLowerCase();
      const address = addressKey(ip);
      return db.transaction().execute(async (trx) => {
        await lock(trx, [
          [LOCK_ADDRESS, address],
          [LOCK_RECIPIENT, recipient],
        ]);
        const t = now();
        const since = iso(t - LINK_WINDOW_MS);
        const toRecipient = await stats(trx, { kind: ['link'], account: recipient }, since);
        const fromAddress = await stats(trx, { kind: ['link'], address }, since);
        if (toRecipient.count >= LINK_REQUESTS_PER_RECIPIENT || fromAddress.count >= LINK_REQUESTS_PER_ADDRESS) return false;
        await record(trx, { kind: 'link', account: recipient, address, gate: 'open', at: t });
        return true;
      });
    },

    async prune() {
      const t = now();
      // LOOKBACK_MS is the longest window any count looks at.
      await db.deleteFrom('auth_attempts').where('at', '<=', iso(t - LOOKBACK_MS)).execute();
      await db.deleteFrom('auth_known_addresses').where('last_success_at', '<=', iso(t - KNOWN_ADDRESS_MS)).execute();
    },
  };
}
