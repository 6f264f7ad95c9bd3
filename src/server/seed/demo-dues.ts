import type { Db } from '../db/database.js';
import { refreshBalances } from '../modules/dues/public.js';
import { lisbonDay } from '../../core/days.js';
import { seedFees } from './demo-fees.js';
import { seedDemoHouseholds } from './demo-households.js';
import { seedPaymentHistory } from './demo-ledger.js';

/**
 * The demo organisation's dues: fee categories, seven years of schedules and debts, the
 * payments members made over those years, and two households. Runs in the first start's transaction, after the
 * members and the admin account exist; balances are computed once at the end.
 */
export async function seedDemoDues(db: Db, now: number): Promise<void> {
  const today = lisbonDay(now);
  await seedFees(db, now, Number(today.slice(0, 4)));
  await seedPaymentHistory(db, now, today);
  // Two families of the 'Família' category, their debts charged to them (issue 34).
  await seedDemoHouseholds(db, now);
  await refreshBalances(db, now);
}
