import { afterAll, beforeAll, expect, it } from 'vitest';
import { lisbonDay } from '../../../src/core/days.js';
import { generateYear } from '../../../src/server/modules/dues/generation.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// Next year's expected quotas when households pay together (issue 34): a category charged per
// household expects one quota per household; a household discount lowers the quotas from the
// Nth member of each household on; the report's figures are those generation will charge.
let server: ResourceTestServer;
let staff: string;
let Y: number;

const created = async (url: string, body: unknown) => {
  const answer = await server.json('POST', url, staff, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body.data;
};

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  Y = Number(lisbonDay(server.ctx.now()).slice(0, 4));
  const active = await server.stateId('Ativo');
  const familia = Number((await created('/api/fee_categories', { name: 'Família', charge: 'household' }))._id);
  const normal = Number((await created('/api/fee_categories', { name: 'Normal', household_discount_percent: 50, household_discount_from: 2 }))._id);
  // Família: 60,00 € a year per household; Normal: 4 quarters of 10,01 € (half: 5,01 €, rounded half up).
  await created('/api/fee_schedules', { year: Y + 1, category: familia, amount: 6000, periodicity: 'annual', due_day: 31 });
  await created('/api/fee_schedules', { year: Y + 1, category: normal, amount: 1001, periodicity: 'quarterly', due_day: 10 });
  const silva = Number((await created('/api/households', { name: 'Agregado Silva', payer_name: 'Paula Silva', payer_nif: '123456789' }))._id);
  const costa = Number((await created('/api/households', { name: 'Agregado Costa', payer_name: 'Rui Costa', payer_nif: '123456789' }))._id);
  const member = async (name: string, category: number, household: number | null, extra: Record<string, unknown> = {}) =>
    created('/api/members', { name, state: active, fee_category: category, admission_date: `${Y - 1}-03-01`, household, ...extra });
  // Família: three Silvas (one household), one Costa, and one member of no household.
  await member('Ana Silva', familia, silva);
  await member('Bruno Silva', familia, silva);
  await member('Carla Silva', familia, silva);
  await member('Duarte Costa', familia, costa);
  await member('Ema Sousa', familia, null);
  // Normal: two Costas (the second at half), and a third Costa exempt (charged nothing, not counted as "second").
  await member('Filipe Costa', normal, costa);
  await member('Gil Costa', normal, costa);
  await member('Hugo Costa', normal, costa, { dues_exempt: true });
  await member('Inês Reis', normal, null);
});
afterAll(async () => {
  await server?.close();
});

it('expects one quota per household in a category charged per household, and the discount from the Nth member', async () => {
  const answer = await server.json('GET', '/api/reports/nextYearQuotaExpectations', staff);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const rows = answer.body.data.rows as { name: string; members: number; perMember: number; households: number; discounted: number; expected: number }[];
  expect(rows.map(({ name, members, perMember, households, discounted, expected }) => ({ name, members, perMember, households, discounted, expected }))).toEqual([
    // Silvas and Costa: two household quotas; Ema: her own. 3 × 60,00 €.
    { name: 'Família', members: 5, perMember: 6000, households: 2, discounted: 0, expected: 18000 },
    // Filipe and Inês in full, Gil at half (4 × 5,01 €), Hugo counted among the members as the report counts them (4 × 10,01 €).
    { name: 'Normal', members: 4, perMember: 4004, households: 0, discounted: 1, expected: 4004 * 3 + 2004 },
  ]);
  expect(answer.body.data.totals).toEqual([{ year: Y + 1, members: 9, expected: 18000 + 4004 * 3 + 2004 }]);
});

it('matches what generation then charges for the year, member by member', async () => {
  await generateYear(server.database.db, Y + 1, server.ctx.now());
  const debts = await server.database.db.selectFrom('unsettled_payments').select(['amount']).where('year', '=', Y + 1).where('kind', '=', 'quota').execute();
  const charged = debts.reduce((sum, d) => sum + Number(d.amount), 0);
  // Hugo is exempt: generation charges him nothing, while the report (as ever) counts his category's quota for him.
  expect(charged).toBe(18000 + 4004 * 2 + 2004);
});
