import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../../src/core/days.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// A small ledger and membership built through the API, with every figure worked out by hand
// below (relative to the current year Y, so the data stays in the past whatever today is).
let server: ResourceTestServer;
let staff: string;
let today: string;
let Y: number;
let m: { a: number; b: number; c: number; d: number };

const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const report = (name: string, query = '') => server.json('GET', `/api/reports/${name}${query}`, staff);
const ok = async (name: string, query = '') => {
  const answer = await report(name, query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const created = async (url: string, body: unknown) => {
  const answer = await post(url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body.data;
};

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  today = lisbonDay(server.ctx.now());
  Y = Number(today.slice(0, 4));
  const active = await server.stateId('Ativo');
  const efetivo = Number((await created('/api/fee_categories', { name: 'Efetivo' }))._id);
  const honorario = Number((await created('/api/fee_categories', { name: 'Honorário', exempt: true }))._id);
  await created('/api/fee_schedules', { year: Y, category: efetivo, amount: 3000, periodicity: 'annual', due_day: 31 });
  await created('/api/fee_schedules', { year: Y + 1, category: efetivo, amount: 1000, periodicity: 'quarterly', due_day: 10 });
  const member = async (name: string, admission: string, extra: Record<string, unknown> = {}) =>
    Number((await created('/api/members', { name, state: active, fee_category: efetivo, admission_date: admission, ...extra }))._id);
  m = {
    a: await member('Ana Lopes', `${Y - 2}-03-01`),
    b: await member('Rui Dias', `${Y - 2}-06-01`),
    c: await member('Eva Rocha', `${Y - 1}-02-01`, { fee_category: honorario }),
    // Entered today already deceased: joined on admission, left today.
    d: await member('Gil Nunes', `${Y - 2}-01-10`, { state: await server.stateId('Falecido') }),
  };
  const gone = await server.json('PUT', `/api/members/${m.b}`, staff, { name: 'Rui Dias', state: await server.stateId('Desistente'), fee_category: efetivo, admission_date: `${Y - 2}-06-01` });
  expect(gone.status, JSON.stringify(gone.body)).toBe(200);

  const debt = async (member: number, year: number, amount: number, due: string, kind = 'quota') =>
    Number((await created('/api/unsettled_payments/raise', { member, kind, year, period: 1, amount, due_date: due, description: `Quota ${year}` }))._id);
  await debt(m.a, Y - 2, 3000, `${Y - 2}-03-31`);
  await debt(m.a, Y - 1, 3000, `${Y - 1}-01-31`);
  await debt(m.b, Y - 2, 3000, `${Y - 2}-06-30`);
  const bLast = await debt(m.b, Y - 1, 3000, `${Y - 1}-01-31`);
  const dLast = await debt(m.d, Y - 1, 3000, `${Y - 1}-01-31`);
  await debt(m.a, Y, 500, `${Y}-01-01`, 'other');

  const pay = async (member: number, date: string, amount: number, method: string, debts?: number[]) =>
    Number((await created('/api/payments/record', { member, date, amount, method, ...(debts ? { debts } : {}) })).payment._id);
  await pay(m.a, `${Y - 2}-04-10`, 3000, 'numerario');
  await pay(m.b, `${Y - 1}-03-01`, 1000, 'transferencia');
  const annulled = await pay(m.a, `${Y - 1}-02-15`, 3000, 'mbway', [await firstOpenDebt(m.a, Y - 1)]);
  await pay(m.b, `${Y}-01-01`, 2500, 'multibanco', [bLast]);
  expect((await post(`/api/payments/${annulled}/annul`, { reason: 'Devolvido pelo banco' })).status).toBeLessThan(300);
  expect((await post(`/api/unsettled_payments/${dLast}/waive`, { reason: 'Falecimento' })).status).toBeLessThan(300);
});
afterAll(async () => {
  await server?.close();
});

async function firstOpenDebt(member: number, year: number): Promise<number> {
  const list = await server.json('GET', `/api/unsettled_payments?_member=${member}&_year=${year}`, staff);
  return Number(list.body.data[0]._id);
}

const lastYearEnd = () => `${Y - 1}-12-31`;

describe('owedPerYear', () => {
  it('sums what each debt year still owes today and counts the members owing', async () => {
    const data = await ok('owedPerYear', `?from=${Y - 2}`);
    expect(data).toMatchObject({ asOf: today, from: Y - 2, to: Y });
    expect(data.basis).toMatch(/dívidas vencidas/);
    // Y-2: Rui 3000 - 1000. Y-1: Ana's payment annulled (3000), Rui 3000 - 2500, Gil's waived. Y: Ana's 500.
    expect(data.rows).toEqual([
      { year: Y - 2, owed: 2000, members: 1 },
      { year: Y - 1, owed: 3500, members: 2 },
      { year: Y, owed: 500, members: 1 },
    ]);
    expect(data.total).toEqual({ owed: 6000, members: 2 });
  });

  it('as of a past day leaves out later payments, annulments and waivers', async () => {
    const data = await ok('owedPerYear', `?asOf=${lastYearEnd()}&from=${Y - 2}`);
    expect(data.rows).toEqual([
      { year: Y - 2, owed: 2000, members: 1 },
      { year: Y - 1, owed: 6000, members: 2 },
    ]);
    expect(data.total).toEqual({ owed: 8000, members: 2 });
  });
});

describe('paymentsPerYear', () => {
  it('splits what came in by payment date and by debt year, per method, without annulled payments', async () => {
    const data = await ok('paymentsPerYear', `?from=${Y - 2}`);
    expect(data.cash).toEqual([
      { year: Y - 2, method: 'numerario', amount: 3000 },
      { year: Y - 1, method: 'transferencia', amount: 1000 },
      { year: Y, method: 'multibanco', amount: 2500 },
    ]);
    expect(data.accrual).toEqual([
      { year: Y - 2, method: 'numerario', amount: 3000 },
      { year: Y - 2, method: 'transferencia', amount: 1000 },
      { year: Y - 1, method: 'multibanco', amount: 2500 },
    ]);
    expect(data.totals).toEqual([
      { year: Y - 2, cash: 3000, accrual: 4000 },
      { year: Y - 1, cash: 1000, accrual: 2500 },
      { year: Y, cash: 2500, accrual: 0 },
    ]);
  });

  it('as of a past day counts a payment annulled since', async () => {
    const data = await ok('paymentsPerYear', `?asOf=${lastYearEnd()}&from=${Y - 2}`);
    expect(data.cash).toEqual([
      { year: Y - 2, method: 'numerario', amount: 3000 },
      { year: Y - 1, method: 'mbway', amount: 3000 },
      { year: Y - 1, method: 'transferencia', amount: 1000 },
    ]);
    expect(data.accrual).toEqual([
      { year: Y - 2, method: 'numerario', amount: 3000 },
      { year: Y - 2, method: 'transferencia', amount: 1000 },
      { year: Y - 1, method: 'mbway', amount: 3000 },
    ]);
  });
});

describe('membership from the state history', () => {
  it('answers who was active on 31 December from history, not from today\'s state', async () => {
    const data = await ok('membershipsPerYear', `?from=${Y - 2}`);
    expect(data.rows).toEqual([
      { year: Y - 2, admissions: 3, endings: 0, activeAtYearEnd: 3, netChange: 3 },
      { year: Y - 1, admissions: 1, endings: 0, activeAtYearEnd: 4, netChange: 1 },
      // Rui and Gil left today: only Ana and Eva are active now.
      { year: Y, admissions: 0, endings: 2, activeAtYearEnd: 2, netChange: -2 },
    ]);
    const past = await ok('membershipsPerYear', `?asOf=${lastYearEnd()}&from=${Y - 1}`);
    expect(past.rows).toEqual([{ year: Y - 1, admissions: 1, endings: 0, activeAtYearEnd: 4, netChange: 1 }]);
  });

  it('counts moves into ending states by year and state', async () => {
    const deceased = await server.stateId('Falecido');
    const left = await server.stateId('Desistente');
    const data = await ok('cancelationsPerYear', `?from=${Y - 2}`);
    expect(data.rows).toEqual([
      { year: Y, state: left, name: 'Desistente', count: 1 },
      { year: Y, state: deceased, name: 'Falecido', count: 1 },
    ]);
    expect(data.totals).toEqual([{ year: Y - 2, count: 0 }, { year: Y - 1, count: 0 }, { year: Y, count: 2 }]);
    expect((await ok('cancelationsPerYear', `?asOf=${lastYearEnd()}&from=${Y - 2}`)).rows).toEqual([]);
  });

  it('expects next year\'s quotas from the members active at year end, exempt categories at nothing', async () => {
    const data = await ok('nextYearQuotaExpectations');
    expect(data).toMatchObject({ from: Y, to: Y });
    expect(data.rows).toEqual([
      // Ana only (Rui and Gil left): four quarters of 1000.
      { year: Y + 1, category: expect.any(Number), name: 'Efetivo', exempt: false, members: 1, perMember: 4000, households: 0, discounted: 0, expected: 4000 },
      { year: Y + 1, category: expect.any(Number), name: 'Honorário', exempt: true, members: 1, perMember: null, households: 0, discounted: 0, expected: 0 },
    ]);
    expect(data.totals).toEqual([{ year: Y + 1, members: 1, expected: 4000 }]);
    const past = await ok('nextYearQuotaExpectations', `?asOf=${lastYearEnd()}`);
    expect(past.totals).toEqual([{ year: Y, members: 3, expected: 9000 }]);
  });
});

describe('bad parameters', () => {
  const tomorrow = () => new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  it.each([
    ['owedPerYear', () => `?asOf=${tomorrow()}`, /não pode ser futura/],
    ['owedPerYear', () => '?asOf=2025-02-30', /não é uma data válida/],
    ['paymentsPerYear', () => '?asOf=ontem', /não é uma data válida/],
    ['membershipsPerYear', () => `?from=${Y}&to=${Y - 1}`, /invertido/],
    ['cancelationsPerYear', () => `?from=${Y - 50}&to=${Y}`, /mais de 50 anos/],
    ['owedPerYear', () => '?from=abc', /ano inicial/],
    ['quotasPorAno', () => '', /Relatório desconhecido/],
  ])('%s%s: a 400 in Portuguese', async (name, query, message) => {
    const answer = await report(name, query());
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(message);
  });
});

describe('who may read reports', () => {
  const status = async (token: string | undefined) => (await server.json('GET', '/api/reports/owedPerYear', token)).status;
  const key = async (role: string) => {
    const admin = (await server.as('admin')).token;
    const answer = await server.json('POST', '/api/api_secrets', admin, { name: `Chave ${role}`, role });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return String(answer.body.data.secret);
  };

  it('staff and their API keys; not members, keys with a member role or the public', async () => {
    expect(await status(staff)).toBe(200);
    expect(await status((await server.as('admin')).token)).toBe(200);
    expect(await status(await key('editor'))).toBe(200);
    expect(await status((await server.as('member')).token)).toBe(403);
    expect(await status(await key('member'))).toBe(403);
    expect(await status(undefined)).toBe(401);
  });
});

describe('organisation type', () => {
  it('a cooperative has no reports', async () => {
    await server.database.db.updateTable('settings').set({ value: 'cooperative' }).where('name', '=', 'orgType').execute();
    try {
      expect((await report('owedPerYear')).status).toBe(404);
    } finally {
      await server.database.db.updateTable('settings').set({ value: 'association' }).where('name', '=', 'orgType').execute();
    }
  });
});
