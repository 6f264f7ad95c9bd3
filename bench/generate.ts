import { sql } from 'kysely';
import type { Database } from '../src/server/db/database.js';
import { migrate } from '../src/server/db/migrate.js';
import { vacuumAnalyze } from '../src/server/db/vacuum.js';
import { appMigrations } from '../src/server/modules/migrations.js';
import { ensureReferenceData } from '../src/server/resources/reference-data.js';
import { seedDemoStateHistory } from '../src/server/seed/demo-state-history.js';
import { insertFakeMembers } from '../src/server/seed/members.js';
import { createMemberFactory, seededFaker } from '../src/server/seed/people.js';
import { demoReferences } from '../src/server/seed/reference.js';
import { generateLedger, type Ledger } from './ledger.js';

/** A surname no generated person has, planted on a handful of members for the rare-term search. */
export const RARE_SURNAME = 'Quixabeira';
export const RARE_COUNT = 5;
/**
 * The rare members are numbers 7, 7 + count / 5, ...: members whose number ends in 00 are honorary
 * (no quotas, so no payments, ledger.ts), and the payments search by a rare name must find rows.
 */
const RARE_OFFSET = 7;
const BENCH_SEED = 4242;

export interface Generated {
  seconds: number;
  /** The member state with the most members, for the filter query. */
  filterStateId: number;
  filterStateName: string;
  /** Seven years of dues, when asked for. */
  ledger: Ledger | undefined;
  /** Entries of the member state history, when asked for. */
  historyEntries: number | undefined;
}

/**
 * Fills a fresh database with `count` members in one transaction (with `ledger`, seven years of
 * their dues; with `history`, their state history as the demo's) and refreshes planner statistics.
 */
export async function generate(database: Database, count: number, log: (line: string) => void, options: { ledger?: boolean; history?: boolean } = {}): Promise<Generated> {
  const started = performance.now();
  const { db, engine } = database;
  await migrate(db, engine, appMigrations);
  const now = Date.now();
  await ensureReferenceData(db, now);
  const every = Math.max(1, Math.floor(count / RARE_COUNT));
  let lastReport = 0;
  await db.transaction().execute(async (trx) => {
    const refs = await demoReferences(trx, new Date(now).toISOString());
    const factory = createMemberFactory(seededFaker(BENCH_SEED), refs);
    await insertFakeMembers(trx, factory, {
      count,
      firstCreatedAt: now - count * 1000,
      stepMs: 1000,
      overridesFor: (number) => {
        const rank = number - RARE_OFFSET;
        return rank >= 0 && rank % every === 0 && rank / every < RARE_COUNT ? { name: `Rita ${RARE_SURNAME} Sousa` } : undefined;
      },
      onProgress: (inserted) => {
        if (inserted - lastReport >= 100_000 || inserted === count) {
          lastReport = inserted;
          log(`  ${inserted.toLocaleString('en')} members (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        }
      },
    });
  });
  const ledger = options.ledger ? await generateLedger(database, log) : undefined;
  // Members are inserted bare (no write hooks), so their history comes from the demo's generator.
  const historyEntries = options.history ? await generateHistory(database, now, log) : undefined;
  // Fresh statistics, as a database that has lived a while would have; on PostgreSQL a vacuum
  // too, as after any bulk load (autovacuum would come by, but not before the load begins).
  if (engine === 'postgres') await vacuumAnalyze(database);
  else await sql`ANALYZE`.execute(db);
  const top = await db
    .selectFrom('members')
    .innerJoin('member_states', 'member_states._id', 'members.state')
    .select(['member_states._id as id', 'member_states.name as name', sql<number>`count(*)`.as('n')])
    .groupBy(['member_states._id', 'member_states.name'])
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  return { seconds: (performance.now() - started) / 1000, filterStateId: Number(top.id), filterStateName: String(top.name), ledger, historyEntries };
}

async function generateHistory(database: Database, now: number, log: (line: string) => void): Promise<number> {
  await database.db.transaction().execute((trx) => seedDemoStateHistory(trx, now));
  const row = await database.db.selectFrom('member_state_history').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  log(`  ${Number(row.n).toLocaleString('en')} state history entries`);
  return Number(row.n);
}
