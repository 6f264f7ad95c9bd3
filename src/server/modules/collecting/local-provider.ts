import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { coded } from '../../errors.js';
import { localReference } from './multibanco.js';
import type { PaymentProvider } from './provider.js';

const SEQUENCES = 10_000;

/**
 * The next 4-digit sequence of this entity and sub-entity that no open request holds, taken
 * inside the caller's transaction: the counter row is updated first, so concurrent creators
 * wait on it (PostgreSQL row lock; SQLite has one writer), and the unique index on open
 * sequences refuses a reuse whatever happens.
 */
async function nextFreeSequence(db: Db, entity: string, subEntity: string): Promise<number> {
  const name = `multibanco:${entity}:${subEntity}`;
  await db.insertInto('collecting_counters').values({ name, value: 0 }).onConflict((oc) => oc.column('name').doNothing()).execute();
  for (let attempt = 0; attempt < SEQUENCES; attempt += 1) {
    const row = await db
      .updateTable('collecting_counters')
      .set({ value: sql`value + 1` })
      .where('name', '=', name)
      .returning('value')
      .executeTakeFirstOrThrow();
    const sequence = Number(row.value) % SEQUENCES;
    const taken = await db
      .selectFrom('payment_requests')
      .select('_id')
      .where('entity', '=', entity)
      .where('sub_entity', '=', subEntity)
      .where('sequence', '=', sequence)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (!taken) return sequence;
  }
  throw coded(409, 'conflict', 'Todas as 10 000 referências Multibanco desta subentidade estão em pedidos por pagar: espere que expirem ou use outra subentidade.');
}

/**
 * References from the association's own entity and sub-entity (settings). They have no
 * provider behind them: no MB WAY, no callbacks; payments arrive through the bank's statement.
 */
export function localProvider(entity: string, subEntity: string): PaymentProvider {
  return {
    name: 'local',
    local: true,
    async createReference(_debts, amount, _expiry, { db }) {
      const sequence = await nextFreeSequence(db, entity, subEntity);
      return { entity, reference: localReference(entity, subEntity, sequence, amount), providerId: null, subEntity, sequence };
    },
    requestMbway() {
      return Promise.reject(new Error('local references have no MB WAY'));
    },
    verifyCallback(request) {
      return { ok: false, reason: 'local references receive no callbacks', raw: Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, v ?? ''])) };
    },
    status: () => Promise.resolve(null),
  };
}
