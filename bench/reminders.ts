import { sql } from 'kysely';
import type { Database } from '../src/server/db/database.js';
import { vacuumAnalyze } from '../src/server/db/vacuum.js';
import { planReminders } from '../src/server/modules/reminders/planning.js';
import { lisbonDay } from '../src/core/days.js';
import { asJob } from './as-job.js';

export interface PlanningTimes {
  /** Decisions one run took (every stage, every member reached). */
  decided: number;
  /** Seconds per run, in run order. */
  seconds: number[];
  /** The longest the event loop was held during each run (ms). */
  loopMaxMs: number[];
}

/** Four stages for every category, as an association would set them: before, on the day, after. */
const STAGES = [
  { name: 'Aviso prévio', offset_days: -30 },
  { name: 'No vencimento', offset_days: 0 },
  { name: 'Primeiro lembrete', offset_days: 15 },
  { name: 'Segundo lembrete', offset_days: 45 },
];

async function takeBack(database: Database): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await sql`DELETE FROM reminder_coverage`.execute(trx);
    await sql`DELETE FROM reminder_decisions`.execute(trx);
  });
  await vacuumAnalyze(database, ['reminder_coverage', 'reminder_decisions']);
}

/**
 * Times the daily planning of staged reminders (planReminders as the job `reminders.plan` calls
 * it, in steps on SQLite, with its loop hold: asJob) over the generated ledger: four stages for all categories, every member with open debts
 * reached on the same day; the decisions are taken back out between runs.
 */
export async function timePlanning(database: Database, runs: number, log: (line: string) => void): Promise<PlanningTimes> {
  const { db, engine } = database;
  const stamp = new Date().toISOString();
  await db
    .insertInto('reminder_stages')
    .values(STAGES.map((s) => ({ ...s, category: null, channel: 'email', subject: 'Quotas', body: 'Olá {primeiro_nome}, deve {total}.', active: 1, created_at: stamp, updated_at: stamp })))
    .execute();
  const seconds: number[] = [];
  const loopMaxMs: number[] = [];
  let decided = 0;
  for (let run = 0; run < runs; run += 1) {
    const now = Date.now();
    const { result: report, seconds: took, loopMaxMs: held } = await asJob(() => planReminders(db, engine, lisbonDay(now), now));
    seconds.push(took);
    loopMaxMs.push(held);
    decided = Object.values(report.decided).reduce((sum, n) => sum + n, 0);
    log(`  reminder planning, run ${run + 1}: ${decided.toLocaleString('en')} decisions in ${took.toFixed(2)} s, loop held at most ${held.toFixed(0)} ms`);
    await takeBack(database);
  }
  return { decided, seconds, loopMaxMs };
}
