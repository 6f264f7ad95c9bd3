import { afterAll, beforeAll, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { planReminders } from '../../../src/server/modules/reminders/planning.js';
import { sendApproved } from '../../../src/server/modules/reminders/sending.js';
import { lisbonDay } from '../../../src/core/days.js';
import { formatEuros as euros } from '../../../src/server/messages/format.js';
import { admittedToday } from '../support/dues-terms.js';

// What staff preview is what the member receives: the reminder is rendered when it is queued, by
// the code that renders the preview, for the same day. A payment recorded between the preview and
// the sending changes the amount the message asks for; a debt not yet due is never in it.

let server: ResourceTestServer;
let staff: string;
/** The server's clock: moved by the test, never by waiting. */
let now = Date.parse('2026-11-28T10:00:00Z');
const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const db = () => server.database.db;

let ana: number;
let rui: number;
let reminder: number;
const debts: number[] = [];

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  staff = (await server.as('editor')).token;
  const state = await server.stateId('Ativo');
  const category = Number((await post('/api/fee_categories', { name: 'Efetivo' })).body.data._id);
  const member = async (name: string, email: string) => Number((await post('/api/members', { name, email, state, ...admittedToday(server, category) })).body.data._id);
  ana = await member('Ana Lopes', 'ana@exemplo.pt');
  rui = await member('Rui Sá', 'rui@exemplo.pt');
  for (const [who, amount, due, description] of [
    [ana, 1200, '2026-01-31', 'Quota 2026'],
    [ana, 1000, '2025-01-31', 'Quota 2025'],
    // Launched early: due in two months, not owed today.
    [ana, 3400, '2027-01-31', 'Quota 2027'],
    [rui, 1200, '2026-01-31', 'Quota 2026'],
  ] as const) {
    const answer = await post('/api/unsettled_payments/raise', { member: who, kind: 'other', year: Number(due.slice(0, 4)), amount, due_date: due, description });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    debts.push(Number(answer.body.data._id));
  }
  reminder = Number(
    (await post('/api/reminder_stages', { name: 'Atraso', category: null, offset_days: 30, channel: 'email', subject: 'Quotas em atraso: {associacao}', body: 'Olá {primeiro_nome},\nDeve {total}:\n{dividas}' })).body.data._id,
  );
  // Decisions wait for staff (automatedMemberPayments off) and are not held back.
  const stamp = new Date(now).toISOString();
  await db().insertInto('settings').values({ name: 'reminderHoldBackDays', value: '0', created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '0' })).execute();
});
afterAll(async () => {
  await server?.close();
});

const previewOf = async (member: number, purpose?: 'notify') => (await post(`/api/reminder_stages/${reminder}/preview`, { member, ...(purpose ? { purpose } : {}) })).body.data as { subject: string; text: string };
const sentTo = async (email: string) => db().selectFrom('messages').select(['subject', 'body', 'dedupe_key']).where('recipient', '=', email).orderBy('_id').execute();

it('sends a reminder with the amount owed when it goes out, never a debt not yet due; unchanged, it is the preview word for word', async () => {
  const before = await previewOf(ana);
  expect(before.text).toBe(`Olá Ana,\nDeve ${euros(2200)}:\n- Quota 2025 (vencimento 31/01/2025): ${euros(1000)}\n- Quota 2026 (vencimento 31/01/2026): ${euros(1200)}`);
  const ruiPreview = await previewOf(rui);

  // Ana pays her 2025 quota after the preview, before the reminder goes out.
  expect((await post('/api/payments/record', { member: ana, date: '2026-11-28', amount: 1000, method: 'numerario', debts: [debts[1]] })).status).toBe(200);
  await planReminders(db(), server.database.engine, lisbonDay(now), now);
  expect((await post('/api/reminder_decisions/approve', { stage: reminder })).status).toBeLessThan(300);
  await server.app.jobs.tick();
  await sendApproved(server.ctx, db());

  const [toAna] = await sentTo('ana@exemplo.pt');
  expect(toAna?.body).toBe(`Olá Ana,\nDeve ${euros(1200)}:\n- Quota 2026 (vencimento 31/01/2026): ${euros(1200)}`);
  expect(await previewOf(ana)).toMatchObject({ text: toAna?.body, subject: toAna?.subject });
  const [toRui] = await sentTo('rui@exemplo.pt');
  expect({ subject: toRui?.subject, text: toRui?.body }).toEqual({ subject: ruiPreview.subject, text: ruiPreview.text });
});

it('notifies many with what each owes on the day, as the notify preview shows it', async () => {
  const preview = await previewOf(ana, 'notify');
  const answer = await post(`/api/reminder_stages/${reminder}/notify`, { batch_key: 'lote-regra-0001' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [notice] = (await sentTo('ana@exemplo.pt')).filter((m) => String(m.dedupe_key).startsWith('notify:'));
  expect(notice?.body).toBe(preview.text);
  expect(notice?.body).not.toContain('2027');

  // Once 2027's quota falls due, the same notice asks for it too.
  now = Date.parse('2027-02-01T10:00:00Z');
  staff = (await server.as('editor')).token;
  const later = await previewOf(ana, 'notify');
  expect(later.text).toBe(`Olá Ana,\nDeve ${euros(4600)}:\n- Quota 2026 (vencimento 31/01/2026): ${euros(1200)}\n- Quota 2027 (vencimento 31/01/2027): ${euros(3400)}`);
  expect((await post(`/api/reminder_stages/${reminder}/notify`, { batch_key: 'lote-regra-0002' })).status).toBe(200);
  const notices = (await sentTo('ana@exemplo.pt')).filter((m) => String(m.dedupe_key).startsWith('notify:lote-regra-0002'));
  expect(notices.map((m) => m.body)).toEqual([later.text]);
});
