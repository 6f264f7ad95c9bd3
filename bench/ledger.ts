import { sql, type RawBuilder } from 'kysely';
import type { Database, Db, Engine } from '../src/server/db/database.js';
import { refreshBalances } from '../src/server/modules/dues/balances.js';
import { rebuildReceiptTotals } from '../src/server/modules/dues/receipt-totals.js';
import { lisbonDay } from '../src/core/days.js';

/** Years of quotas in the data set, the current one included. */
const YEARS = 7;
/** Payments the generator writes carry `bench:<debt id>` as external id (as an import's would), which ties each to its debt. */
const EXTERNAL = 'bench:';

const CATEGORIES = [
  { name: 'Efetivo', exempt: 0, amount: 3000, joiningFee: 1000 },
  { name: 'Estudante', exempt: 0, amount: 1200, joiningFee: 0 },
  { name: 'Família', exempt: 0, amount: 4500, joiningFee: 1500 },
  { name: 'Honorário', exempt: 1, amount: 0, joiningFee: 0 },
] as const;

export interface Ledger {
  /** The year after the data set's last: what the generation row raises (and takes back). */
  nextYear: number;
  debts: number;
  payments: number;
  /** Members who owe something, for the payment row to pay into. */
  owing: number[];
}

/** `day` plus `days` as 'YYYY-MM-DD', in each engine's own date arithmetic. */
function addDays(engine: Engine, day: RawBuilder<string>, days: RawBuilder<number>): RawBuilder<string> {
  return engine === 'postgres' ? sql`to_char(CAST(${day} AS date) + CAST(${days} AS integer), 'YYYY-MM-DD')` : sql`date(${day}, '+' || (${days}) || ' days')`;
}

/**
 * How each debt of the data set fared, from hashes of its id and its member's, so it is the
 * same on both engines and every run. Members: 10% stopped paying two to five years ago, 20%
 * have not paid this year yet, 10% skip a debt now and then, 30% pay months late; 3% of debts
 * of some members are part-paid, and a few members paid this year with 5 € to spare (credit).
 */
function outcomes(engine: Engine, currentYear: number, today: string) {
  const memberHash = sql<number>`(CAST(d.member AS BIGINT) * 7919 % 100)`;
  const debtHash = sql<number>`(CAST(d._id AS BIGINT) * 7717 % 100)`;
  const unpaid = sql<boolean>`(
    (${memberHash} < 10 AND d.year >= ${currentYear - 1} - (d.member % 4))
    OR (${memberHash} >= 10 AND ${memberHash} < 30 AND d.year = ${currentYear})
    OR (${memberHash} >= 30 AND ${memberHash} < 40 AND ${debtHash} >= 90))`;
  const partial = sql<boolean>`(${memberHash} >= 40 AND ${memberHash} < 90 AND ${debtHash} < 6)`;
  const credit = sql<boolean>`(${memberHash} >= 90 AND d.year = ${currentYear} AND ${debtHash} < 5)`;
  const delay = sql<number>`(CASE WHEN ${memberHash} >= 30 AND ${memberHash} < 60 THEN 60 + ${debtHash} ELSE ${debtHash} % 40 END)`;
  const planned = addDays(engine, sql<string>`d.due_date`, delay);
  return {
    unpaid,
    allocated: sql<number>`CASE WHEN ${partial} THEN d.amount / 2 ELSE d.amount END`,
    amount: sql<number>`CASE WHEN ${partial} THEN d.amount / 2 WHEN ${credit} THEN d.amount + 500 ELSE d.amount END`,
    date: sql<string>`CASE WHEN ${planned} > ${today} THEN ${today} ELSE ${planned} END`,
    method: sql<string>`CASE ${debtHash} % 4 WHEN 0 THEN 'transferencia' WHEN 1 THEN 'mbway' WHEN 2 THEN 'numerario' ELSE 'multibanco' END`,
  };
}

async function count(db: Db, table: string): Promise<number> {
  return Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);
}

/**
 * Seven years of dues for every member already generated, set-based (a statement per table,
 * never a row at a time): fee categories and schedules (next year's too, for the generation
 * row), members spread over categories, every year's quota and newcomers' joining fees, one
 * payment per settled debt with its allocation, the debts' paid amounts and states, the
 * receipt totals rebuilt from them, and the
 * balances refreshed once. Checks the ledger adds up before returning.
 */
export async function generateLedger(database: Database, log: (line: string) => void): Promise<Ledger> {
  const { db, engine } = database;
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const today = lisbonDay(now);
  const currentYear = Number(today.slice(0, 4));
  const firstYear = currentYear - YEARS + 1;
  const started = performance.now();
  const step = (what: string) => log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  await db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const c of CATEGORIES) {
      const row = await trx
        .insertInto('fee_categories')
        .values({ name: c.name, exempt: c.exempt, notes: null, created_at: stamp, updated_at: stamp, _version: 1 })
        .returning('_id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row._id));
      for (let year = firstYear; year <= currentYear + 1; year += 1) {
        await trx
          .insertInto('fee_schedules')
          .values({ year, category: row._id, amount: c.amount, periodicity: 'annual', due_day: 31, joining_fee: c.joiningFee, capital: 0, created_at: stamp, updated_at: stamp, _version: 1 })
          .execute();
      }
    }
    const [efetivo, estudante, familia, honorario] = ids as [number, number, number, number];
    await sql`
      UPDATE members SET fee_category = CASE WHEN _id % 100 = 0 THEN ${sql.lit(honorario)} WHEN _id % 10 = 1 THEN ${sql.lit(estudante)} WHEN _id % 10 = 2 THEN ${sql.lit(familia)} ELSE ${sql.lit(efetivo)} END
    `.execute(trx);
    step('categories and schedules');

    const year = sql<string>`CAST(s.year AS TEXT)`;
    await sql`
      INSERT INTO unsettled_payments (member, kind, year, period, amount, paid, status, due_date, description, schedule, dedupe_key, created_at, updated_at, _version)
      SELECT m._id, 'quota', s.year, 1, s.amount, 0, 'open', ${year} || '-01-31', 'Quota ' || ${year}, s._id, 'quota:' || ${year} || ':1', ${stamp}, ${stamp}, 1
      FROM fee_schedules s JOIN members m ON m.fee_category = s.category
      WHERE s.year <= ${currentYear} AND s.amount > 0 AND m.admission_date <= ${year} || '-12-31'
      ORDER BY s.year, m._id
    `.execute(trx);
    await sql`
      INSERT INTO unsettled_payments (member, kind, year, period, amount, paid, status, due_date, description, schedule, dedupe_key, created_at, updated_at, _version)
      SELECT m._id, 'joia', s.year, 1, s.joining_fee, 0, 'open', m.admission_date, 'Jóia ' || ${year}, s._id, 'joia:' || ${year} || ':1', ${stamp}, ${stamp}, 1
      FROM members m JOIN fee_schedules s ON s.category = m.fee_category AND ${year} = substr(m.admission_date, 1, 4)
      WHERE s.joining_fee > 0 AND s.year <= ${currentYear}
    `.execute(trx);
    step(`${(await count(trx, 'unsettled_payments')).toLocaleString('en')} debts`);

    const o = outcomes(engine, currentYear, today);
    await sql`
      INSERT INTO payments (member, date, amount, allocated, method, reference, notes, recorded_by, external_id, created_at, updated_at, _version)
      SELECT d.member, ${o.date}, ${o.amount}, ${o.allocated}, ${o.method}, NULL, NULL, NULL, ${EXTERNAL} || CAST(d._id AS TEXT),
        ${o.date} || 'T10:00:00.000Z', ${o.date} || 'T10:00:00.000Z', 1
      FROM unsettled_payments d WHERE NOT ${o.unpaid}
      ORDER BY 2, d._id
    `.execute(trx);
    step(`${(await count(trx, 'payments')).toLocaleString('en')} payments`);

    await sql`
      INSERT INTO payment_allocations (payment, debt, member, amount, created_at, updated_at, _version)
      SELECT p._id, CAST(substr(p.external_id, ${EXTERNAL.length + 1}) AS INTEGER), p.member, p.allocated, p.created_at, p.created_at, 1
      FROM payments p WHERE p.external_id LIKE ${`${EXTERNAL}%`}
    `.execute(trx);
    await sql`
      UPDATE unsettled_payments SET paid = a.amount, status = CASE WHEN a.amount >= unsettled_payments.amount THEN 'paid' ELSE 'partial' END
      FROM payment_allocations a WHERE a.debt = unsettled_payments._id
    `.execute(trx);
    step('allocations and debts settled');
    await rebuildReceiptTotals(trx);
    step('receipt totals');
    await refreshBalances(trx, now);
    step('balances');
  });

  // The data set obeys the ledger's rules: allocations match what payments and debts say.
  const sums = (
    await sql<{ allocations: number; allocated: number; paid: number; over: number }>`
      SELECT (SELECT COALESCE(SUM(amount), 0) FROM payment_allocations) AS allocations, (SELECT COALESCE(SUM(allocated), 0) FROM payments) AS allocated,
        (SELECT COALESCE(SUM(paid), 0) FROM unsettled_payments) AS paid, (SELECT count(*) FROM unsettled_payments WHERE paid > amount) AS over
    `.execute(db)
  ).rows[0]!;
  if (Number(sums.allocations) !== Number(sums.allocated) || Number(sums.allocations) !== Number(sums.paid) || Number(sums.over) > 0) {
    throw new Error(`The bench ledger does not add up: ${JSON.stringify(sums)}`);
  }
  const owing = await db.selectFrom('member_balances').select('member').where('open_total', '>', 0).orderBy('member').execute();
  return { nextYear: currentYear + 1, debts: await count(db, 'unsettled_payments'), payments: await count(db, 'payments'), owing: owing.map((row) => Number(row.member)) };
}
