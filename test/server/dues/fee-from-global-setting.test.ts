import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeFromGlobalSettingMigration } from '../../../src/server/modules/dues/fee-from-global-setting-migration.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// The global "Valor da quota" setting went (issue 30): migration dues/038 turns a value someone
// set into fee schedules for the categories that had none, then deletes the two settings rows.

let server: ResourceTestServer;
let staff: string;
const category: Record<string, number> = {};
const post = (url: string, body: unknown) => server.json('POST', url, staff, body);

const storeOldSettings = async (amount: string, period: string, savedAt: string) => {
  await server.database.db.deleteFrom('settings').where('name', 'in', ['membershipPaymentAmount', 'membershipPaymentPeriod']).execute();
  await server.database.db
    .insertInto('settings')
    .values([
      { name: 'membershipPaymentAmount', value: amount, created_at: savedAt, updated_at: savedAt },
      { name: 'membershipPaymentPeriod', value: period, created_at: savedAt, updated_at: savedAt },
    ])
    .execute();
};
const oldSettingsLeft = async () =>
  (await server.database.db.selectFrom('settings').select('name').where('name', 'in', ['membershipPaymentAmount', 'membershipPaymentPeriod']).execute()).length;
const schedulesOf = async (name: string) =>
  server.database.db
    .selectFrom('fee_schedules')
    .select(['year', 'amount', 'periodicity', 'due_day', 'joining_fee', 'capital'])
    .where('category', '=', category[name]!)
    .orderBy('year')
    .execute();
const migrate = () => feeFromGlobalSettingMigration.up(server.database.db, server.database.engine);

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('admin')).token;
  for (const [name, exempt] of [['Efetivo antigo', false], ['Juvenil antigo', false], ['Honorário antigo', true]] as const) {
    const { status, body } = await post('/api/fee_categories', { name, exempt });
    expect(status, name).toBe(201);
    category[name] = Number(body.data._id);
  }
  const { status } = await post('/api/fee_schedules', { year: 2025, category: category['Efetivo antigo'], amount: 2000, periodicity: 'annual', due_day: 31 });
  expect(status).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

describe('migration dues/038_fee_from_global_setting', () => {
  it('gives every charging category without a schedule one with the global value, for the latest schedule year, and deletes both settings', async () => {
    await storeOldSettings('12.50', 'mensal', '2023-05-02T09:00:00.000Z');
    await migrate();
    expect(await schedulesOf('Juvenil antigo')).toEqual([{ year: 2025, amount: 1250, periodicity: 'monthly', due_day: 31, joining_fee: 0, capital: 0 }]);
    // A category with its own schedule keeps it; an exempt one is never charged.
    expect(await schedulesOf('Efetivo antigo')).toEqual([{ year: 2025, amount: 2000, periodicity: 'annual', due_day: 31, joining_fee: 0, capital: 0 }]);
    expect(await schedulesOf('Honorário antigo')).toEqual([]);
    expect(await oldSettingsLeft()).toBe(0);
    // The schedule it made is an ordinary one: listed, read and editable through the API.
    const { body } = await server.json('GET', `/api/fee_schedules?_category=${category['Juvenil antigo']}`, staff);
    expect(body.data).toMatchObject([{ year: 2025, amount: 1250, periodicity: 'monthly' }]);
    const edited = await server.json('PATCH', `/api/fee_schedules/${body.data[0]._id}`, staff, { amount: 1300, _version: body.data[0]._version });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ amount: 1300 });

    // Again: nothing left to move, nothing changes.
    await migrate();
    expect(await schedulesOf('Juvenil antigo')).toHaveLength(1);
  });

  it('takes the year the setting was saved when no schedule exists, and an annual period when none was stored', async () => {
    await server.database.db.deleteFrom('fee_schedules').execute();
    await storeOldSettings('7', 'semanal', '2024-11-30T23:00:00.000Z');
    await migrate();
    expect(await schedulesOf('Efetivo antigo')).toEqual([{ year: 2024, amount: 700, periodicity: 'annual', due_day: 31, joining_fee: 0, capital: 0 }]);
    expect(await schedulesOf('Juvenil antigo')).toEqual([{ year: 2024, amount: 700, periodicity: 'annual', due_day: 31, joining_fee: 0, capital: 0 }]);
    expect(await oldSettingsLeft()).toBe(0);
  });

  it('makes no schedule from the default 0.00 or an unreadable value, and still deletes the settings', async () => {
    await server.database.db.deleteFrom('fee_schedules').execute();
    for (const amount of ['0.00', 'abc', '12,50x']) {
      await storeOldSettings(amount, 'anual', '2024-01-01T00:00:00.000Z');
      await migrate();
      expect(await server.database.db.selectFrom('fee_schedules').select('_id').execute(), amount).toEqual([]);
      expect(await oldSettingsLeft(), amount).toBe(0);
    }
  });
});
