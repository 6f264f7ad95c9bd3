import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { planReminders } from '../../../src/server/modules/reminders/planning.js';
import { sendApproved } from '../../../src/server/modules/reminders/sending.js';
import { formatEuros } from '../../../src/server/messages/format.js';
import { renderHtml, renderText, templateProblem } from '../../../src/server/modules/reminders/templates.js';
import { lisbonDay } from '../../../src/core/days.js';
import { admittedToday } from '../support/dues-terms.js';

let server: ResourceTestServer;
let staff: string;
let memberToken: string;
let active: number;
let ending: number;
/** The server's clock: moved by the tests, never by waiting. */
let now = Date.parse('2026-02-20T10:00:00Z');
let counter = 0;

const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const db = () => server.database.db;

async function setting(name: string, value: string) {
  const stamp = new Date(now).toISOString();
  await db().insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
}

async function category(): Promise<number> {
  counter += 1;
  const answer = await post('/api/fee_categories', { name: `Categoria ${counter}` });
  expect(answer.status).toBe(201);
  return Number(answer.body.data._id);
}

async function member(name: string, fee_category: number, extra: Record<string, unknown> = {}): Promise<number> {
  counter += 1;
  const answer = await post('/api/members', { name, state: active, ...admittedToday(server, fee_category), email: `socio${counter}@exemplo.pt`, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function debt(memberId: number, amount: number, due_date: string, description = 'Quota 2026'): Promise<number> {
  const answer = await post('/api/unsettled_payments/raise', { member: memberId, kind: 'other', year: 2026, amount, due_date, description });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Number(answer.body.data._id);
}

async function stage(category: number | null, offset_days: number, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await post('/api/reminder_stages', {
    name: `Etapa ${offset_days}`, category, offset_days, channel: 'email',
    subject: 'Quotas em atraso: {associacao}', body: 'Olá {primeiro_nome},\nDeve {total}:\n{dividas}\nSócio n.º {numero}', ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function recipientOf(memberId: number): Promise<string> {
  const row = await db().selectFrom('members').select('email').where('_id', '=', memberId).executeTakeFirstOrThrow();
  return String(row.email);
}

async function messagesTo(memberId: number) {
  return db().selectFrom('messages').selectAll().where('recipient', '=', await recipientOf(memberId)).execute();
}

async function decisionsOf(stageId: number) {
  return db().selectFrom('reminder_decisions').selectAll().where('stage', '=', stageId).orderBy('member').execute();
}

/** One planner run and its sending, as the daily job does them. */
async function planAndSend() {
  await planReminders(db(), server.database.engine, lisbonDay(now), now);
  return sendApproved(server.ctx, db());
}

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  ending = await server.stateId('Desistente');
  const someone = await member('Alguém', await category());
  memberToken = (await server.as('member', { memberId: someone })).token;
  await setting('reminderHoldBackDays', '0');
});
afterAll(async () => {
  await server?.close();
});

describe('templates', () => {
  it('refuses an unknown placeholder when the stage is saved, naming it, and stores nothing', async () => {
    const before = await db().selectFrom('reminder_stages').select('_id').execute();
    const answer = await post('/api/reminder_stages', { name: 'Má', offset_days: 0, channel: 'email', subject: 'Olá {nome}', body: 'Pague {total} até {data_limite} em {morada}.' });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('invalid_record');
    expect(answer.body.errors.body).toBe('Marcadores desconhecidos: {data_limite}, {morada}. Use apenas {nome}, {primeiro_nome}, {numero}, {total}, {dividas}, {associacao}, {link_pagamento}, {referencia_multibanco}.');
    expect(answer.body.errors.subject).toBeUndefined();
    expect(await db().selectFrom('reminder_stages').select('_id').execute()).toEqual(before);

    const id = await stage(null, 400);
    const patch = await server.json('PATCH', `/api/reminder_stages/${id}`, staff, { subject: 'Aviso {Nome}' });
    expect(patch.status).toBe(422);
    expect(patch.body.errors.subject).toContain('{Nome}');
    expect((await db().selectFrom('reminder_stages').select('subject').where('_id', '=', id).executeTakeFirstOrThrow()).subject).toBe('Quotas em atraso: {associacao}');
    await server.json('DELETE', `/api/reminder_stages/${id}`, staff);
  });

  it('renders text, and HTML with every value escaped and the debts as a table', () => {
    const data = { name: 'Ana <b>Lopes</b> & Filhos', number: 42, association: 'Clube "Os Amigos"', associationArticle: 'o' as const, debts: [{ description: 'Quota <2026>', dueDate: '2026-01-31', owed: 1500 }, { description: 'Jóia', dueDate: '2026-02-10', owed: 500 }] };
    const template = 'Olá {primeiro_nome} ({numero}) <i>,\nTotal: {total}\n{dividas}\n{associacao}';
    expect(templateProblem(template)).toBeNull();
    expect(renderText(template, data)).toBe(
      `Olá Ana (42) <i>,\nTotal: ${formatEuros(2000)}\n- Quota <2026> (vencimento 31/01/2026): ${formatEuros(1500)}\n- Jóia (vencimento 10/02/2026): ${formatEuros(500)}\nClube "Os Amigos"`,
    );
    expect(formatEuros(2000)).toBe('20,00\u00a0€');
    const html = renderHtml('{nome} <script>\n{dividas}{associacao}', data);
    expect(html).toBe(
      'Ana &lt;b&gt;Lopes&lt;/b&gt; &amp; Filhos &lt;script&gt;<br>\n' +
        '<table><thead><tr><th>Dívida</th><th>Vencimento</th><th>Valor</th></tr></thead><tbody>' +
        `<tr><td>Quota &lt;2026&gt;</td><td>31/01/2026</td><td>${formatEuros(1500)}</td></tr>` +
        `<tr><td>Jóia</td><td>10/02/2026</td><td>${formatEuros(500)}</td></tr></tbody></table>` +
        'Clube &quot;Os Amigos&quot;',
    );
  });

  it('previews a stage for one member (staff only), sending nothing', async () => {
    const cat = await category();
    const ana = await member('Ana Lopes', cat);
    await debt(ana, 1500, '2026-01-31', 'Quota 2026 <anual>');
    const id = await stage(cat, 10);
    const messages = (await db().selectFrom('messages').select('_id').execute()).length;
    const answer = await post(`/api/reminder_stages/${id}/preview`, { member: ana });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const association = (await db().selectFrom('settings').select('value').where('name', '=', 'name').executeTakeFirstOrThrow()).value;
    expect(answer.body.data).toMatchObject({ recipient: await recipientOf(ana), subject: `Quotas em atraso: ${String(association)}` });
    expect(answer.body.data.text).toBe(`Olá Ana,\nDeve ${formatEuros(1500)}:\n- Quota 2026 <anual> (vencimento 31/01/2026): ${formatEuros(1500)}\nSócio n.º ${String((await db().selectFrom('members').select('number').where('_id', '=', ana).executeTakeFirstOrThrow()).number)}`);
    expect(answer.body.data.html).toContain('<td>Quota 2026 &lt;anual&gt;</td>');
    expect((await db().selectFrom('messages').select('_id').execute()).length).toBe(messages);
    expect((await post(`/api/reminder_stages/${id}/preview`, {})).status).toBe(422);
    expect((await post(`/api/reminder_stages/${id}/preview`, { member: ana }, memberToken)).status).toBe(403);
    await server.json('PATCH', `/api/reminder_stages/${id}`, staff, { active: false });
  });
});

describe('the daily job', () => {
  it('sends each reminder once however often it runs; ending-state members are never chased; no e-mail is skipped with that reason', async () => {
    await setting('automatedMemberPayments', 'true');
    const cat = await category();
    const ana = await member('Ana Lopes', cat);
    const rui = await member('Rui Dias', cat, { email: null });
    const gil = await member('Gil Nunes', cat);
    const eva = await member('Eva Rocha', cat);
    for (const who of [ana, rui, gil]) await debt(who, 3000, '2026-02-01');
    // Not yet due at the stage: due 2026-02-15 + 15 days is after today.
    await debt(eva, 3000, '2026-02-15');
    await server.json('PATCH', `/api/members/${gil}`, staff, { state: ending });
    const id = await stage(cat, 15);

    // The morning's scheduled run.
    const first = await server.app.jobs.tick();
    expect(first.scheduled.map((job) => job.name)).toContain('reminders.plan');
    // And more runs the same day: on demand, the planner and sender again, the tick again.
    expect((await post('/api/reminder_decisions/plan', {})).status).toBe(200);
    await server.app.jobs.tick();
    await planAndSend();
    await server.app.jobs.tick();

    const [message, ...more] = await messagesTo(ana);
    expect(more).toEqual([]);
    expect(message!.subject).toMatch(/^Quotas em atraso: /);
    expect(message!.body).toContain(`Deve ${formatEuros(3000)}`);
    expect(message!.dedupe_key).toMatch(new RegExp(`^reminder:${ana}:\\d+:${id}$`));
    expect(await messagesTo(gil)).toEqual([]);
    expect(await messagesTo(eva)).toEqual([]);
    const decisions = (await decisionsOf(id)).map((d) => ({ member: Number(d.member), decision: d.decision, reason: d.reason, day: d.day, message: d.message === null ? null : Number(d.message) }));
    expect(decisions).toEqual([
      { member: ana, decision: 'sent', reason: null, day: '2026-02-20', message: Number(message!._id) },
      { member: rui, decision: 'skipped', reason: 'no_email', day: '2026-02-20', message: null },
      { member: gil, decision: 'skipped', reason: 'ending', day: '2026-02-20', message: null },
    ]);

    // The next days: Eva's debt reaches the stage; nobody else is reminded again at it.
    now += 86_400_000 * 15;
    await server.app.jobs.tick();
    await planAndSend();
    expect(await messagesTo(ana)).toHaveLength(1);
    expect(await messagesTo(eva)).toHaveLength(1);
    expect(await messagesTo(gil)).toEqual([]);
    expect((await decisionsOf(id)).filter((d) => Number(d.member) === gil)).toHaveLength(1);
    await server.json('PATCH', `/api/reminder_stages/${id}`, staff, { active: false });
  });

  it('two planners at once send each reminder once', async () => {
    await setting('automatedMemberPayments', 'true');
    const cat = await category();
    const people = [];
    for (let i = 0; i < 6; i += 1) {
      const who = await member(`Sócio Simultâneo ${i}`, cat);
      await debt(who, 1000 + i, '2026-01-10');
      await debt(who, 500, '2026-02-10', 'Jóia');
      people.push(who);
    }
    const before = await stage(cat, -10);
    const onTheDay = await stage(cat, 0);
    await Promise.all([planAndSend(), planAndSend(), planAndSend()]);
    await Promise.all([planAndSend(), server.app.jobs.tick()]);
    for (const who of people) {
      const messages = await messagesTo(who);
      // The latest stage each debt has reached: "on the day" (one reminder listing both debts).
      expect(messages, `member ${who}`).toHaveLength(1);
      expect(messages[0]!.body).toContain(`Deve ${formatEuros(1000 + (who - people[0]!) + 500)}`);
    }
    expect(await decisionsOf(before)).toEqual([]);
    expect((await decisionsOf(onTheDay)).map((d) => d.decision)).toEqual(people.map(() => 'sent'));
    for (const id of [before, onTheDay]) await server.json('PATCH', `/api/reminder_stages/${id}`, staff, { active: false });
  });

  it('waits for approval unless sending is automatic, and skips a member who paid between planning and sending', async () => {
    await setting('automatedMemberPayments', 'false');
    const cat = await category();
    const payer = await member('Paula Pagante', cat);
    const owing = await member('Olga Devedora', cat);
    const paid = await debt(payer, 2000, '2026-02-01');
    await debt(owing, 2000, '2026-02-01');
    const id = await stage(cat, 30);
    await planAndSend();
    expect((await decisionsOf(id)).map((d) => d.decision)).toEqual(['awaiting', 'awaiting']);
    expect(await messagesTo(payer)).toEqual([]);

    const payment = await post('/api/payments/record', { member: payer, date: lisbonDay(now), amount: 2000, method: 'transferencia', debts: [paid] });
    expect(payment.status).toBe(200);
    expect((await post('/api/reminder_decisions/approve', { stage: id }, memberToken)).status).toBe(403);
    const approval = await post('/api/reminder_decisions/approve', { stage: id });
    expect(approval.status).toBe(200);
    expect(approval.body.data.approved).toBe(2);
    await server.app.jobs.tick();

    expect(await messagesTo(payer)).toEqual([]);
    expect(await messagesTo(owing)).toHaveLength(1);
    expect((await decisionsOf(id)).map((d) => [Number(d.member), d.decision, d.reason])).toEqual([
      [payer, 'skipped', 'paid'],
      [owing, 'sent', null],
    ]);
    // Nothing left to approve: approving again sends nothing more.
    expect((await post('/api/reminder_decisions/approve', { stage: id })).body.data).toEqual({ approved: 0, job: null });
    await server.app.jobs.tick();
    expect(await messagesTo(owing)).toHaveLength(1);
    await server.json('PATCH', `/api/reminder_stages/${id}`, staff, { active: false });
  });

  it('holds back while no payment has been recorded for the set number of days, and goes ahead once one is', async () => {
    await setting('automatedMemberPayments', 'true');
    await setting('reminderHoldBackDays', '10');
    now += 86_400_000 * 11;
    const cat = await category();
    const ana = await member('Ana Retida', cat);
    await debt(ana, 1200, '2026-02-01');
    const id = await stage(cat, 45);
    await planAndSend();
    await planAndSend();
    expect(await messagesTo(ana)).toEqual([]);
    expect((await decisionsOf(id)).map((d) => [d.decision, d.reason])).toEqual([['held', 'no_recent_payments']]);

    const other = await member('Outro Pagante', cat);
    expect((await post('/api/payments/record', { member: other, date: lisbonDay(now), amount: 100, method: 'numerario' })).status).toBe(200);
    now += 86_400_000;
    await planAndSend();
    expect(await messagesTo(ana)).toHaveLength(1);
    expect((await decisionsOf(id)).map((d) => [d.decision, d.reason])).toEqual([['sent', null]]);

    await setting('reminderHoldBackDays', '0');
    now += 86_400_000 * 30;
    await planAndSend();
    expect(await messagesTo(ana)).toHaveLength(1);
  });

  it('never chases a debt pending in a direct-debit batch, logging the skip once, and chases it again if the bank returns it', async () => {
    await setting('automatedMemberPayments', 'true');
    await setting('sepaCreditorId', 'PT73ZZZ123456');
    await setting('associationIban', 'PT50000201231234567890154');
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString().slice(0, 10);
    const cat = await category();
    const dora = await member('Dora Debitada', cat);
    const mia = await member('Mia Mista', cat);
    const leo = await member('Leo Tardio', cat);
    const doraDebt = await debt(dora, 3000, daysAgo(40), 'Quota por débito');
    const miaInBatch = await debt(mia, 2500, daysAgo(40), 'Quota por débito');
    await debt(mia, 1000, daysAgo(35), 'Jantar');
    const leoDebt = await debt(leo, 1800, daysAgo(40));
    for (const [who, ref] of [[dora, 'DORA-1'], [mia, 'MIA-1'], [leo, 'LEO-1']] as const) {
      expect((await post('/api/sepa_mandates', { member: who, iban: 'PT50000201231234567890154', reference: ref, signature_date: '2025-10-01' })).status).toBe(201);
    }
    const collection = daysAgo(-5);
    const batch = await post('/api/direct_debit_batches/prepare', { collection_date: collection, debts: [doraDebt, miaInBatch] });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    // Leo's debt is not in a batch yet: it is chased like any other until it is.
    await setting('automatedMemberPayments', 'false');
    const id = await stage(cat, 20);
    await planAndSend();
    await setting('automatedMemberPayments', 'true');

    const first = (await decisionsOf(id)).map((d) => ({ member: Number(d.member), decision: d.decision, reason: d.reason, debts: Number(d.debts), total: Number(d.total), debt_set: d.debt_set }));
    expect(first).toEqual([
      { member: dora, decision: 'skipped', reason: 'direct_debit', debts: 1, total: 3000, debt_set: `dd:${doraDebt}` },
      { member: mia, decision: 'awaiting', reason: null, debts: 1, total: 1000, debt_set: expect.not.stringMatching(/^dd:/) },
      { member: leo, decision: 'awaiting', reason: null, debts: 1, total: 1800, debt_set: String(leoDebt) },
    ]);
    // Between planning and sending Leo's debt goes into a batch: the sender skips it with that reason.
    expect((await post('/api/direct_debit_batches/prepare', { collection_date: collection, debts: [leoDebt] })).status).toBe(200);
    expect((await post('/api/reminder_decisions/approve', { stage: id })).body.data.approved).toBe(2);
    await server.app.jobs.tick();
    expect(await messagesTo(dora)).toEqual([]);
    expect(await messagesTo(leo)).toEqual([]);
    const [toMia, ...moreToMia] = await messagesTo(mia);
    expect(moreToMia).toEqual([]);
    expect(toMia!.body).toContain(`Deve ${formatEuros(1000)}`);
    expect(toMia!.body).not.toContain('Quota por débito');
    expect((await decisionsOf(id)).map((d) => [Number(d.member), d.decision, d.reason])).toEqual([
      [dora, 'skipped', 'direct_debit'],
      [mia, 'sent', null],
      [leo, 'skipped', 'direct_debit'],
    ]);

    // The following days: the skips are not logged again while the debts stay pending.
    now += 86_400_000;
    await planAndSend();
    now += 86_400_000;
    await planAndSend();
    const doraDecisions = async () => (await decisionsOf(id)).filter((d) => Number(d.member) === dora).map((d) => [d.decision, d.reason]);
    expect(await doraDecisions()).toEqual([['skipped', 'direct_debit']]);
    expect((await decisionsOf(id)).filter((d) => Number(d.member) === mia).map((d) => [d.decision, d.reason, d.debt_set])).toEqual([
      ['sent', null, expect.not.stringMatching(/^dd:/)],
      ['skipped', 'direct_debit', `dd:${miaInBatch}`],
    ]);
    expect(await messagesTo(mia)).toHaveLength(1);

    // The bank returns Dora's debt: the next run reminds her of it, once.
    const item = (await server.json('GET', `/api/direct_debit_items?_debt=${doraDebt}`, staff)).body.data[0];
    expect((await post(`/api/direct_debit_items/${item._id}/reject`, { reason: 'AM04 Saldo insuficiente' })).status).toBe(200);
    now += 86_400_000;
    await planAndSend();
    await planAndSend();
    const toDora = await messagesTo(dora);
    expect(toDora).toHaveLength(1);
    expect(toDora[0]!.body).toContain(`Deve ${formatEuros(3000)}`);
    expect(await doraDecisions()).toEqual([['skipped', 'direct_debit'], ['sent', null]]);
    await server.json('PATCH', `/api/reminder_stages/${id}`, staff, { active: false });
  });

  it('lists the decisions for staff only', async () => {
    expect((await server.json('GET', '/api/reminder_decisions?_decision=sent', staff)).body.data.length).toBeGreaterThan(0);
    expect((await server.json('GET', '/api/reminder_decisions', memberToken)).status).toBe(403);
    expect((await server.json('GET', '/api/reminder_stages', memberToken)).status).toBe(403);
  });
});

describe('planning in steps (SQLite plans over ranges of members, each committed alone)', () => {
  it('takes, a member a step, exactly the decisions and coverage planning every member at once takes', async () => {
    // Every stage the tests above set up, with their members: ending states, no e-mail, debts in a
    // direct-debit batch, several stages per category, decisions already logged.
    await db().updateTable('reminder_stages').set({ active: 1 }).execute();
    const taken = async () => ({
      decisions: await db()
        .selectFrom('reminder_decisions')
        .select(['member', 'stage', 'debt_set', 'day', 'decision', 'reason', 'debts', 'total'])
        .orderBy(['stage', 'member', 'debt_set'])
        .execute(),
      coverage: await db()
        .selectFrom('reminder_coverage as c')
        .innerJoin('reminder_decisions as r', 'r._id', 'c.decision')
        .select(['c.stage', 'c.debt', 'r.member', 'r.debt_set'])
        .orderBy(['c.stage', 'c.debt'])
        .execute(),
    });
    const clear = async () => {
      await db().deleteFrom('reminder_coverage').execute();
      await db().deleteFrom('reminder_decisions').execute();
    };
    await clear();
    const atOnce = await planReminders(db(), server.database.engine, lisbonDay(now), now, undefined, null);
    const whole = await taken();
    expect(whole.decisions.length).toBeGreaterThan(5);
    expect(whole.coverage.length).toBeGreaterThan(5);
    await clear();
    const inSteps = await planReminders(db(), server.database.engine, lisbonDay(now), now, undefined, { members: 1 });
    expect(await taken()).toEqual(whole);
    expect(inSteps.decided).toEqual(atOnce.decided);
    // A second run in steps the same day adds nothing.
    const again = await planReminders(db(), server.database.engine, lisbonDay(now), now, undefined, { members: 1 });
    expect(Object.values(again.decided).every((count) => count === 0)).toBe(true);
    expect(await taken()).toEqual(whole);
  });
});
