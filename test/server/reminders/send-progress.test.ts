import { afterAll, beforeAll, expect, it } from 'vitest';
import { JOBS_TOPIC, type JobProgress } from '../../../src/core/contract.js';
import { lisbonDay } from '../../../src/core/days.js';
import { planReminders } from '../../../src/server/modules/reminders/planning.js';
import { recordEvents } from '../jobs-support.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { admittedToday } from '../support/dues-terms.js';

// The approved reminders' sending job ends with its progress at its total: three reminders end
// at 3 of 3, where the job used to say 3 of 4 (75 %) because it never knew its total.

let server: ResourceTestServer;
let staff: string;
let stage: number;
const now = Date.parse('2026-11-28T10:00:00Z');
const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const db = () => server.database.db;
const PEOPLE = 3;

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  // Today's scheduled runs (the daily planning and sending among them) done before there is
  // anything to send: the tick below then runs the approved batch's job alone.
  await server.app.jobs.tick();
  staff = (await server.as('editor')).token;
  const state = await server.stateId('Ativo');
  const category = Number((await post('/api/fee_categories', { name: 'Efetivo' })).body.data._id);
  for (let i = 0; i < PEOPLE; i += 1) {
    const member = await post('/api/members', { name: `Sócio ${i}`, email: `socio${i}@exemplo.pt`, state, ...admittedToday(server, category) });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    const debt = await post('/api/unsettled_payments/raise', { member: member.body.data._id, kind: 'other', year: 2026, amount: 1200, due_date: '2026-01-31', description: 'Quota 2026' });
    expect(debt.status, JSON.stringify(debt.body)).toBe(200);
  }
  const created = await post('/api/reminder_stages', { name: 'Atraso', category: null, offset_days: 30, channel: 'email', subject: 'Quotas em atraso', body: 'Deve {total}.' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  stage = Number(created.body.data._id);
  // Decisions wait for staff (automatedMemberPayments off) and are not held back.
  const stamp = new Date(now).toISOString();
  for (const [name, value] of [['reminderHoldBackDays', '0'], ['automatedMemberPayments', 'false']] as const) {
    await db().insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
});

it('ends the sending of the approved reminders at its total, every one sent', async () => {
  await planReminders(db(), server.database.engine, lisbonDay(now), now);
  const approval = await post('/api/reminder_decisions/approve', { stage });
  expect(approval.body.data.approved).toBe(PEOPLE);
  const jobId = Number(approval.body.data.job._id);
  const events = recordEvents(server);
  await server.app.jobs.tick();
  const job = await db().selectFrom('jobs').select(['name', 'state', 'progress', 'total']).where('_id', '=', jobId).executeTakeFirstOrThrow();
  expect({ name: job.name, state: job.state, progress: Number(job.progress), total: Number(job.total) }).toEqual({ name: 'reminders.send', state: 'done', progress: PEOPLE, total: PEOPLE });
  const end = events.filter((e) => e.topic === JOBS_TOPIC).map((e) => e.payload as JobProgress).filter((p) => p.id === jobId).at(-1);
  expect(end).toMatchObject({ state: 'done', progress: PEOPLE, total: PEOPLE });
  const decisions = await db().selectFrom('reminder_decisions').select('decision').where('stage', '=', stage).execute();
  expect(decisions.map((d) => d.decision)).toEqual(Array.from({ length: PEOPLE }, () => 'sent'));
});
