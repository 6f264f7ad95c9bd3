import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from './support.js';
import { resources } from '../support/app-registry.js';
import { isColumn } from '../../../src/server/resources/define.js';
import { listOrder } from '../../../src/server/resources/text-order.js';

// Tables of a few dozen rows at most (reference data, settings, configuration): sorting them in
// memory takes well under a millisecond, so their sorts need no index (migrations 021 and 026).
const SMALL = new Set([
  'countries', 'member_states', 'tags', 'settings', 'api_secrets', 'fee_categories', 'fee_schedules', 'reminder_stages',
  'reconciliation_imports', 'saved_filters', 'direct_debit_batches', 'card_checkins', 'document_statuses',
  // The purposes personal data are used for (a handful: quotas, newsletter, photos...).
  'consent_purposes',
]);
// Views, read a member at a time (a few rows a year each): payment_messages unites the outbox's
// reminders, notices and payment requests, an order no single index holds.
const VIEWS = new Set(['payment_messages']);

let server: ResourceTestServer;
beforeAll(async () => {
  server = await startResourceServer();
});
afterAll(() => server.close());

/** The plan of a list's first page; on PostgreSQL, whether an index *can* serve it (the test tables are tiny). */
async function plan(table: string, order: ReturnType<typeof listOrder>): Promise<string> {
  const { db, engine } = server.database;
  const query = sql`SELECT _id FROM ${sql.table(table)} ORDER BY ${order} LIMIT 100`;
  return db.transaction().execute(async (trx) => {
    if (engine === 'sqlite') return (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(trx)).rows.map((r) => r.detail).join('\n');
    await sql`SET LOCAL enable_sort = off`.execute(trx);
    await sql`SET LOCAL enable_incremental_sort = off`.execute(trx);
    return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('sortable fields of tables that grow', () => {
  it('each have an index that serves their sort with the _id tie-break, both ways', async () => {
    const unserved: string[] = [];
    for (const resource of resources.filter((r) => !SMALL.has(r.name) && !VIEWS.has(r.name))) {
      for (const field of resource.fields.filter((f) => f.sortable && isColumn(f))) {
        for (const descending of [false, true]) {
          const steps = await plan(resource.name, listOrder(server.database.engine, field, descending));
          if (/TEMP B-TREE|Sort/.test(steps)) unserved.push(`${resource.name}.${descending ? '-' : ''}${field.name}`);
        }
      }
    }
    expect(unserved).toEqual([]);
  });
});
