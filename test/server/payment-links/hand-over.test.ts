import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliverableBody, HIDDEN_LINK } from '../../../src/server/messages/message-secrets.js';
import { lisbonDay } from '../../../src/core/days.js';
import { hashToken } from '../../../src/server/modules/payment-links/tokens.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { seedDemoCollecting } from '../../../src/server/seed/demo-collecting.js';
import { startTestServer, type TestServer } from '../support/server.js';

// Staff hand a member a way to pay: a payment link to copy with a ready SMS or WhatsApp text, or
// an e-mail whose link only the member sees. Either is audited; the outbox never shows the link.

let server: TestServer;
let staff: string;
let state: number;
const db = () => server.database.db;
const DAY = 86_400_000;

async function json(method: string, url: string, payload?: unknown, token = staff) {
  const response = await server.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

async function member(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await json('POST', '/api/members', { dues_exempt: true, name, state, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

const dayText = (ms: number) => lisbonDay(ms).split('-').reverse().join('/');

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

it('answers a new link and a text to send with it, naming a pending Multibanco reference valid for a letter', async () => {
  const now = server.ctx.now();
  const marta = await member('Marta Sousa Lima', { phone: '912345678' });
  const debt = await json('POST', '/api/unsettled_payments/raise', { member: marta, kind: 'other', year: 2026, amount: 2400, due_date: '2026-03-31', description: 'Quota 2026' });
  // Pedir pagamento: a reference staff print or send lives letterReferenceDays (30 by default), not 3 days.
  const request = await json('POST', '/api/payment_requests', { member: marta, debts: [debt.body.data._id], method: 'multibanco' });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  const until = Date.parse(request.body.data.expires_at);
  expect(Math.abs(until - (now + 30 * DAY))).toBeLessThan(60_000);

  const answer = await json('POST', '/api/payment_links/hand_over', { member: marta, way: 'copy' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { url, expires_at: expiresAt, text } = answer.body.data;
  const token = /^http:\/\/associa\.test\/informacaoDePagamento\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1];
  expect(token, url).toBeDefined();
  const reference = String(request.body.data.reference).replace(/(\d{3})(?=\d)/g, '$1 ');
  expect(text).toBe(
    `Olá Marta, pode ver e pagar as suas quotas da Associação Recreativa de Teste em ${url} (ligação válida até ${dayText(Date.parse(expiresAt))}).` +
      ` Ou por Multibanco: entidade ${request.body.data.entity}, referência ${reference}, valor 24,00\u00a0€, até ${dayText(until)}.`,
  );
  // The link opens the member's page; only its hash is stored; the hand-over is in the audit trail.
  expect((await json('GET', `/api/payment_info/${token}`, undefined, '')).body.data).toMatchObject({ first_name: 'Marta', total: 2400 });
  const stored = await db().selectFrom('payment_links').select(['member', 'purpose']).where('token_hash', '=', hashToken(token!)).executeTakeFirstOrThrow();
  expect(Number(stored.member)).toBe(marta);
  expect(await db().selectFrom('audit_log').select('_id').where('resource', '=', 'payment_links').where('action', '=', 'hand_over').execute()).toHaveLength(1);
  // A second hand-over is a new link; the first one still works.
  const again = await json('POST', '/api/payment_links/hand_over', { member: marta, way: 'copy' });
  expect(again.body.data.url).not.toBe(url);
  expect((await json('GET', `/api/payment_info/${token}`, undefined, '')).status).toBe(200);
});

it('e-mails a link only the member sees, and refuses a member without e-mail, changing nothing', async () => {
  const joao = await member('João Rocha', { email: 'joao@exemplo.pt' });
  const answer = await json('POST', '/api/payment_links/hand_over', { member: joao, way: 'email' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data).toMatchObject({ way: 'email', recipient: 'joao@exemplo.pt' });
  expect(JSON.stringify(answer.body)).not.toContain('/informacaoDePagamento/');
  const message = await db().selectFrom('messages').selectAll().where('_id', '=', answer.body.data.message).executeTakeFirstOrThrow();
  expect(message.subject).toBe('Pagamento de quotas: Associação Recreativa de Teste');
  expect(String(message.body)).toContain(HIDDEN_LINK);
  const staffView = await json('GET', `/api/messages/${Number(message._id)}`);
  expect(JSON.stringify(staffView.body)).not.toContain('/informacaoDePagamento/');
  expect(await deliverableBody(db(), Number(message._id))).toMatch(/http:\/\/associa\.test\/informacaoDePagamento\/[A-Za-z0-9_-]{43}/);

  const nobody = await member('Sem Correio');
  const links = async () => (await db().selectFrom('payment_links').select('_id').execute()).length;
  const before = await links();
  const refused = await json('POST', '/api/payment_links/hand_over', { member: nobody, way: 'email' });
  expect(refused.status).toBe(422);
  expect(refused.body.errors.way).toBe('Este sócio não tem e-mail: copie a ligação e envie-a por SMS ou WhatsApp.');
  expect(await links()).toBe(before);
  expect((await json('POST', '/api/payment_links/hand_over', { member: joao, way: 'fax' })).status).toBe(422);
});
