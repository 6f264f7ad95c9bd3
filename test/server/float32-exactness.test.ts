import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertValue } from '../../src/server/resources/convert.js';
import { defineResource } from '../../src/server/resources/define.js';
import { toRecord } from '../../src/server/resources/records.js';
import type { Caller } from '../../src/server/auth/caller.js';
import { openFreshDatabase } from './support/schema-snapshot.js';
import { loose } from '../../src/server/db/database.js';

// No resource has a float32 field today: this one stands for the next, stored the way a
// migration must store it (a double precision column, REAL affinity on SQLite).
const readings = defineResource({
  name: 'readings',
  label: 'Leituras',
  labelSingular: 'Leitura',
  fields: [{ name: 'value', type: 'float32', label: 'Valor' }],
  access: { list: ['admin'], read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
});
const value = readings.field('value')!;
const admin: Caller = { kind: 'user', id: 1, name: 'Admin', role: 'admin', memberId: null };

describe('float32 fields', () => {
  let database: Awaited<ReturnType<typeof openFreshDatabase>>;
  beforeAll(async () => {
    database = await openFreshDatabase();
    await database.db.schema
      .createTable('readings')
      .addColumn('_id', 'integer', (c) => c.primaryKey())
      .addColumn('value', 'double precision')
      .execute();
  });
  afterAll(() => database.drop());

  /** What a client sends, through conversion, storage and the record sent back, as JSON text. */
  async function roundTrip(id: number, sent: unknown): Promise<string> {
    const converted = convertValue(value, sent);
    if (!converted.ok) throw new Error(converted.message);
    await loose(database.db).insertInto('readings').values({ _id: id, value: converted.value }).execute();
    const row = await loose(database.db).selectFrom('readings').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();
    return JSON.stringify(toRecord(readings, row, admin).value);
  }

  it('store and return the value typed: 0.1 stays 0.1, not 0.10000000149', async () => {
    expect(await roundTrip(1, 0.1)).toBe('0.1');
    expect(await roundTrip(2, '0.1')).toBe('0.1');
    expect(await roundTrip(3, 1234.5678)).toBe('1234.5678');
    expect(await roundTrip(4, -0.000001)).toBe('-0.000001');
    expect(await roundTrip(5, 3.4e38)).toBe('3.4e+38');
  });

  it('refuse, in Portuguese, a number beyond the single-precision range and anything not a number', () => {
    expect(convertValue(value, 1e39)).toEqual({ ok: false, message: 'Número demasiado grande.' });
    expect(convertValue(value, -1e39)).toEqual({ ok: false, message: 'Número demasiado grande.' });
    expect(convertValue(value, 'abc')).toEqual({ ok: false, message: 'Deve ser um número.' });
  });
});
