import type { Db } from '../db/database.js';

/** Failed logins allowed in a window before further attempts are refused. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

// Failures live in the database so that every server instance counts the same attempts.
export function createThrottle(db: Db, now: () => number) {
  const since = () => new Date(now() - THROTTLE_WINDOW_MS).toISOString();
  const keys = (account: string | undefined, address: string) => [
    ...(account ? [{ key: `account:${account.toLowerCase()}`, max: MAX_FAILURES_PER_ACCOUNT }] : []),
    { key: `address:${address}`, max: MAX_FAILURES_PER_ADDRESS },
  ];

  return {
    /** True when this account or address has failed too often recently. */
    async isBlocked(account: string | undefined, address: string): Promise<boolean> {
      for (const { key, max } of keys(account, address)) {
        const row = await db
          .selectFrom('login_failures')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('key', '=', key)
          .where('at', '>', since())
          .executeTakeFirstOrThrow();
        if (Number(row.n) >= max) return true;
      }
      return false;
    },

    async recordFailure(account: string | undefined, address: string): Promise<void> {
      const at = new Date(now()).toISOString();
      await db
        .insertInto('login_failures')
        .values(keys(account, address).map(({ key }) => ({ key, at })))
        .execute();
      await db.deleteFrom('login_failures').where('at', '<=', since()).execute();
    },

    async clearAccount(account: string): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', `account:${account.toLowerCase()}`).execute();
    },
  };
}
