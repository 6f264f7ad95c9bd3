import { sql } from 'kysely';
import type { Database } from '../src/server/db/database.js';
import { generateYear, tidyAfterBulk, yearRaises } from '../src/server/modules/dues/generation.js';
import { refreshBalances } from '../src/server/modules/dues/balances.js';
import { slicingFor } from '../src/server/modules/dues/member-steps.js';
import { asJob } from './as-job.js';

export interface GenerationTimes {
  /** Debts one run raised. */
  raised: number;
  /** Seconds per run, in run order. */
  seconds: number[];
  /**
   * The bare reference, seconds per run: the same year's INSERT … SELECT statements (the ones
   * generateYear runs to raise the debts) in one transaction, nothing else (no credit, no balances,
   * no commit per period), timed after each product run in the same state of the database.
   */
  bare: number[];
  /** The longest the event loop was held during each run (ms): the longest a request would have waited behind it. */
  loopMaxMs: number[];
}

/**
 * Takes a generated year back out: its debts, the allocations credit made to them (the
 * payments' allocated sums drop by as much, their receipt totals go) and the balances they moved.
 */
async function takeBack(database: Database, year: number): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const ofYear = sql`SELECT a.payment, a.amount FROM payment_allocations a JOIN unsettled_payments d ON d._id = a.debt WHERE d.year = ${year}`;
    await sql`
      UPDATE payments SET allocated = allocated - (SELECT SUM(t.amount) FROM (${ofYear}) t WHERE t.payment = payments._id)
      WHERE _id IN (SELECT payment FROM (${ofYear}) t)
    `.execute(trx);
    await sql`DELETE FROM payment_allocations WHERE debt IN (SELECT _id FROM unsettled_payments WHERE year = ${year})`.execute(trx);
    // The receipt totals of the year's debts came only from that credit.
    await sql`DELETE FROM receipt_totals WHERE basis = 'accrual' AND debt_year = ${year}`.execute(trx);
    await sql`DELETE FROM unsettled_payments WHERE year = ${year}`.execute(trx);
    await refreshBalances(trx, Date.now());
  });
}

/** The year's debts raised by the generation's own INSERT … SELECT statements alone, in one transaction: seconds and rows. */
async function timeBareRaise(database: Database, year: number): Promise<{ seconds: number; raised: number }> {
  const started = performance.now();
  const raised = await database.db.transaction().execute(async (trx) => {
    let rows = 0;
    for (const statements of await yearRaises(trx, year, Date.now())) {
      for (const statement of statements) rows += Number((await statement.execute(trx)).numAffectedRows ?? 0n);
    }
    return rows;
  });
  return { seconds: (performance.now() - started) / 1000, raised };
}

/**
 * Times the dues generation job's work for a year nobody has yet (generateYear as the job
 * calls it: in the job's transaction scope, in steps on SQLite, credit used, balances refreshed),
 * `runs` times, taking the year back out between runs; with the longest the event loop was held
 * meanwhile (asJob).
 */
export async function timeGeneration(database: Database, year: number, runs: number, log: (line: string) => void): Promise<GenerationTimes> {
  const seconds: number[] = [];
  const bare: number[] = [];
  const loopMaxMs: number[] = [];
  let raised = 0;
  for (let run = 0; run < runs; run += 1) {
    const { result: report, seconds: took, loopMaxMs: held } = await asJob(() => generateYear(database.db, year, Date.now(), undefined, slicingFor(database.engine)));
    seconds.push(took);
    loopMaxMs.push(held);
    raised = report.raised;
    // The job tidies after generating (PostgreSQL: VACUUM ANALYZE), timed apart from the generation.
    const tidying = performance.now();
    await tidyAfterBulk(database);
    log(`  generation of ${year}, run ${run + 1}: ${report.raised.toLocaleString('en')} debts in ${seconds.at(-1)!.toFixed(2)} s, loop held at most ${loopMaxMs.at(-1)!.toFixed(0)} ms (then tidied in ${((performance.now() - tidying) / 1000).toFixed(2)} s)`);
    await takeBack(database, year);
    // Taking the year back is the bench's own churn: tidy it too, so the lists measured next see
    // the table as it stands after a real generation.
    await tidyAfterBulk(database);
    const reference = await timeBareRaise(database, year);
    bare.push(reference.seconds);
    log(
      `  bare INSERT … SELECT of ${year}, run ${run + 1}: ${reference.raised.toLocaleString('en')} debts in ${reference.seconds.toFixed(2)} s; generation / bare: ${(seconds.at(-1)! / reference.seconds).toFixed(2)}x`,
    );
    await takeBack(database, year);
    await tidyAfterBulk(database);
  }
  return { raised, seconds, bare, loopMaxMs };
}
