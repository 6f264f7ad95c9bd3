import { afterAll, beforeAll, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { planReminders } from '../../../src/server/modules/reminders/planning.js';
import { sendApproved } from '../../../src/server/modules/reminders/sending.js';
import { lisbonDay } from '../../../src/core/days.js';
import { admittedToday } from '../support/dues-terms.js';

// Payment messages (SPEC 3): the automatic messages about payments each member was sent, as staff
// read them per member: staged reminders, notices to a selection of members and payment requests
// handed over by e-mail, with their delivery state and a link to the message itself.

let server: ResourceTestServer;
let staff: string;
let memberToken: string;
let active: number;
const now = Date.parse('2026-02-20T10:00:00Z');
let counter = 0;

const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const db = () => server.database.db;

async function setting(name: string, value: string) {
  await db().updateTable('settings').set({ value }).where('name', '=', name).execute();
}

async function member(name: string, category: number): Promise<number> {
  counter += 1;
  const answer = await post('/api/members', { name, state: active, ...admittedToday(server, category), email: `pagamentos${counter}@exemplo.pt` });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function owes(memberId: number) {
  const answer = await post('/api/unsettled_payments/raise', { member: memberId, kind: 'other', year: 2026, amount: 3000, due_date: '2026-01-15', description: 'Quota 2026' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function stage(category: number, active: boolean): Promise<number> {
  counter += 1;
  const answer = await post('/api/reminder_stages', {
    name: `Etapa ${counter}`, category, offset_days: 15, channel: 'email', active: active ? 1 : 0,
    subject: `Etapa ${counter}: quotas em atraso`, body: 'Olá {primeiro_nome}, deve {total}.',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

const listOf = async (query: string, token = staff) => server.json('GET', `/api/payment_messages${query}`, token);
const summary = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({ member: r.member, kind: r.kind, subject: r.subject, status: r.status, message: r.message, same: r.message === r._id })).sort((a, b) => String(a.kind).localeCompare(String(b.kind)));

let ana: number;
let rui: number;
let reminderStage: number;
beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  const categoryAnswer = await post('/api/fee_categories', { name: 'Categoria das mensagens de pagamento' });
  const category = Number(categoryAnswer.body.data._id);
  ana = await member('Ana Lopes', category);
  rui = await member('Rui Dias', category);
  memberToken = (await server.as('member', { memberId: ana })).token;
  await setting('automatedMemberPayments', 'true');
  await setting('reminderHoldBackDays', '0');
  await setting('name', 'Associação de Teste');
  for (const who of [ana, rui]) await owes(who);
  // The staged reminder of the daily job, to both.
  reminderStage = await stage(category, true);
  await planReminders(db(), server.database.engine, lisbonDay(now), now);
  await sendApproved(server.ctx, db());
  // A notice from an inactive stage, to Ana only (by category and years owed is everyone: filter by member below).
  const notice = await post(`/api/reminder_stages/${await stage(category, false)}/notify`, { batch_key: 'lote-pagamentos-01', category });
  expect(notice.status, JSON.stringify(notice.body)).toBe(200);
  // Pedir pagamento by e-mail: a payment link handed over to Ana.
  const handOver = await post('/api/payment_links/hand_over', { member: ana, way: 'email' });
  expect(handOver.status, JSON.stringify(handOver.body)).toBe(200);
  // A message about nothing to do with payments (a login link) is not one of them.
  const stamp = new Date(now).toISOString();
  await db().insertInto('messages').values({ recipient: 'outro@exemplo.pt', subject: 'Entrar', body: 'x', status: 'pending', attempts: 0, created_at: stamp, updated_at: stamp }).execute();
});
afterAll(async () => {
  await server?.close();
});

it("lists a member's reminders, notices and payment requests, each with its subject, delivery state and message", async () => {
  const { status, body } = await listOf(`?_member=${ana}&_limit=-1`);
  expect(status).toBe(200);
  expect(body.meta.total).toBe(3);
  const rows = summary(body.data);
  expect(rows).toEqual([
    { member: ana, kind: 'notice', subject: expect.stringMatching(/quotas em atraso$/), status: 'pending', message: expect.any(Number), same: true },
    { member: ana, kind: 'payment_request', subject: 'Pagamento de quotas: Associação de Teste', status: 'pending', message: expect.any(Number), same: true },
    { member: ana, kind: 'reminder', subject: expect.stringMatching(/quotas em atraso$/), status: 'pending', message: expect.any(Number), same: true },
  ]);
  // The reminder is the one the reminders log names for Ana.
  const decision = await db().selectFrom('reminder_decisions').select('message').where('member', '=', ana).where('stage', '=', reminderStage).executeTakeFirstOrThrow();
  expect(body.data.find((r: { kind: string }) => r.kind === 'reminder').message).toBe(Number(decision.message));
  for (const row of body.data) {
    const message = await server.json('GET', `/api/messages/${row.message}`, staff);
    expect(message.body.data.recipient).toBe(row.recipient);
    expect(message.body.data.subject).toBe(row.subject);
  }
  // Rui had the reminder and the notice; nobody else's messages are anyone's payment messages.
  expect(summary((await listOf(`?_member=${rui}`)).body.data).map((r) => r.kind)).toEqual(['notice', 'reminder']);
  expect((await listOf('?_limit=-1')).body.meta.total).toBe(5);
  expect((await listOf('?_kind=payment_request')).body.data.map((r: { member: number }) => r.member)).toEqual([ana]);
});

it('follows the outbox: a message delivered or failed shows so', async () => {
  const [first] = (await listOf(`?_member=${ana}&_kind=reminder`)).body.data;
  const sentAt = new Date(now + 60_000).toISOString();
  await db().updateTable('messages').set({ status: 'sent', sent_at: sentAt }).where('_id', '=', first.message).execute();
  const read = await server.json('GET', `/api/payment_messages/${first._id}`, staff);
  expect(read.status).toBe(200);
  expect(read.body.data).toMatchObject({ member: ana, kind: 'reminder', status: 'sent', sent_at: sentAt });
  expect((await listOf('?_status=sent')).body.data.map((r: { _id: number }) => r._id)).toEqual([first._id]);
});

it('is read by staff only, and has no write routes', async () => {
  expect((await listOf('', memberToken)).status).toBe(403);
  expect((await listOf('', '')).status).toBe(401);
  const [row] = (await listOf('')).body.data;
  expect((await server.json('POST', '/api/payment_messages', staff, { member: ana, kind: 'reminder' })).status).toBe(404);
  expect((await server.json('PATCH', `/api/payment_messages/${row._id}`, staff, { subject: 'outro' })).status).toBe(404);
  expect((await server.json('DELETE', `/api/payment_messages/${row._id}`, staff)).status).toBe(404);
  expect((await server.json('GET', `/api/payment_messages/${row._id}`, staff)).body.data.subject).toBe(row.subject);
});
