import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../src/core/contract.js';
import { FAKE_ENTITY, startFakeIfthenpay, type FakeIfthenpay } from '../../../src/server/modules/collecting/fake-ifthenpay.js';
import { isValidReference } from '../../../src/server/modules/collecting/multibanco.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { DEMO_MULTIBANCO, seedDemoCollecting } from '../../../src/server/seed/demo-collecting.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { loose } from '../../../src/server/db/database.js';

interface Setup {
  server: TestServer;
  staff: string;
  json(method: string, url: string, payload?: unknown, token?: string): Promise<{ status: number; body: any }>;
  member(name: string): Promise<number>;
  debt(member: number, amount: number, description?: string): Promise<number>;
  token(role: Role, memberId?: number): Promise<string>;
  count(table: string): Promise<number>;
}

let counter = 0;

async function setUp(server: TestServer): Promise<Setup> {
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  const token = async (role: Role, memberId?: number) => (await server.login(await server.createUser(role, { memberId: memberId ?? null }))).access;
  const staff = await token('editor');
  const json = async (method: string, url: string, payload?: unknown, as: string | undefined = staff) => {
    const response = await server.request({ method, url, token: as, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const state = await server.database.db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow();
  return {
    server,
    staff,
    json,
    token,
    async member(name) {
      const answer = await json('POST', '/api/members', { dues_exempt: true, name, state: Number(state._id) });
      expect(answer.status).toBe(201);
      return Number(answer.body.data._id);
    },
    async debt(member, amount, description = 'Quota') {
      counter += 1;
      const answer = await json('POST', '/api/unsettled_payments/raise', { member, kind: 'other', year: 2026, amount, due_date: '2026-03-31', description: `${description} ${counter}` });
      expect(answer.status).toBe(200);
      return Number(answer.body.data._id);
    },
    async count(table) {
      const row = await loose(server.database.db).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

describe('local Multibanco references (test mode: a fictitious entity)', () => {
  let s: Setup;
  let ana: number;
  let rui: number;

  beforeAll(async () => {
    s = await setUp(await startTestServer());
    await seedDemoCollecting(s.server.database.db, s.server.ctx.now());
    ana = await s.member('Ana Lopes');
    rui = await s.member('Rui Dias');
  });
  afterAll(async () => {
    await s?.server.close();
  });

  it('answers entity, reference and the open amount in cents of the chosen debts', async () => {
    const first = await s.debt(ana, 3000);
    const second = await s.debt(ana, 1250);
    await s.debt(ana, 700, 'Não escolhida');
    // 10,00 € already paid on the first debt: 20,00 € of it is still open.
    expect((await s.json('POST', '/api/payments/record', { member: ana, date: '2026-04-01', amount: 1000, method: 'numerario', debts: [first] })).status).toBe(200);
    const created = await s.json('POST', '/api/payment_requests', { member: ana, debts: [second, first], method: 'multibanco' });
    expect(created.status).toBe(201);
    const data = created.body.data;
    expect({ entity: data.entity, amount: data.amount, state: data.state, method: data.method, debts: data.debts, member: data.member }).toEqual({
      entity: DEMO_MULTIBANCO.entity,
      amount: 2000 + 1250,
      state: 'pending',
      method: 'multibanco',
      debts: [first, second].sort((a, b) => a - b),
      member: ana,
    });
    expect(data.reference).toMatch(new RegExp(`^${DEMO_MULTIBANCO.subEntity}\\d{6}$`));
    expect(isValidReference(DEMO_MULTIBANCO.entity, data.reference, 3250)).toBe(true);
    expect(Date.parse(data.expires_at) - s.server.ctx.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect((await s.json('GET', `/api/payment_requests/${data._id}`)).body.data.reference).toBe(data.reference);
  });

  it('refuses bad input with a pt-PT 4xx and stores nothing', async () => {
    const own = await s.debt(ana, 500);
    const other = await s.debt(rui, 500);
    const paid = await s.debt(ana, 400);
    expect((await s.json('POST', '/api/payments/record', { member: ana, date: '2026-04-01', amount: 400, method: 'numerario', debts: [paid] })).status).toBe(200);
    const member = await s.token('member', ana);
    const cases: [unknown, number, string | null, string | undefined][] = [
      // The body's schema: debts and method (member or household, checked after it).
      [{}, 422, 'debts', s.staff],
      [{ member: ana, debts: [own] }, 422, 'method', s.staff],
      [{ member: ana, debts: [], method: 'multibanco' }, 422, 'debts', s.staff],
      [{ member: ana, debts: [other], method: 'multibanco' }, 422, 'debts', s.staff],
      [{ member: ana, debts: [own, paid], method: 'multibanco' }, 422, 'debts', s.staff],
      [{ member: ana, debts: [999_999], method: 'multibanco' }, 422, 'debts', s.staff],
      [{ member: ana, debts: [own], method: 'cheque' }, 422, 'method', s.staff],
      [{ member: ana, debts: [own], method: 'mbway', phone: '212345678' }, 422, 'phone', s.staff],
      [{ member: ana, debts: [own], method: 'mbway' }, 422, 'phone', s.staff],
      // A valid mobile, but local references have no MB WAY behind them.
      [{ member: ana, debts: [own], method: 'mbway', phone: '912345678' }, 422, 'method', s.staff],
      [{ member: ana, debts: [own], method: 'multibanco' }, 403, null, member],
      [{ member: ana, debts: [own], method: 'multibanco' }, 401, null, ''],
    ];
    for (const [body, status, field, token] of cases) {
      const before = [await s.count('payment_requests'), await s.count('payment_request_debts')];
      const answer = await s.json('POST', '/api/payment_requests', body, token);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(typeof answer.body.code).toBe('string');
      if (field) expect(answer.body.errors[field], JSON.stringify(answer.body)).toMatch(/[a-zà-ú]/i);
      expect([await s.count('payment_requests'), await s.count('payment_request_debts')]).toEqual(before);
    }
    expect((await s.json('POST', '/api/payment_requests', { member: ana, debts: [own], method: 'mbway', phone: '212345678' })).body.errors.phone).toContain('telemóvel português');
  });

  it('never reuses a sequence while a request holding it is pending, and reuses it once paid', async () => {
    const first = (await s.json('POST', '/api/payment_requests', { member: rui, debts: [await s.debt(rui, 900)], method: 'multibanco' })).body.data;
    const { db } = s.server.database;
    const row = await db.selectFrom('payment_requests').select(['sequence']).where('_id', '=', first._id).executeTakeFirstOrThrow();
    const sequence = Number(row.sequence);
    const counter = `multibanco:${DEMO_MULTIBANCO.entity}:${DEMO_MULTIBANCO.subEntity}`;
    // The counter wraps round to the sequence of the pending request: the next free one is taken.
    await db.updateTable('collecting_counters').set({ value: sequence - 1 + 10_000 }).where('name', '=', counter).execute();
    const second = (await s.json('POST', '/api/payment_requests', { member: rui, debts: [await s.debt(rui, 900)], method: 'multibanco' })).body.data;
    expect(second.reference.slice(3, 7)).toBe(String((sequence + 1) % 10_000).padStart(4, '0'));
    expect(second.reference).not.toBe(first.reference);
    // The same 4 digits for another amount would be a different reference, and is still refused.
    await db.updateTable('collecting_counters').set({ value: sequence - 1 }).where('name', '=', counter).execute();
    const third = (await s.json('POST', '/api/payment_requests', { member: rui, debts: [await s.debt(rui, 1900)], method: 'multibanco' })).body.data;
    expect(third.reference.slice(3, 7)).not.toBe(first.reference.slice(3, 7));
    // Once the first is no longer pending its sequence is free again.
    await db.updateTable('payment_requests').set({ state: 'paid' }).where('_id', '=', first._id).execute();
    await db.updateTable('collecting_counters').set({ value: sequence - 1 }).where('name', '=', counter).execute();
    const fourth = (await s.json('POST', '/api/payment_requests', { member: rui, debts: [await s.debt(rui, 900)], method: 'multibanco' })).body.data;
    expect(fourth.reference.slice(3, 7)).toBe(first.reference.slice(3, 7));
    // And the database itself refuses two pending requests on one sequence.
    await expect(db.updateTable('payment_requests').set({ sequence: Number(row.sequence) }).where('_id', '=', second._id).execute()).rejects.toThrow();
  });

  it('lets a member read their own requests and no one else’s (404)', async () => {
    const mine = (await s.json('POST', '/api/payment_requests', { member: ana, debts: [await s.debt(ana, 600)], method: 'multibanco' })).body.data;
    const theirs = (await s.json('POST', '/api/payment_requests', { member: rui, debts: [await s.debt(rui, 600)], method: 'multibanco' })).body.data;
    const member = await s.token('member', ana);
    const list = await s.json('GET', '/api/payment_requests?_limit=-1', undefined, member);
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(new Set(list.body.data.map((r: any) => r.member))).toEqual(new Set([ana]));
    expect(list.body.data[0]).not.toHaveProperty('created_by');
    expect((await s.json('GET', `/api/payment_requests/${mine._id}`, undefined, member)).status).toBe(200);
    expect((await s.json('GET', `/api/payment_requests/${theirs._id}`, undefined, member)).status).toBe(404);
    expect((await s.json('GET', '/api/payment_requests?_limit=-1')).body.data.map((r: any) => r.member)).toContain(rui);
  });

  it('tells staff the provider in use', async () => {
    const answer = await s.json('GET', '/api/payment_provider');
    expect(answer.body.data).toEqual({ provider: 'local', entity: DEMO_MULTIBANCO.entity, subEntity: DEMO_MULTIBANCO.subEntity, keys: {}, methods: ['multibanco'] });
  });
});

describe('ifthenpay (a fake server speaking its protocol)', () => {
  let s: Setup;
  let fake: FakeIfthenpay;
  let ana: number;

  beforeAll(async () => {
    fake = await startFakeIfthenpay();
    const server = await startTestServer({ ifthenpay: fake.config });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    fake.callbackUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/payment_callbacks/ifthenpay`;
    s = await setUp(server);
    ana = await s.member('Ana Lopes');
  });
  afterAll(async () => {
    await s?.server.close();
    await fake?.close();
  });

  const requestFor = async (debts: number[], extra: Record<string, unknown> = { method: 'multibanco' }) => {
    const answer = await s.json('POST', '/api/payment_requests', { member: ana, debts, ...extra });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const row = await s.server.database.db.selectFrom('payment_requests').select(['provider_id']).where('_id', '=', answer.body.data._id).executeTakeFirstOrThrow();
    return { ...answer.body.data, requestId: String(row.provider_id) };
  };
  const paymentsOf = (request: number) => s.server.database.db.selectFrom('payments').selectAll().where('external_id', '=', `payment_request:${request}`).execute();

  it('issues the reference at the provider', async () => {
    const request = await requestFor([await s.debt(ana, 1500)]);
    expect({ entity: request.entity, amount: request.amount, provider: request.provider }).toEqual({ entity: FAKE_ENTITY, amount: 1500, provider: 'ifthenpay' });
    expect(fake.requests.get(request.requestId)?.reference).toBe(request.reference);
  });

  it('records one payment and its one receipt for a callback delivered five times, allocated to exactly the request’s debts', async () => {
    const chosen = [await s.debt(ana, 2000), await s.debt(ana, 350)];
    const untouched = await s.debt(ana, 800);
    const request = await requestFor(chosen);
    // With the treasury on, the ledger issues the receipt in the callback's transaction, once.
    await s.server.database.db.updateTable('settings').set({ value: 'true' }).where('name', '=', 'hasTreasury').execute();
    for (let i = 0; i < 5; i += 1) expect(await fake.pay(request.requestId)).toBe(200);
    await s.server.database.db.updateTable('settings').set({ value: 'false' }).where('name', '=', 'hasTreasury').execute();
    const payments = await paymentsOf(request._id);
    expect(payments).toHaveLength(1);
    const receipts = await s.server.database.db.selectFrom('treasury_doc_payments as p').innerJoin('treasury_docs as d', 'd._id', 'p.doc').select(['d.total', 'd.type', 'd.payer_name']).where('p.payment', '=', Number(payments[0]!._id)).execute();
    expect(receipts.map((r) => [Number(r.total), r.type, r.payer_name])).toEqual([[2350, 'quota', 'Ana Lopes']]);
    expect({ amount: Number(payments[0]!.amount), allocated: Number(payments[0]!.allocated), method: payments[0]!.method }).toEqual({ amount: 2350, allocated: 2350, method: 'multibanco' });
    const allocations = await s.server.database.db.selectFrom('payment_allocations').select(['debt', 'amount']).where('payment', '=', payments[0]!._id).orderBy('debt').execute();
    expect(allocations.map((a) => [Number(a.debt), Number(a.amount)])).toEqual([[chosen[0], 2000], [chosen[1], 350]]);
    const after = (await s.json('GET', `/api/payment_requests/${request._id}`)).body.data;
    expect({ state: after.state, payment: after.payment }).toEqual({ state: 'paid', payment: Number(payments[0]!._id) });
    const statuses = await s.server.database.db.selectFrom('unsettled_payments').select(['_id', 'status']).where('_id', 'in', [...chosen, untouched]).orderBy('_id').execute();
    expect(statuses.map((d) => d.status)).toEqual(['paid', 'paid', 'open']);
    const callbacks = await s.server.database.db.selectFrom('payment_callbacks').selectAll().where('request', '=', request._id).execute();
    expect(callbacks.map((c) => c.outcome)).toEqual(['recorded']);
    expect(String(callbacks[0]!.raw)).not.toContain(fake.config.antiPhishingKey);
    expect((await s.json('GET', `/api/members/${ana}/statement`)).status).toBe(200);
  });

  it('records nothing for a forged callback, logs it and still answers 200', async () => {
    const request = await requestFor([await s.debt(ana, 1000)]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const forgeries: Record<string, string>[] = [
        { key: 'not-the-key' },
        { key: '' },
        { amount: '9.99' },
        { amount: '10.01' },
        { requestId: 'unknown-request' },
        { requestId: '', entity: FAKE_ENTITY, reference: '123999999' },
        { amount: 'dez euros' },
      ];
      for (const change of forgeries) {
        const payments = await s.count('payments');
        expect(await fake.pay(request.requestId, change), JSON.stringify(change)).toBe(200);
        expect(await s.count('payments'), JSON.stringify(change)).toBe(payments);
      }
      expect(warn).toHaveBeenCalledTimes(forgeries.length);
      expect(warn.mock.calls.every(([text]) => String(text).includes('forged ifthenpay callback'))).toBe(true);
      expect(warn.mock.calls.some(([text]) => String(text).includes(fake.config.antiPhishingKey))).toBe(false);
    } finally {
      warn.mockRestore();
    }
    expect((await s.json('GET', `/api/payment_requests/${request._id}`)).body.data.state).toBe('pending');
    expect(await paymentsOf(request._id)).toHaveLength(0);
    // The genuine callback still goes through afterwards.
    expect(await fake.pay(request.requestId)).toBe(200);
    expect(await paymentsOf(request._id)).toHaveLength(1);
  });

  it('a crash between recording and acknowledging: the next delivery completes, still one payment', async () => {
    const request = await requestFor([await s.debt(ana, 1200)]);
    const publish = vi.spyOn(s.server.ctx.bus, 'publish').mockRejectedValueOnce(new Error('instance lost before answering'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // The payment committed, but the provider got no 200: it will deliver again.
      expect(await fake.pay(request.requestId)).toBe(500);
    } finally {
      publish.mockRestore();
      error.mockRestore();
    }
    expect(await paymentsOf(request._id)).toHaveLength(1);
    expect(await fake.pay(request.requestId)).toBe(200);
    expect(await paymentsOf(request._id)).toHaveLength(1);
    expect((await s.json('GET', `/api/payment_requests/${request._id}`)).body.data.state).toBe('paid');
  });

  it('sends an MB WAY push to a Portuguese mobile and records its payment', async () => {
    const debt = await s.debt(ana, 700);
    const request = await requestFor([debt], { method: 'mbway', phone: '+351 912 345 678' });
    expect({ phone: request.phone, reference: request.reference, amount: request.amount }).toEqual({ phone: '912345678', reference: null, amount: 700 });
    // The payer has 4 minutes to answer the push: the request expires a minute after that.
    const left = Date.parse(request.expires_at) - s.server.ctx.now();
    expect(left).toBeGreaterThan(4.5 * 60_000);
    expect(left).toBeLessThanOrEqual(5 * 60_000);
    expect(fake.requests.get(request.requestId)?.method).toBe('mbway');
    expect(await fake.pay(request.requestId)).toBe(200);
    expect(await fake.pay(request.requestId)).toBe(200);
    expect(await paymentsOf(request._id)).toHaveLength(1);
    expect((await s.json('GET', `/api/payment_requests/${request._id}`)).body.data.state).toBe('paid');
  });

  it('stores nothing when the provider fails', async () => {
    const before = await s.count('payment_requests');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const saved = fake.config.url;
    try {
      s.server.ctx.config.ifthenpay!.url = 'http://127.0.0.1:9';
      const answer = await s.json('POST', '/api/payment_requests', { member: ana, debts: [await s.debt(ana, 100)], method: 'multibanco' });
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 502, code: 'bad_gateway' });
    } finally {
      s.server.ctx.config.ifthenpay!.url = saved;
      warn.mockRestore();
    }
    expect(await s.count('payment_requests')).toBe(before);
  });

  it('shows staff the provider keys masked only', async () => {
    const answer = await s.json('GET', '/api/payment_provider');
    expect(answer.body.data.provider).toBe('ifthenpay');
    expect(answer.body.data.methods).toEqual(['multibanco', 'mbway']);
    const shown = JSON.stringify(answer.body);
    for (const secret of [fake.config.mbKey, fake.config.mbWayKey, fake.config.antiPhishingKey]) expect(shown).not.toContain(secret);
    expect((await s.json('GET', '/api/payment_provider', undefined, await s.token('member', ana))).status).toBe(403);
  });
});
