// {referencia_multibanco} in reminder templates (issue 11, item 6): a member is told exactly
// which Multibanco reference pays the debts the reminder lists, and a retried send never opens
// a second request for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { FAKE_ENTITY, startFakeIfthenpay, type FakeIfthenpay } from '../../../src/server/modules/collecting/fake-ifthenpay.js';
import { HIDDEN_LINK, loadMessageKey, unseal } from '../../../src/server/messages/message-secrets.js';
import { isValidReference } from '../../../src/server/modules/collecting/multibanco.js';
import { lisbonDay } from '../../../src/core/days.js';
import { planReminders } from '../../../src/server/modules/reminders/planning.js';
import { reminderOrderId, reminderReference } from '../../../src/server/modules/reminders/reference.js';
import { sendApproved } from '../../../src/server/modules/reminders/sending.js';
import { NO_REFERENCE, renderHtml, renderText, type ReminderData } from '../../../src/server/modules/reminders/templates.js';
import { admittedToday } from '../support/dues-terms.js';

describe('rendering {referencia_multibanco}', () => {
  const base: ReminderData = { name: 'Ana Lopes', number: 7, association: 'Clube', associationArticle: 'o', debts: [{ description: 'Quota 2026', dueDate: '2026-01-31', owed: 2500 }] };
  const template = 'Pague por Multibanco:\n{referencia_multibanco}';

  it('shows entity, the reference in groups of three, amount and the last day to pay, as text and as an HTML table', () => {
    const data = { ...base, multibanco: { entity: '11604', reference: '999000123', amount: 2500, payUntil: '2026-02-23' } };
    expect(renderText(template, data)).toBe('Pague por Multibanco:\nEntidade: 11604\nReferência: 999 000 123\nValor: 25,00\u00a0€\nPagar até: 23/02/2026');
    expect(renderHtml(template, data)).toBe(
      'Pague por Multibanco:<br>\n<table><tr><th>Entidade</th><td>11604</td></tr><tr><th>Referência</th><td>999 000 123</td></tr>' +
        '<tr><th>Valor</th><td>25,00\u00a0€</td></tr><tr><th>Pagar até</th><td>23/02/2026</td></tr></table>',
    );
  });

  it('tells the member to use the payment link when no reference could be had', () => {
    expect(renderText(template, { ...base, multibanco: null })).toBe(`Pague por Multibanco:\n${NO_REFERENCE}`);
    expect(renderHtml(template, { ...base, multibanco: null })).toBe(`Pague por Multibanco:<br>\n${NO_REFERENCE}`);
  });

  it('shows a marker in previews, where no reference is opened', () => {
    expect(renderText('{referencia_multibanco}', base)).toBe('[referência Multibanco: entidade, referência, valor e prazo]');
  });
});

let server: ResourceTestServer;
let staff: string;
let active: number;
let cat: number;
let counter = 0;
const now = Date.parse('2026-02-20T10:00:00Z');

const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const db = () => server.database.db;
const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString().slice(0, 10);

async function setting(name: string, value: string) {
  const stamp = new Date(now).toISOString();
  await db().insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
}

async function member(name: string): Promise<number> {
  counter += 1;
  const answer = await post('/api/members', { name, state: active, ...admittedToday(server, cat), email: `referencia${counter}@exemplo.pt` });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function debt(memberId: number, amount: number, due_date: string): Promise<number> {
  const answer = await post('/api/unsettled_payments/raise', { member: memberId, kind: 'other', year: 2026, amount, due_date, description: 'Quota 2026' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Number(answer.body.data._id);
}

async function messageTo(memberId: number) {
  const { email } = await db().selectFrom('members').select('email').where('_id', '=', memberId).executeTakeFirstOrThrow();
  const rows = await db().selectFrom('messages').selectAll().where('recipient', '=', String(email)).execute();
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const requestsOf = (memberId: number) => db().selectFrom('payment_requests').selectAll().where('member', '=', memberId).orderBy('_id').execute();
const debtsOf = async (request: number) =>
  (await db().selectFrom('payment_request_debts').select('debt').where('request', '=', request).orderBy('debt').execute()).map((row) => Number(row.debt));
const grouped = (reference: unknown) => String(reference).replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3');

async function planAndSend() {
  await planReminders(db(), server.database.engine, lisbonDay(now), now);
  return sendApproved(server.ctx, db());
}

/** A server whose one stage (20 days after the due date) tells the Multibanco reference; sending is automatic. */
async function setUp(overrides: Parameters<typeof startResourceServer>[0] = {}) {
  server = await startResourceServer(overrides);
  server.ctx.now = () => now;
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  await setting('automatedMemberPayments', 'true');
  // No payment has been recorded on this fresh database: reminders would be held back.
  await setting('reminderHoldBackDays', '0');
  const category = await post('/api/fee_categories', { name: 'Categoria das referências' });
  cat = Number(category.body.data._id);
  const stage = await post('/api/reminder_stages', {
    name: 'Com referência', category: cat, offset_days: 20, channel: 'email',
    subject: 'Quotas em atraso', body: 'Olá {primeiro_nome},\nDeve {total}. Pague por Multibanco:\n{referencia_multibanco}',
  });
  expect(stage.status, JSON.stringify(stage.body)).toBe(201);
}

describe("a reminder with {referencia_multibanco}, the association's own references", () => {
  beforeAll(async () => {
    await setUp();
    await setting('multibancoEntity', '11604');
    await setting('multibancoSubEntity', '999');
  });
  afterAll(async () => {
    await server.close();
  });

  it('carries a real reference for exactly the debts it lists, stored as a payment request; a retry opens no second one', async () => {
    const ana = await member('Ana Referência');
    const first = await debt(ana, 1500, daysAgo(40));
    const second = await debt(ana, 1000, daysAgo(30));
    expect(await planAndSend()).toMatchObject({ sent: 1 });

    const [request, ...more] = await requestsOf(ana);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'multibanco', state: 'pending', entity: '11604', provider: 'local' });
    expect(Number(request!.amount)).toBe(2500);
    expect(isValidReference('11604', String(request!.reference), 2500)).toBe(true);
    expect(await debtsOf(Number(request!._id))).toEqual([first, second].sort((a, b) => a - b));

    const message = await messageTo(ana);
    expect(request!.provider_order).toBe(reminderOrderId(String(message.dedupe_key)));
    // A reference sent in a reminder must outlive the post: letterReferenceDays (30), printed with it.
    expect(message.body).toContain(`Entidade: 11604\nReferência: ${grouped(request!.reference)}\nValor: 25,00\u00a0€\nPagar até: 22/03/2026`);
    expect(message.html).toContain(`<tr><th>Referência</th><td>${grouped(request!.reference)}</td></tr>`);

    // The same reminder built again (a send retried after a crash): the same reference, no new request.
    const again = await reminderReference(server.ctx, db(), { member: ana, debts: [first, second], amount: 2500, key: String(message.dedupe_key) });
    expect(again).toEqual({ entity: '11604', reference: request!.reference, amount: 2500, payUntil: '2026-03-22' });
    expect(await requestsOf(ana)).toHaveLength(1);
  });

  it("gives the member's open request for the same debts rather than opening another", async () => {
    const bea = await member('Bea Pedido');
    const owed = await debt(bea, 1800, daysAgo(40));
    const opened = await post('/api/payment_requests', { member: bea, debts: [owed], method: 'multibanco' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(await planAndSend()).toMatchObject({ sent: 1 });
    expect((await requestsOf(bea)).map((r) => Number(r._id))).toEqual([Number(opened.body.data._id)]);
    expect((await messageTo(bea)).body).toContain(`Referência: ${grouped(opened.body.data.reference)}`);
  });

  it("sends its HTML part with the payment link hidden from staff, as in the text; only the recipient's copy holds it", async () => {
    const category = await post('/api/fee_categories', { name: 'Categoria das ligações' });
    const stage = await post('/api/reminder_stages', {
      name: 'Com ligação', category: category.body.data._id, offset_days: 20, channel: 'email',
      subject: 'Quotas de {nome}', body: 'Olá {primeiro_nome},\n{dividas}\nPague em {link_pagamento}',
    });
    expect(stage.status, JSON.stringify(stage.body)).toBe(201);
    counter += 1;
    const answer = await post('/api/members', { name: 'Eva <b>Ligação</b>', state: active, ...admittedToday(server, category.body.data._id), email: `referencia${counter}@exemplo.pt` });
    const eva = Number(answer.body.data._id);
    await debt(eva, 1200, daysAgo(40));
    expect(await planAndSend()).toMatchObject({ sent: 1 });
    const message = await messageTo(eva);
    expect(message.html).toMatch(/^<!doctype html>/);
    expect(message.html).toContain('<title>Quotas de Eva &lt;b&gt;Ligação&lt;/b&gt;</title>');
    expect(message.html).toContain('Olá Eva,<br>');
    expect(message.html).toContain('<td>Quota 2026</td>');
    expect(message.html).toContain(`Pague em <a href="${HIDDEN_LINK}">${HIDDEN_LINK}</a>`);
    const deliverable = unseal(await loadMessageKey(db()), String(message.sealed_html), String(message.recipient));
    expect(deliverable).toMatch(/Pague em <a href="(http:\/\/associa\.test\/[^"]+)">\1<\/a>/);
    expect(deliverable).not.toContain(HIDDEN_LINK);
  });

  it('points the member to the payment link when the association has no Multibanco references', async () => {
    await setting('multibancoEntity', '');
    try {
      const carlos = await member('Carlos Sem Referência');
      await debt(carlos, 2000, daysAgo(40));
      expect(await planAndSend()).toMatchObject({ sent: 1 });
      expect((await messageTo(carlos)).body).toContain(`Pague por Multibanco:\n${NO_REFERENCE}`);
      expect(await requestsOf(carlos)).toEqual([]);
    } finally {
      await setting('multibancoEntity', '11604');
    }
  });
});

describe('a reminder with {referencia_multibanco}, through ifthenpay (a fake server speaking its protocol)', () => {
  let fake: FakeIfthenpay;
  beforeAll(async () => {
    fake = await startFakeIfthenpay();
    await setUp({ ifthenpay: fake.config });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("carries the reference the provider issued, under the reminder's order id, stored as the member's request", async () => {
    const dina = await member('Dina Fornecedor');
    const owed = await debt(dina, 3200, daysAgo(40));
    expect(await planAndSend()).toMatchObject({ sent: 1 });
    const [request, ...more] = await requestsOf(dina);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'multibanco', state: 'pending', entity: FAKE_ENTITY, provider: 'ifthenpay' });
    expect(fake.requests.get(String(request!.provider_id))?.reference).toBe(request!.reference);
    expect(await debtsOf(Number(request!._id))).toEqual([owed]);
    const message = await messageTo(dina);
    expect(request!.provider_order).toBe(reminderOrderId(String(message.dedupe_key)));
    expect(message.body).toContain(`Entidade: ${FAKE_ENTITY}\nReferência: ${grouped(request!.reference)}\nValor: 32,00\u00a0€`);
  });
});
