import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverableBody, HIDDEN_LINK } from '../../../src/server/messages/message-secrets.js';
import { issuePaymentLink } from '../../../src/server/modules/payment-links/public.js';
import { PAYMENT_INFO_LIMITS } from '../../../src/server/modules/payment-links/routes.js';
import { hashToken } from '../../../src/server/modules/payment-links/tokens.js';
import { planReminders } from '../../../src/server/modules/reminders/planning.js';
import { sendApproved } from '../../../src/server/modules/reminders/sending.js';
import { lisbonDay } from '../../../src/core/days.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { DEMO_MULTIBANCO, seedDemoCollecting } from '../../../src/server/seed/demo-collecting.js';
import { upsertSetting } from '../../../src/server/seed/settings.js';
import { isValidReference } from '../../../src/server/modules/collecting/multibanco.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let staff: string;
let state: number;
let counter = 0;
const db = () => server.database.db;
const DAY = 86_400_000;

async function json(method: string, url: string, payload?: unknown, token?: string, ip = '203.0.113.7') {
  const response = await server.request({ method, url, token, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, headers: response.headers, body: response.body ? response.json() : undefined };
}

async function member(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await json('POST', '/api/members', { dues_exempt: true, name, state, ...extra }, staff);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function debt(memberId: number, amount: number, due_date = '2026-03-31'): Promise<number> {
  counter += 1;
  const answer = await json('POST', '/api/unsettled_payments/raise', { member: memberId, kind: 'other', year: 2026, amount, due_date, description: `Quota ${counter}` }, staff);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Number(answer.body.data._id);
}

/** A live link for the member: its token (the path's last part). */
async function link(memberId: number, purpose = `teste:${(counter += 1)}`): Promise<string> {
  const path = await issuePaymentLink(db(), { member: memberId, purpose, now: server.ctx.now() });
  expect(path).toMatch(/^\/informacaoDePagamento\/[A-Za-z0-9_-]{43}$/);
  return path!.split('/').pop()!;
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(db(), server.ctx.now(), 'association');
  await seedDemoCollecting(db(), server.ctx.now());
  await db().updateTable('settings').set({ value: 'Associação Recreativa de Teste' }).where('name', '=', 'name').execute();
  staff = (await server.login(await server.createUser('editor'))).access;
  state = Number((await db().selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
});
afterAll(async () => {
  await server?.close();
});

describe('payment links', () => {
  it('stores only the hash of a 256-bit token, once per member and purpose', async () => {
    const ana = await member('Ana Maria Lopes');
    const token = await link(ana, 'reminder:x');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await db().selectFrom('payment_links').selectAll().where('member', '=', ana).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Issued again for the same purpose: nothing new, and the first link stays the only one.
    expect(await issuePaymentLink(db(), { member: ana, purpose: 'reminder:x', now: server.ctx.now() })).toBeNull();
    expect(await db().selectFrom('payment_links').select('_id').where('member', '=', ana).execute()).toHaveLength(1);
    // Staff read it without any secret.
    const read = await json('GET', `/api/payment_links/${Number(rows[0]!._id)}`, undefined, staff);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toMatch(/token_hash|[0-9a-f]{64}/);
  });

  it('answers the RGPD minimum: association, first name, open debts and total, methods, no request yet', async () => {
    const rui = await member('Rui Pedro Dias', { email: 'rui@exemplo.pt', phone: '912345678', notes: 'segredo' });
    const older = await debt(rui, 2400, '2025-03-31');
    const newer = await debt(rui, 1250);
    const paid = await debt(rui, 700);
    // Not yet due: listed (it may be paid early), not counted in what is owed.
    const later = await debt(rui, 3400, '2099-01-31');
    for (const [amount, debts] of [[700, [paid]], [400, [older]]] as const) {
      expect((await json('POST', '/api/payments/record', { member: rui, date: '2026-04-01', amount, method: 'numerario', debts }, staff)).status).toBe(200);
    }
    const answer = await json('GET', `/api/payment_info/${await link(rui)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({
      association: 'Associação Recreativa de Teste',
      first_name: 'Rui',
      debts: [
        { id: older, description: expect.stringMatching(/^Quota/), due_date: '2025-03-31', open_amount: 2000, owed: true },
        { id: newer, description: expect.stringMatching(/^Quota/), due_date: '2026-03-31', open_amount: 1250, owed: true },
        { id: later, description: expect.stringMatching(/^Quota/), due_date: '2099-01-31', open_amount: 3400, owed: false },
      ],
      total: 3250,
      methods: ['multibanco'],
      transfer: null,
      request: null,
      // Rui pays for no household.
      households: [],
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/rui@exemplo|912345678|segredo|Dias/);
    // With the association's IBAN, a bank transfer too, its description naming the member by number.
    await upsertSetting(server.database.db, 'associationIban', 'PT50000201231234567890154', new Date().toISOString());
    try {
      const number = (await server.database.db.selectFrom('members').select('number').where('_id', '=', rui).executeTakeFirstOrThrow()).number;
      expect((await json('GET', `/api/payment_info/${await link(rui)}`)).body.data.transfer).toEqual({ iban: 'PT50000201231234567890154', description: `Sócio ${String(number)}` });
    } finally {
      await upsertSetting(server.database.db, 'associationIban', '', new Date().toISOString());
    }
  });

  it('sends noindex and no-referrer on every answer, refusals included', async () => {
    const token = await link(await member('Eva Sousa'));
    for (const [method, url, body] of [
      ['GET', `/api/payment_info/${token}`],
      ['GET', '/api/payment_info/desconhecido'],
      ['POST', `/api/payment_info/${token}/requests`, {}],
      ['GET', `/api/payment_info/${token}/requests/1`],
    ] as const) {
      const answer = await json(method, url, body);
      expect(answer.headers['x-robots-tag'], url).toContain('noindex');
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    const page = await server.request({ method: 'GET', url: `/informacaoDePagamento/${token}` });
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers unknown, expired and revoked links alike: one pt-PT 404', async () => {
    const carla = await member('Carla Reis');
    await debt(carla, 1000);
    const expiring = await link(carla);
    const revoked = await link(carla);
    const id = Number((await db().selectFrom('payment_links').select('_id').where('token_hash', '=', hashToken(revoked)).executeTakeFirstOrThrow())._id);
    const revoke = await json('POST', `/api/payment_links/${id}/revoke`, {}, staff);
    expect(revoke.status).toBe(200);
    expect(revoke.body.data.revoked_at).toBeTruthy();
    // The default expiry: 30 days.
    expect((await json('GET', `/api/payment_info/${expiring}`)).status).toBe(200);
    server.advance(30 * DAY + 1000);
    try {
      const answers = [];
      for (const token of [expiring, revoked, 'A'.repeat(43), 'curto']) answers.push(await json('GET', `/api/payment_info/${token}`));
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.body.code).toBe('payment_link_invalid');
        expect(answer.body.message).toBe(answers[0]!.body.message);
      }
      expect(answers[0]!.body.message).toContain('ligação de pagamento não é válida');
      expect((await json('POST', `/api/payment_info/${expiring}/requests`, { debts: [1], method: 'multibanco' })).body.code).toBe('payment_link_invalid');
    } finally {
      server.advance(-(30 * DAY + 1000));
    }
  });

  it('creates a Multibanco reference for the member’s own chosen debts, and reads its state until paid', async () => {
    const joao = await member('João Santos');
    const first = await debt(joao, 3000);
    const second = await debt(joao, 1500);
    await debt(joao, 900);
    const token = await link(joao);
    const created = await json('POST', `/api/payment_info/${token}/requests`, { debts: [first, second], method: 'multibanco' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const data = created.body.data;
    expect({ method: data.method, state: data.state, amount: data.amount, entity: data.entity, paid_at: data.paid_at }).toEqual({ method: 'multibanco', state: 'pending', amount: 4500, entity: DEMO_MULTIBANCO.entity, paid_at: null });
    expect(isValidReference(DEMO_MULTIBANCO.entity, data.reference, 4500)).toBe(true);
    expect(Date.parse(data.expires_at)).toBeGreaterThan(server.ctx.now());
    const stored = await db().selectFrom('payment_requests').selectAll().where('_id', '=', data.id).executeTakeFirstOrThrow();
    expect({ member: Number(stored.member), created_by: stored.created_by }).toEqual({ member: joao, created_by: null });
    expect((await db().selectFrom('payment_request_debts').select('debt').where('request', '=', data.id).orderBy('debt').execute()).map((r) => Number(r.debt))).toEqual([first, second]);

    const info = await json('GET', `/api/payment_info/${token}`);
    expect(info.body.data.request).toEqual(data);
    expect((await json('GET', `/api/payment_info/${token}/requests/${data.id}`)).body.data).toEqual(data);
    // Another link of another member cannot read it.
    const other = await link(await member('Outro Sócio'));
    expect((await json('GET', `/api/payment_info/${other}/requests/${data.id}`)).status).toBe(404);

    // The payment lands (as a provider's callback marks it): the state read says so.
    const stamp = new Date(server.ctx.now()).toISOString();
    await db().updateTable('payment_requests').set({ state: 'paid', paid_at: stamp }).where('_id', '=', data.id).execute();
    expect((await json('GET', `/api/payment_info/${token}/requests/${data.id}`)).body.data).toMatchObject({ state: 'paid', paid_at: stamp });
  });

  it('refuses other members’ or settled debts, bad methods and phones, in pt-PT, storing nothing', async () => {
    const maria = await member('Maria Costa');
    const own = await debt(maria, 1000);
    const settled = await debt(maria, 500);
    expect((await json('POST', '/api/payments/record', { member: maria, date: '2026-04-01', amount: 500, method: 'numerario', debts: [settled] }, staff)).status).toBe(200);
    const others = await debt(await member('Pedro Alves'), 800);
    const token = await link(maria);
    const count = async () => Number((await db().selectFrom('payment_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const cases: [unknown, string][] = [
      [{ debts: [others], method: 'multibanco' }, 'debts'],
      [{ debts: [own, settled], method: 'multibanco' }, 'debts'],
      [{ debts: [], method: 'multibanco' }, 'debts'],
      [{ debts: ['1'], method: 'multibanco' }, 'debts'],
      [{ debts: [own, own], method: 'multibanco' }, 'debts'],
      [{ debts: [own], method: 'cheque' }, 'method'],
      // Local references: no MB WAY behind them.
      [{ debts: [own], method: 'mbway', phone: '912345678' }, 'method'],
      [{ debts: [own], method: 'mbway', phone: '212345678' }, 'phone'],
    ];
    for (const [body, field] of cases) {
      const before = await count();
      const answer = await json('POST', `/api/payment_info/${token}/requests`, body);
      expect({ body, status: answer.status, code: answer.body.code }).toEqual({ body, status: 422, code: 'invalid_record' });
      expect(answer.body.errors[field], JSON.stringify(answer.body)).toMatch(/[a-zà-ú]/i);
      expect(await count()).toBe(before);
    }
  });

  it('limits requests per token and per address with a 429 saying how long to wait', async () => {
    const token = await link(await member('Luís Faria'));
    let status = 0;
    let last: Awaited<ReturnType<typeof json>> | undefined;
    for (let i = 0; i <= PAYMENT_INFO_LIMITS.perToken.max && status !== 429; i += 1) {
      // Each from its own address: only the token's limit can stop them.
      last = await json('GET', `/api/payment_info/${token}`, undefined, undefined, `198.51.100.${i % 250}`);
      status = last.status;
    }
    expect(status).toBe(429);
    expect(last!.body.code).toBe('too_many_requests');
    expect(last!.body.message).toContain('Aguarde');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.headers['referrer-policy']).toBe('no-referrer');

    // One address guessing tokens is stopped by its own limit.
    status = 0;
    for (let i = 0; i <= PAYMENT_INFO_LIMITS.perAddress.max && status !== 429; i += 1) status = (await json('GET', `/api/payment_info/${'B'.repeat(40)}${String(i).padStart(3, '0')}`, undefined, undefined, '192.0.2.99')).status;
    expect(status).toBe(429);
    // A minute later both are free again.
    server.advance(61_000);
    expect((await json('GET', `/api/payment_info/${token}`, undefined, undefined, '192.0.2.99')).status).toBe(200);
  });

  it('a reminder with {link_pagamento} carries its own link, hidden from staff, opening the member’s page', async () => {
    const now = server.ctx.now();
    const day = lisbonDay(now);
    const sofia = await member('Sofia Almeida', { email: 'sofia@exemplo.pt' });
    const overdue = new Date(now - 20 * DAY).toISOString().slice(0, 10);
    await debt(sofia, 2400, overdue);
    const stage = await json('POST', '/api/reminder_stages', { name: 'Com ligação', category: null, offset_days: 15, channel: 'email', subject: 'Quotas', body: 'Olá {primeiro_nome}, pague em {link_pagamento}' }, staff);
    expect(stage.status, JSON.stringify(stage.body)).toBe(201);
    await db().updateTable('settings').set({ value: 'true' }).where('name', '=', 'automatedMemberPayments').execute();
    await db().updateTable('settings').set({ value: '0' }).where('name', '=', 'reminderHoldBackDays').execute();
    await planReminders(db(), server.database.engine, day, now);
    await sendApproved(server.ctx, db());
    const message = await db().selectFrom('messages').selectAll().where('recipient', '=', 'sofia@exemplo.pt').executeTakeFirstOrThrow();
    expect(message.body).toBe(`Olá Sofia, pague em ${HIDDEN_LINK}`);
    const staffView = await json('GET', `/api/messages/${Number(message._id)}`, undefined, staff);
    expect(JSON.stringify(staffView.body)).not.toContain('/informacaoDePagamento/');
    const delivered = await deliverableBody(db(), Number(message._id));
    const match = /http:\/\/associa\.test\/informacaoDePagamento\/([A-Za-z0-9_-]{43})$/.exec(delivered ?? '');
    expect(match, delivered).not.toBeNull();
    const page = await json('GET', `/api/payment_info/${match![1]}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ first_name: 'Sofia', total: 2400 });
    const row = await db().selectFrom('payment_links').select(['purpose', 'member']).where('token_hash', '=', hashToken(match![1]!)).executeTakeFirstOrThrow();
    expect(row.purpose).toMatch(/^reminder:/);
    expect(Number(row.member)).toBe(sofia);
  });
});
