import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';

// The settings' periods (as they were declared) to the fee schedules' periodicities (periods.ts).
const PERIODICITY: Readonly<Record<string, string>> = { anual: 'annual', semestral: 'semiannual', trimestral: 'quarterly', mensal: 'monthly' };
// What a new schedule's form proposes: the last day of the period's first month.
const DUE_DAY = 31;

/** '12.50' (the setting stored euros with a decimal point) in cents; null when it is no positive amount. */
function cents(value: string | undefined): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec((value ?? '').trim());
  if (!match) return null;
  const amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return amount > 0 ? amount : null;
}

interface SettingRow {
  name: string;
  value: string;
  updated_at: string;
}

/**
 * The per-category fee schedules are the only source of quota values: the global settings
 * `membershipPaymentAmount` ("Valor da quota") and `membershipPaymentPeriod` go. A value someone
 * set is kept: every fee category that charges (not exempt) and has no schedule gets one with
 * that amount and period, for the latest year any schedule has, else the year the setting was
 * last saved (a migration has no clock), due on day 31. Then both settings rows are deleted.
 * Running it again finds no rows and changes nothing.
 */
export const feeFromGlobalSettingMigration: Migration = {
  name: 'dues/038_fee_from_global_setting',
  async up(db) {
    const { rows } = await sql<SettingRow>`
      SELECT name, value, updated_at FROM settings
      WHERE name IN ('membershipPaymentAmount', 'membershipPaymentPeriod')`.execute(db);
    const setting = (name: string) => rows.find((row) => row.name === name);
    const amountRow = setting('membershipPaymentAmount');
    const amount = cents(amountRow?.value);
    if (amountRow && amount !== null) {
      const periodicity = PERIODICITY[setting('membershipPaymentPeriod')?.value ?? ''] ?? 'annual';
      const latest = (await sql<{ year: number | string | null }>`SELECT MAX(year) AS year FROM fee_schedules`.execute(db)).rows[0]?.year;
      const year = latest !== null && latest !== undefined ? Number(latest) : Number(amountRow.updated_at.slice(0, 4));
      const stamp = amountRow.updated_at;
      const { rows: categories } = await sql<{ _id: number }>`
        SELECT c._id FROM fee_categories c
        WHERE c.exempt = 0 AND NOT EXISTS (SELECT 1 FROM fee_schedules s WHERE s.category = c._id)
        ORDER BY c._id`.execute(db);
      for (const category of categories) {
        await sql`
          INSERT INTO fee_schedules (year, category, amount, periodicity, due_day, joining_fee, capital, created_at, updated_at)
          VALUES (${year}, ${category._id}, ${amount}, ${periodicity}, ${DUE_DAY}, 0, 0, ${stamp}, ${stamp})`.execute(db);
      }
    }
    await sql`DELETE FROM settings WHERE name IN ('membershipPaymentAmount', 'membershipPaymentPeriod')`.execute(db);
  },
};
