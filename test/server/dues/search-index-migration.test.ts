import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { appMigrations } from '../../../src/server/modules/migrations.js';
import { parseListParams } from '../../../src/server/resources/list-params.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { listRows } from '../../../src/server/resources/list-query.js';
import { resourceByName } from '../support/app-registry.js';
import { openFreshDatabase, searchIndexColumns } from '../support/schema-snapshot.js';
import { testEngine } from '../support/server.js';

// Payments and debts searched by their own text read every row until dues/051 gave each a trigram
// index. On a database that already holds them, the migration indexes the rows there, and every
// search answers what it answered before (read row by row then, through the index now); the
// index then follows what is written.

const MIGRATION = 'dues/051_payments_debts_search';
const STAMP = '2026-11-28T10:00:00.000Z';

/** The ids a list search answers, whole and in order, with its total. */
async function searched(database: Database, name: 'payments' | 'unsettled_payments', term: string, indexed: boolean, parameter = '_search') {
  const defined = resourceByName(name)!;
  // Before the migration the list read every row: what it did when the definition had no index.
  const resource = indexed ? defined : { ...defined, searchIndex: false };
  const list = async (limit: string) => listRows(database, resource, parseListParams(resource, { [parameter]: term, _limit: limit }));
  const all = await list('-1');
  const page = await list('2');
  return { ids: all.rows.map((row) => Number(row._id)), total: page.total, page: page.rows.map((row) => Number(row._id)) };
}

const PAYMENT_TERMS = ['conceicao', 'CONCEIÇÃO', 'trf', 'filh', 'trf 4711', 'mb 12', 'rita', 'xyzzy'];
const DEBT_TERMS = ['joia', 'JÓIA', 'quota 2024', 'uota', 'agregado', 'rita 2025', 'xyzzy'];

describe(`migration ${MIGRATION} on payments and debts recorded before it (${testEngine})`, () => {
  it('indexes the rows already there: every search answers the same rows, order and total as before, and later writes are found', async () => {
    const database = await openFreshDatabase();
    try {
      const { db, engine } = database;
      const before051 = appMigrations.filter((m) => m.name !== MIGRATION);
      expect(before051).toHaveLength(appMigrations.length - 1);
      await migrate(db, engine, before051);

      await ensureReferenceData(db, Date.parse(STAMP), 'association');
      const state = await db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow();
      const member = async (number: number, name: string) =>
        Number((await db.insertInto('members').values({ number, name, state: state._id, created_at: STAMP, updated_at: STAMP }).returning('_id').executeTakeFirstOrThrow())._id);
      const rita = await member(4711, 'Rita Quixabeira');
      const rui = await member(12, 'Rui Conceição');
      const references = ['TRF Conceição', 'trf 4711-A', 'LOPES & FILHOS', null, 'MB 123 456', 'Pago pela Conceição Lopes', null, 'TRF'];
      await db
        .insertInto('payments')
        .values(
          references.map((reference, i) => ({ member: i % 2 === 0 ? rita : rui, date: `2025-0${1 + (i % 9)}-1${i}`, amount: 1000 + i, allocated: 0, method: 'transferencia', reference, created_at: STAMP, updated_at: STAMP })),
        )
        .execute();
      const descriptions = ['Quota 2024', 'Jóia 2024', 'Quota 2025', 'Quota 2025 — Agregado Silva: Rita, Rui', 'JOIA', 'Outro'];
      await db
        .insertInto('unsettled_payments')
        .values(
          descriptions.map((description, i) => ({
            member: i % 2 === 0 ? rita : rui, kind: 'quota', year: 2024 + (i % 2), period: 1, amount: 2000, paid: 0, status: 'open', due_date: `2025-0${1 + i}-31`, description, created_at: STAMP, updated_at: STAMP,
          })),
        )
        .execute();

      const answers = async (indexed: boolean) => ({
        payments: await Promise.all(PAYMENT_TERMS.map((term) => searched(database, 'payments', term, indexed))),
        debts: await Promise.all(DEBT_TERMS.map((term) => searched(database, 'unsettled_payments', term, indexed))),
        // The reference's "contains" filter looks it up in the same index.
        filtered: await Promise.all(PAYMENT_TERMS.map((term) => searched(database, 'payments', term, indexed, '_reference'))),
      });
      const before = await answers(false);
      // The terms find something, not everything: 'conceicao' is two payments' own text and one member's name (four payments).
      expect(before.payments[0]!.ids).toHaveLength(5);
      expect(before.debts[0]!.ids).toHaveLength(2);
      expect(before.payments.at(-1)!.ids).toEqual([]);

      expect(await searchIndexColumns(database, 'payments')).toEqual([]);
      expect(await migrate(db, engine, appMigrations)).toEqual([MIGRATION]);
      expect(await searchIndexColumns(database, 'payments')).toEqual(['reference']);
      expect(await searchIndexColumns(database, 'unsettled_payments')).toEqual(['description']);
      expect(await answers(true)).toEqual(before);

      // Written after the migration: a new payment, a reference corrected, a debt raised.
      const added = await db
        .insertInto('payments')
        .values({ member: rita, date: '2025-12-01', amount: 500, allocated: 0, method: 'mbway', reference: 'Referência Ômega', created_at: STAMP, updated_at: STAMP })
        .returning('_id')
        .executeTakeFirstOrThrow();
      const [corrected] = (await searched(database, 'payments', 'filh', true)).ids;
      await db.updateTable('payments').set({ reference: 'Lopes e companhia' }).where('_id', '=', corrected!).execute();
      await db
        .insertInto('unsettled_payments')
        .values({ member: rui, kind: 'other', year: 2025, period: 0, amount: 700, paid: 0, status: 'open', due_date: '2025-12-31', description: 'Cotização extraordinária', created_at: STAMP, updated_at: STAMP })
        .execute();
      expect((await searched(database, 'payments', 'referencia omega', true)).ids).toEqual([Number(added._id)]);
      expect((await searched(database, 'payments', 'filh', true)).ids).toEqual([]);
      expect((await searched(database, 'payments', 'companhia', true)).ids).toEqual([corrected]);
      expect((await searched(database, 'unsettled_payments', 'cotizacao', true)).total).toBe(1);
    } finally {
      await database.drop();
    }
  });
});
