import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../src/core/contract.js';
import { FAKE_ENTITY, startFakeIfthenpay, type FakeIfthenpay } from '../../../src/server/modules/collecting/fake-ifthenpay.js';
import { OWN_REQUESTS_LIMIT } from '../../../src/server/modules/collecting/own-routes.js';
import type { IfthenpayConfig } from '../../../src/server/config.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { DEMO_MULTIBANCO, seedDemoCollecting } from '../../../src/server/seed/demo-collecting.js';
import { upsertSetting } from '../../../src/server/seed/settings.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { loose } from '../../../src/server/db/database.js';

// A member pays their own debts from the dashboard (issue 28): GET /api/payment_options tells
// which ways to pay the association takes now, POST /api/payment_requests/own opens a Multibanco
// reference or an MB WAY push for debts of their own, and the provider's callback settles them once.

const IBAN = 'PT50000201231234567890154';

interface Member {
  id: number;
  number: number;
  token: string;
  user: number;
}

interface Setup {
  server: TestServer;
  json(method: string, url: string, payload?: unknown, token?: string): Promise<{ status: number; body: any }>;
  member(name: string): Promise<Member>;
  debt(member: number, amount: number, dueDate?: string): Promise<number>;
  token(role: Role): Promise<string>;
  count(table: string): Promise<number>;
}

let counter = 0;

async function setUp(server: TestServer): Promise<Setup> {
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  const staff = (await server.login(await server.createUser('editor'))).access;
  const json = async (method: string, url: string, payload?: unknown, as: string | undefined = staff) => {
    const response = await server.request({ method, url, token: as, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const state = await server.database.db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow();
  return {
    server,
    json,
    token: async (role) => (await server.login(await server.createUser(role))).access,
    async member(name) {
      const answer = await json('POST', '/api/members', { dues_exempt: true, name, state: Number(state._id) });
      expect(answer.status).toBe(201);
      const id = Number(answer.body.data._id);
      const user = await server.createUser('member', { memberId: id });
      return { id, number: Number(answer.body.data.number), token: (await server.login(user)).access, user: user.id };
    },
    async debt(member, amount, dueDate = '2026-03-31') {
      counter += 1;
      const answer = await json('POST', '/api/unsettled_payments/raise', { member, kind: 'other', year: Number(dueDate.slice(0, 4)), amount, due_date: dueDate, description: `Quota ${counter}` });
      expect(answer.status).toBe(200);
      return Number(answer.body.data._id);
    },
    async count(table) {
      const row = await loose(server.database.db).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

async function withProvider(config: (fake: FakeIfthenpay) => IfthenpayConfig): Promise<{ s: Setup; fake: FakeIfthenpay }> {
  const fake = await startFakeIfthenpay();
  const server = await startTestServer({ ifthenpay: config(fake) });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  fake.callbackUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/payment_callbacks/ifthenpay`;
  return { s: await setUp(server), fake };
}

describe('a member pays their own debts through ifthenpay (a fake server speaking its protocol)', () => {
  let s: Setup;
  let fake: FakeIfthenpay;
  let ana: Member;
  let rui: Member;

  beforeAll(async () => {
    ({ s, fake } = await withProvider((f) => f.config));
    ana = await s.member('Ana Lopes');
    rui = await s.member('Rui Dias');
  });
  afterAll(async () => {
    await s?.server.close();
    await fake?.close();
  });

  const providerIdOf = async (request: number) =>
    String((await s.server.database.db.selectFrom('payment_requests').select('provider_id').where('_id', '=', request).executeTakeFirstOrThrow()).provider_id);
  const paymentsOf = (request: number) => s.server.database.db.selectFrom('payments').selectAll().where('external_id', '=', `payment_request:${request}`).execute();

  it('tells the member both methods and the transfer naming them, once an IBAN is set', async () => {
    const before = await s.json('GET', '/api/payment_options', undefined, ana.token);
    expect(before).toEqual({ status: 200, body: { data: { methods: ['multibanco', 'mbway'], transfer: null } } });
    await upsertSetting(s.server.database.db, 'associationIban', IBAN, new Date().toISOString());
    const after = await s.json('GET', '/api/payment_options', undefined, ana.token);
    expect(after.body.data).toEqual({ methods: ['multibanco', 'mbway'], transfer: { iban: IBAN, description: `Sócio ${ana.number}` } });
    // Staff name the member whose transfer they describe.
    expect((await s.json('GET', `/api/payment_options?member=${rui.id}`)).body.data.transfer).toEqual({ iban: IBAN, description: `Sócio ${rui.number}` });
    expect((await s.json('GET', '/api/payment_options', undefined, '')).status).toBe(401);
  });

  it('sends an MB WAY push for the member’s own debts, due or not yet due, and settles them once however often the callback comes', async () => {
    const due = await s.debt(ana.id, 1200);
    const notYetDue = await s.debt(ana.id, 800, '2099-01-31');
    const untouched = await s.debt(ana.id, 500);
    await s.server.database.db.updateTable('settings').set({ value: 'true' }).where('name', '=', 'hasTreasury').execute();
    const publish = vi.spyOn(s.server.ctx.bus, 'publish');
    try {
      const created = await s.json('POST', '/api/payment_requests/own', { debts: [due, notYetDue], method: 'mbway', phone: '+351 936 111 222' }, ana.token);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const request = created.body.data;
      expect({ member: request.member, method: request.method, amount: request.amount, phone: request.phone, reference: request.reference, state: request.state, debts: request.debts }).toEqual({
        member: ana.id,
        method: 'mbway',
        amount: 2000,
        phone: '936111222',
        reference: null,
        state: 'pending',
        debts: [due, notYetDue],
      });
      const pushed = fake.requests.get(await providerIdOf(request._id));
      expect({ method: pushed?.method, amount: pushed?.amount }).toEqual({ method: 'mbway', amount: 2000 });
      // The member follows it as any request of theirs.
      expect((await s.json('GET', `/api/payment_requests/${request._id}`, undefined, ana.token)).body.data.state).toBe('pending');

      for (let i = 0; i < 3; i += 1) expect(await fake.pay(pushed!.requestId)).toBe(200);
      const payments = await paymentsOf(request._id);
      expect(payments.map((p) => [Number(p.amount), p.method])).toEqual([[2000, 'mbway']]);
      const receipts = await s.server.database.db.selectFrom('treasury_doc_payments').select('doc').where('payment', '=', Number(payments[0]!._id)).execute();
      expect(receipts).toHaveLength(1);
      expect((await s.json('GET', `/api/payment_requests/${request._id}`, undefined, ana.token)).body.data.state).toBe('paid');
      const statuses = await s.server.database.db.selectFrom('unsettled_payments').select(['_id', 'status']).where('_id', 'in', [due, notYetDue, untouched]).orderBy('_id').execute();
      expect(statuses.map((d) => d.status)).toEqual(['paid', 'paid', 'open']);
      // Her dashboard hears of the request paid and of the receipt issued, and only her account is told.
      const told = publish.mock.calls.map(([event]) => event as { topic: string; payload: { id: number }; audience?: { userIds?: number[] } });
      const toHer = (topic: string, id: number) => told.filter((e) => e.topic === topic && e.payload.id === id).map((e) => e.audience?.userIds);
      expect(toHer('payment_requests changed', request._id)).toContainEqual([ana.user]);
      expect(toHer('treasury_docs changed', Number(receipts[0]!.doc))).toEqual([[ana.user]]);
    } finally {
      publish.mockRestore();
      await s.server.database.db.updateTable('settings').set({ value: 'false' }).where('name', '=', 'hasTreasury').execute();
    }
  });

  it('issues a Multibanco reference for the member’s own debt', async () => {
    const debt = await s.debt(ana.id, 2250);
    const created = await s.json('POST', '/api/payment_requests/own', { debts: [debt], method: 'multibanco' }, ana.token);
    expect(created.status).toBe(201);
    expect({ entity: created.body.data.entity, amount: created.body.data.amount, created_by: created.body.data.created_by }).toEqual({ entity: FAKE_ENTITY, amount: 2250, created_by: undefined });
    expect(created.body.data.reference).toMatch(/^\d{9}$/);
    expect(await fake.pay(await providerIdOf(created.body.data._id))).toBe(200);
    expect(await paymentsOf(created.body.data._id)).toHaveLength(1);
  });

  it('records nothing for a forged MB WAY callback and still answers 200', async () => {
    const debt = await s.debt(ana.id, 1000);
    const request = (await s.json('POST', '/api/payment_requests/own', { debts: [debt], method: 'mbway', phone: '912345678' }, ana.token)).body.data;
    const providerId = await providerIdOf(request._id);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const forgeries: Record<string, string>[] = [{ key: 'not-the-key' }, { amount: '9.99' }, { amount: '10.01' }, { requestId: 'unknown-request' }, { requestId: '' }];
      for (const change of forgeries) {
        expect(await fake.pay(providerId, change), JSON.stringify(change)).toBe(200);
        expect(await paymentsOf(request._id), JSON.stringify(change)).toHaveLength(0);
      }
      expect(warn.mock.calls.every(([text]) => String(text).includes('forged ifthenpay callback'))).toBe(true);
    } finally {
      warn.mockRestore();
    }
    expect((await s.json('GET', `/api/payment_requests/${request._id}`, undefined, ana.token)).body.data.state).toBe('pending');
    expect(await fake.pay(providerId)).toBe(200);
    expect(await paymentsOf(request._id)).toHaveLength(1);
  });

  it('refuses another member’s debts, settled debts, bad phones and methods in pt-PT, asking the provider nothing and storing nothing', async () => {
    const hers = await s.debt(ana.id, 900);
    const his = await s.debt(rui.id, 900);
    const settled = await s.debt(ana.id, 300);
    expect((await s.json('POST', '/api/payments/record', { member: ana.id, date: '2026-04-01', amount: 300, method: 'numerario', debts: [settled] })).status).toBe(200);
    const requests = await s.count('payment_requests');
    const pushes = fake.requests.size;
    const refused: [Record<string, unknown>, string, string][] = [
      [{ debts: [his], method: 'multibanco' }, 'debts', 'Só pode escolher dívidas em aberto da lista.'],
      [{ debts: [hers, his], method: 'mbway', phone: '912345678' }, 'debts', 'Só pode escolher dívidas em aberto da lista.'],
      [{ debts: [settled], method: 'multibanco' }, 'debts', 'Só pode escolher dívidas em aberto da lista.'],
      [{ debts: [], method: 'multibanco' }, 'debts', 'Escolha pelo menos uma dívida a pagar.'],
      [{ debts: [hers, hers], method: 'multibanco' }, 'debts', 'Só pode escolher dívidas em aberto da lista, cada uma uma vez.'],
      [{ debts: [hers], method: 'mbway', phone: '212345678' }, 'phone', 'Indique um telemóvel português para o MB WAY: 9 algarismos começados por 91, 92, 93 ou 96.'],
      [{ debts: [hers], method: 'mbway' }, 'phone', 'Indique um telemóvel português para o MB WAY: 9 algarismos começados por 91, 92, 93 ou 96.'],
      [{ debts: [hers], method: 'numerario' }, 'method', 'Escolha Multibanco ou MB WAY.'],
      // The member is the caller's own: a member named in the body changes nothing.
      [{ member: rui.id, debts: [his], method: 'multibanco' }, 'debts', 'Só pode escolher dívidas em aberto da lista.'],
    ];
    for (const [body, field, message] of refused) {
      const answer = await s.json('POST', '/api/payment_requests/own', body, ana.token);
      expect({ status: answer.status, error: answer.body.errors?.[field] }, JSON.stringify(body)).toEqual({ status: 422, error: message });
    }
    // Staff (no member record of their own) have no debts to pay here.
    const staff = await s.json('POST', '/api/payment_requests/own', { debts: [hers], method: 'multibanco' });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toContain('não está associada a nenhuma ficha de sócio');
    expect(await s.count('payment_requests')).toBe(requests);
    expect(fake.requests.size).toBe(pushes);
  });

  it('limits the requests a member opens per hour with a 429 saying how long to wait', async () => {
    const lea = await s.member('Lea Faria');
    const debt = await s.debt(lea.id, 400);
    for (let i = 0; i < OWN_REQUESTS_LIMIT.max; i += 1) expect((await s.json('POST', '/api/payment_requests/own', { debts: [debt], method: 'multibanco' }, lea.token)).status).toBe(201);
    const refused = await s.json('POST', '/api/payment_requests/own', { debts: [debt], method: 'multibanco' }, lea.token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Já fez muitos pedidos de pagamento\. Aguarde \d+ minutos e tente novamente\.$/);
    // Another member is not held back by her.
    expect((await s.json('POST', '/api/payment_requests/own', { debts: [await s.debt(rui.id, 400)], method: 'multibanco' }, rui.token)).status).toBe(201);
  });
});

describe('methods not configured are not offered', () => {
  it('ifthenpay with a Multibanco key only: no MB WAY, and an MB WAY request is refused', async () => {
    const { s, fake } = await withProvider((f) => ({ ...f.config, mbWayKey: '' }));
    try {
      const ana = await s.member('Ana Lopes');
      expect((await s.json('GET', '/api/payment_options', undefined, ana.token)).body.data.methods).toEqual(['multibanco']);
      const answer = await s.json('POST', '/api/payment_requests/own', { debts: [await s.debt(ana.id, 500)], method: 'mbway', phone: '912345678' }, ana.token);
      expect({ status: answer.status, method: answer.body.errors?.method }).toEqual({ status: 422, method: 'O pagamento por MB WAY não está disponível: use uma referência Multibanco.' });
      expect(fake.requests.size).toBe(0);
    } finally {
      await s.server.close();
      await fake.close();
    }
  });

  it('the association’s own references: Multibanco only; nothing configured: no method at all', async () => {
    const s = await setUp(await startTestServer());
    try {
      const ana = await s.member('Ana Lopes');
      expect((await s.json('GET', '/api/payment_options', undefined, ana.token)).body.data).toEqual({ methods: [], transfer: null });
      const none = await s.json('POST', '/api/payment_requests/own', { debts: [await s.debt(ana.id, 500)], method: 'multibanco' }, ana.token);
      expect({ status: none.status, method: none.body.errors?.method }).toEqual({ status: 422, method: 'A associação ainda não aceita pagamentos por referência Multibanco: contacte-a.' });
      await seedDemoCollecting(s.server.database.db, s.server.ctx.now());
      expect((await s.json('GET', '/api/payment_options', undefined, ana.token)).body.data.methods).toEqual(['multibanco']);
      const local = await s.json('POST', '/api/payment_requests/own', { debts: [await s.debt(ana.id, 500)], method: 'multibanco' }, ana.token);
      expect({ status: local.status, entity: local.body.data.entity }).toEqual({ status: 201, entity: DEMO_MULTIBANCO.entity });
      const mbway = await s.json('POST', '/api/payment_requests/own', { debts: [await s.debt(ana.id, 500)], method: 'mbway', phone: '912345678' }, ana.token);
      expect(mbway.status).toBe(422);
    } finally {
      await s.server.close();
    }
  });
});
