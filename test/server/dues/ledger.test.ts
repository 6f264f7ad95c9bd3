import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { generateYear } from '../../../src/server/modules/dues/generation.js';
import { admittedToday } from '../support/dues-terms.js';

let server: ResourceTestServer;
let staff: string;
let memberToken: string;
let active: number;
let categories: { efetivo: number; estudante: number; isento: number };
let members: { ana: number; rui: number; eva: number; gone: number; late: number };

const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const get = (url: string, token = staff) => server.json('GET', url, token);

async function newMember(name: string, category: number, extra: Record<string, unknown> = {}) {
  const answer = await post('/api/members', { name, state: active, ...admittedToday(server, category), ...extra });
  expect(answer.status).toBe(201);
  return Number(answer.body.data._id);
}

async function debtsOf(member: number) {
  return (await get(`/api/members/${member}/unsettled_payments?_limit=-1&_sort=due_date`)).body.data as Record<string, any>[];
}

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  const category = async (name: string, exempt = false) => Number((await post('/api/fee_categories', { name, exempt })).body.data._id);
  categories = { efetivo: await category('Efetivo'), estudante: await category('Estudante'), isento: await category('Honorário', true) };
  for (const year of [2025, 2026]) {
    expect((await post('/api/fee_schedules', { year, category: categories.efetivo, amount: 3000, periodicity: 'annual', due_day: 31, joining_fee: 500 })).status).toBe(201);
    expect((await post('/api/fee_schedules', { year, category: categories.estudante, amount: 500, periodicity: 'quarterly', due_day: 10 })).status).toBe(201);
    expect((await post('/api/fee_schedules', { year, category: categories.isento, amount: 0, periodicity: 'annual', due_day: 1 })).status).toBe(201);
  }
  members = {
    ana: await newMember('Ana Lopes', categories.efetivo, { admission_date: '2024-03-01' }),
    rui: await newMember('Rui Dias', categories.estudante, { admission_date: '2024-01-10' }),
    eva: await newMember('Eva Rocha', categories.isento, { admission_date: '2020-01-01' }),
    gone: await newMember('Gil Nunes', categories.efetivo, { admission_date: '2019-01-01', state: await server.stateId('Desistente') }),
    late: await newMember('Luís Sá', categories.efetivo, { admission_date: '2026-07-15' }),
  };
  memberToken = (await server.as('member', { memberId: members.ana })).token;
});
afterAll(async () => {
  await server?.close();
});

describe('admission', () => {
  it('raises the joining fee and a pro-rata first quota in the member creation', async () => {
    const debts = await debtsOf(members.late);
    expect(debts.map((d) => [d.kind, d.year, d.amount, d.due_date])).toEqual([
      ['joia', 2026, 500, '2026-07-15'],
      // Admitted in July: six months of twelve.
      ['quota', 2026, 1500, '2026-07-15'],
    ]);
  });

  it('raises nothing for members admitted before the schedules existed, in an ending state or exempt', async () => {
    expect(await debtsOf(members.gone)).toEqual([]);
    expect(await debtsOf(members.eva)).toEqual([]);
  });
});

describe('generating a year', () => {
  it('gives every paying member exactly one debt per period, however often it runs', async () => {
    const db = server.database.db;
    const first = await generateYear(db, 2025, server.ctx.now());
    const again = await generateYear(db, 2025, server.ctx.now());
    expect(first.raised).toBe(1 + 4); // Ana's annual quota, Rui's four quarters
    expect(again.raised).toBe(0);
    expect((await debtsOf(members.rui)).map((d) => [d.period, d.due_date, d.description])).toEqual([
      [1, '2025-01-10', 'Quota 2025 (1.º trimestre)'],
      [2, '2025-04-10', 'Quota 2025 (2.º trimestre)'],
      [3, '2025-07-10', 'Quota 2025 (3.º trimestre)'],
      [4, '2025-10-10', 'Quota 2025 (4.º trimestre)'],
    ]);
    expect(await debtsOf(members.gone)).toEqual([]);
    expect(await debtsOf(members.eva)).toEqual([]);
    // Admitted in 2026: nothing for 2025.
    expect((await debtsOf(members.late)).every((d) => d.year === 2026)).toBe(true);
  });

  it('a run that dies midway keeps whole periods, and the rerun completes them without doubles', async () => {
    const db = server.database.db;
    await expect(
      generateYear(db, 2026, server.ctx.now(), (done) => {
        if (done === 2) throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    const partial = (await debtsOf(members.rui)).filter((d) => d.year === 2026);
    expect(partial.length).toBeLessThan(4);
    await generateYear(db, 2026, server.ctx.now());
    await generateYear(db, 2026, server.ctx.now());
    const rows = await db.selectFrom('unsettled_payments').select(['member', 'kind', 'year', 'period']).where('year', '=', 2026).execute();
    const keys = rows.map((r) => [r.member, r.kind, r.year, r.period].map(String).join(':'));
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.filter((r) => Number(r.member) === members.ana)).toHaveLength(1);
    expect(rows.filter((r) => Number(r.member) === members.rui)).toHaveLength(4);
  });
});

describe('generating on demand', () => {
  it('queues a job that raises the year, reporting progress to staff', async () => {
    expect((await post('/api/fee_schedules', { year: 2027, category: categories.efetivo, amount: 3200, periodicity: 'annual', due_day: 31 })).status).toBe(201);
    const events: { topic: string; payload: any }[] = [];
    const stop = server.ctx.bus.subscribe((event) => events.push(event));
    const answer = await post('/api/unsettled_payments/generate', { year: 2027 });
    expect(answer.status).toBe(200);
    expect(answer.body.data.job.state).toBe('queued');
    await server.app.jobs.tick();
    stop();
    expect((await debtsOf(members.ana)).filter((d) => d.year === 2027).map((d) => d.amount)).toEqual([3200]);
    const job = await server.database.db.selectFrom('jobs').selectAll().where('_id', '=', answer.body.data.job._id).executeTakeFirstOrThrow();
    expect(job.state).toBe('done');
    // The done event reports what the launch did, as the rows say: members charged, debts raised, their total.
    const raised = await server.database.db.selectFrom('unsettled_payments').select(['member', 'amount']).where('year', '=', 2027).execute();
    expect(raised.length).toBeGreaterThan(0);
    const launched = (list: typeof events) => list.filter((e) => e.topic === 'jobs' && e.payload.name === 'dues.generate' && e.payload.state === 'done').map((e) => e.payload.result);
    expect(launched(events)).toEqual([
      expect.objectContaining({ year: 2027, raised: raised.length, members: new Set(raised.map((r) => Number(r.member))).size, total: raised.reduce((sum, r) => sum + Number(r.amount), 0) }),
    ]);
    // Other jobs' done events carry nothing of theirs.
    expect(events.filter((e) => e.topic === 'jobs' && e.payload.name !== 'dues.generate' && e.payload.result !== undefined)).toEqual([]);
    // A second launch of the same year raises nothing and says so.
    const again: { topic: string; payload: any }[] = [];
    const stopAgain = server.ctx.bus.subscribe((event) => again.push(event));
    expect((await post('/api/unsettled_payments/generate', { year: 2027 })).status).toBe(200);
    await server.app.jobs.tick();
    stopAgain();
    expect(launched(again)).toEqual([expect.objectContaining({ raised: 0, members: 0, total: 0 })]);
    expect((await post('/api/unsettled_payments/generate', { year: 1999 })).status).toBe(422);
    expect((await post('/api/unsettled_payments/generate', { year: 2027 }, memberToken)).status).toBe(403);
  });
});

describe('the unpaid list', () => {
  it('filters by a year still owed, with the other filters, and refuses a year out of range', async () => {
    const owing = async (query: string, token = staff) => {
      const answer = await get(`/api/member_balances?_limit=-1&_sort=_id&${query}`, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data as { member: number }[]).map((row) => row.member);
    };
    expect(await owing('_owes_year=2025')).toEqual([members.ana, members.rui]);
    // 2027's quotas fall due on 2027-01-31: before that day nobody owes that year (the ledger's
    // one rule), from it on they are owed and counted in the years owed.
    const dueDay = Date.parse('2027-01-31T12:00:00Z');
    const before = Math.min(0, dueDay - 86_400_000 - server.ctx.now());
    const after = Math.max(0, dueDay - server.ctx.now());
    server.advance(before);
    try {
      expect(await owing('_owes_year=2027')).toEqual([]);
      expect(await owing(`_owes_year=2026&_category=${categories.efetivo}&_years_owed_gte=3`)).toEqual([]);
    } finally {
      server.advance(-before);
    }
    server.advance(after);
    try {
      // Two months on, the session of the test's start has expired.
      const later = (await server.as('editor')).token;
      expect(await owing('_owes_year=2027', later)).toEqual([members.ana, members.late]);
      expect(await owing(`_owes_year=2027&_category=${categories.efetivo}&_years_owed_gte=3`, later)).toEqual([members.ana]);
    } finally {
      server.advance(-after);
    }
    expect(await owing('_owes_year=2024')).toEqual([]);
    const wrong = await get('/api/member_balances?_owes_year=1999');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Valor inválido no filtro "Deve o ano" (owes_year): indique um número inteiro de 2000 a 2100.');
  });
});

describe('recording payments', () => {
  it('settles the debts chosen, partly paying the last one, and the balance follows', async () => {
    const ruiDebts = (await debtsOf(members.rui)).filter((d) => d.year === 2025);
    const answer = await post('/api/payments/record', {
      member: members.rui,
      date: '2025-05-02',
      amount: 700,
      method: 'numerario',
      debts: [ruiDebts[2]!._id, ruiDebts[0]!._id],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.allocations).toEqual([
      { debt: ruiDebts[0]!._id, amount: 500 },
      { debt: ruiDebts[2]!._id, amount: 200 },
    ]);
    expect(answer.body.data.credit).toBe(0);
    const after = await debtsOf(members.rui);
    expect(after.find((d) => d._id === ruiDebts[0]!._id)).toMatchObject({ status: 'paid', paid: 500, open_amount: 0 });
    expect(after.find((d) => d._id === ruiDebts[2]!._id)).toMatchObject({ status: 'partial', paid: 200, open_amount: 300 });
    const balance = (await get(`/api/member_balances/${members.rui}`)).body.data;
    expect(balance).toMatchObject({ open_total: 8 * 500 - 700, open_debts: 7, years_owed: 2, oldest_due: '2025-04-10', credit: 0 });
  });

  it('pays the oldest debts first when none are chosen and keeps the rest as credit for the next debt', async () => {
    const answer = await post('/api/payments/record', { member: members.ana, date: '2026-01-05', amount: 10000, method: 'transferencia', reference: 'TRF-1' });
    expect(answer.status).toBe(200);
    // 2025, 2026 and 2027 quotas, oldest first.
    expect(answer.body.data.allocations.map((a: { amount: number }) => a.amount)).toEqual([3000, 3000, 3200]);
    expect(answer.body.data.credit).toBe(800);
    const raised = await post('/api/unsettled_payments/raise', { member: members.ana, kind: 'other', year: 2026, amount: 500, due_date: '2026-03-01', description: 'Jantar anual' });
    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({ status: 'paid', paid: 500 });
    const more = await post('/api/unsettled_payments/raise', { member: members.ana, kind: 'other', year: 2026, amount: 1000, due_date: '2026-04-01', description: 'Visita' });
    expect(more.body.data).toMatchObject({ status: 'partial', paid: 300, open_amount: 700 });
    expect((await get(`/api/member_balances/${members.ana}`)).body.data).toMatchObject({ open_total: 700, credit: 0 });
  });

  it('answers the payment as it reads once recorded: its allocated sum, credit, reference and notes', async () => {
    const member = await newMember('Sara Lobo', categories.efetivo, { admission_date: '2026-01-01' });
    const owed = (await debtsOf(member)).reduce((sum, d) => sum + d.open_amount, 0);
    const answer = await post('/api/payments/record', { member, date: '2026-02-03', amount: owed + 250, method: 'mbway', reference: 'MBW-77', notes: 'Pago ao balcão' });
    expect(answer.status).toBe(200);
    const recorded = answer.body.data.payment;
    expect(recorded).toMatchObject({ member, date: '2026-02-03', amount: owed + 250, allocated: owed, credit: 250, method: 'mbway', reference: 'MBW-77', notes: 'Pago ao balcão', annulled_at: null });
    const read = await get(`/api/payments/${recorded._id}`);
    expect(read.body.data).toMatchObject(recorded);
  });

  it('annulling a payment reopens its debts and keeps its history', async () => {
    const payment = (await get(`/api/members/${members.rui}/payments`)).body.data[0];
    const annulled = await post(`/api/payments/${payment._id}/annul`, { reason: 'Cheque devolvido' });
    expect(annulled.status).toBe(200);
    expect(annulled.body.data).toMatchObject({ annul_reason: 'Cheque devolvido', credit: 0 });
    expect((await debtsOf(members.rui)).filter((d) => d.year === 2025).map((d) => d.status)).toEqual(['open', 'open', 'open', 'open']);
    expect((await get(`/api/payments/${payment._id}/payment_allocations`)).body.data).toHaveLength(2);
    const again = await post(`/api/payments/${payment._id}/annul`, { reason: 'outra vez' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ledger_conflict');
  });

  it('refuses bad amounts, foreign debts and unknown members with pt-PT errors and changes nothing', async () => {
    const before = await server.database.db.selectFrom('payments').select('_id').execute();
    const anaDebt = (await debtsOf(members.ana))[0]!;
    for (const [body, field] of [
      [{ member: members.rui, date: '2026-01-01', amount: 0, method: 'numerario' }, 'amount'],
      [{ member: members.rui, date: '2026-01-01', amount: -100, method: 'numerario' }, 'amount'],
      [{ member: members.rui, date: '2026-01-01', amount: 100_000_000, method: 'numerario' }, 'amount'],
      [{ member: members.rui, date: '2026-01-01', amount: 100, method: 'numerario', debts: [anaDebt._id] }, 'debts'],
      [{ member: 999_999, date: '2026-01-01', amount: 100, method: 'numerario' }, 'member'],
      [{ member: members.rui, date: '2026-01-01', amount: 100, method: 'bitcoin' }, 'method'],
    ] as const) {
      const answer = await post('/api/payments/record', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors)).toContain(field);
    }
    expect(await server.database.db.selectFrom('payments').select('_id').execute()).toEqual(before);
  });
});

describe('concurrent payments', () => {
  it('never allocate more than a debt owes, however many arrive at once', async () => {
    const member = await newMember('Rita Paz', categories.efetivo, { admission_date: '2026-01-01' });
    const owed = (await debtsOf(member)).reduce((sum, d) => sum + d.open_amount, 0);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/payments/record', { member, date: '2026-02-01', amount: 1000, method: 'numerario' })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const debts = await debtsOf(member);
    expect(debts.every((d) => d.paid <= d.amount)).toBe(true);
    expect(debts.reduce((sum, d) => sum + d.paid, 0)).toBe(Math.min(owed, 8000));
    const balance = (await get(`/api/member_balances/${member}`)).body.data;
    expect(balance.credit).toBe(8000 - Math.min(owed, 8000));
  });
});

describe('waiving and annulling debts', () => {
  it('waives what is left of a debt and refuses to annul a debt with payments on it', async () => {
    const [first] = (await debtsOf(members.rui)).filter((d) => d.year === 2026);
    await post('/api/payments/record', { member: members.rui, date: '2026-02-01', amount: 100, method: 'mbway', debts: [first!._id] });
    const annul = await post(`/api/unsettled_payments/${first!._id}/annul`, { reason: 'Erro' });
    expect(annul.status).toBe(409);
    const waived = await post(`/api/unsettled_payments/${first!._id}/waive`, { reason: 'Dificuldades económicas' });
    expect(waived.status).toBe(200);
    expect(waived.body.data).toMatchObject({ status: 'waived', paid: 100, open_amount: 0, resolution_reason: 'Dificuldades económicas' });
    const missingReason = await post(`/api/unsettled_payments/${first!._id}/waive`, {});
    expect(missingReason.status).toBe(422);
  });
});

describe('changing a schedule in use', () => {
  it('refuses to change its periodicity; a new amount leaves the debts already raised as they were', async () => {
    const schedule = (await get(`/api/fee_schedules?_year=2025&_category=${categories.estudante}`)).body.data[0];
    const before = (await debtsOf(members.rui)).filter((d) => d.year === 2025).map((d) => d.amount);
    const refused = await server.json('PATCH', `/api/fee_schedules/${schedule._id}`, staff, { periodicity: 'monthly' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
    expect((await get(`/api/fee_schedules/${schedule._id}`)).body.data.periodicity).toBe('quarterly');
    const amount = await server.json('PATCH', `/api/fee_schedules/${schedule._id}`, staff, { amount: 600 });
    expect(amount.status).toBe(200);
    expect((await debtsOf(members.rui)).filter((d) => d.year === 2025).map((d) => d.amount)).toEqual(before);
    expect((await server.json('DELETE', `/api/fee_schedules/${schedule._id}`, staff)).status).toBe(409);
  });
});

describe('deleting members', () => {
  it('takes the unpaid debts of a member without payments along, and refuses one with payments', async () => {
    const mistaken = await newMember('Criado por engano', categories.efetivo, { admission_date: '2026-02-01' });
    expect((await debtsOf(mistaken)).length).toBeGreaterThan(0);
    const admin = (await server.as('admin')).token;
    expect((await server.json('DELETE', `/api/members/${mistaken}`, admin)).status).toBe(204);
    expect(await server.database.db.selectFrom('unsettled_payments').select('_id').where('member', '=', mistaken).execute()).toEqual([]);
    const refused = await server.json('DELETE', `/api/members/${members.rui}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
    expect((await debtsOf(members.rui)).length).toBeGreaterThan(0);
  });
});

describe('who sees what', () => {
  it('a member sees only their own debts, payments and statement', async () => {
    const own = await get('/api/unsettled_payments?_limit=-1', memberToken);
    expect(own.status).toBe(200);
    expect(own.body.data.every((d: { member: number }) => d.member === members.ana)).toBe(true);
    expect(own.body.data.length).toBeGreaterThan(0);
    const ruiDebt = (await debtsOf(members.rui))[0]!;
    expect((await get(`/api/unsettled_payments/${ruiDebt._id}`, memberToken)).status).toBe(404);
    expect((await get(`/api/members/${members.rui}/statement`, memberToken)).status).toBe(404);
    expect((await get(`/api/members/${members.ana}/statement`, memberToken)).status).toBe(200);
    expect((await post('/api/payments/record', { member: members.ana, date: '2026-01-01', amount: 100, method: 'numerario' }, memberToken)).status).toBe(403);
  });
});

describe('statement and advice', () => {
  it('the statement runs to what the member owes less their credit', async () => {
    const { body } = await get(`/api/members/${members.rui}/statement`);
    const balance = (await get(`/api/member_balances/${members.rui}`)).body.data;
    expect(body.data.lines.at(-1).balance).toBe(balance.open_total - balance.credit);
    expect(body.data.lines.some((l: { kind: string }) => l.kind === 'annulment')).toBe(true);
    expect(body.data.standing).toMatchObject({ openTotal: balance.open_total, yearsOwed: 2 });
  });

  it('payment advice answers what is owed of a kind and year, and needs enough data', async () => {
    const advice = await get(`/api/payment_advice?memberID=${members.rui}&type=quota&year=2025`);
    expect(advice.status).toBe(200);
    expect(advice.body.data.amount).toBe(2000);
    expect(advice.body.data.debts).toHaveLength(4);
    for (const query of [`type=quota&year=2025`, `memberID=${members.rui}`, `memberID=${members.rui}&type=quota`]) {
      const refused = await get(`/api/payment_advice?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('Not Enough Data');
    }
  });
});
