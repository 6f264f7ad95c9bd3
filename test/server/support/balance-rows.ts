import type { Db } from '../../../src/server/db/database.js';
import { refreshBalances } from '../../../src/server/modules/dues/balances.js';

/** Every balance row, whole, by member. */
export const balanceRows = (on: Db) => on.selectFrom('member_balances').selectAll().orderBy('_id').execute();
export type BalanceRow = Awaited<ReturnType<typeof balanceRows>>[number];
/** The rows without their stamps: the figures two ways of computing them must agree on. */
export const withoutStamps = (list: BalanceRow[]) => list.map(({ created_at: _c, updated_at: _u, ...row }) => row);

/** The rows as refreshing every member at `now` leaves them, in a transaction rolled back. */
export async function refreshedWhole(db: Db, now: number): Promise<BalanceRow[]> {
  let seen: BalanceRow[] = [];
  const rollback = new Error('rollback');
  await db
    .transaction()
    .execute(async (trx) => {
      await refreshBalances(trx, now);
      seen = await balanceRows(trx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return seen;
}
