import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateYear } from '../../../src/server/modules/dues/generation.js';
import { formatEuros } from '../../../src/server/messages/format.js';
import { lisbonDay } from '../../../src/core/days.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { seededRandom } from '../../support/seeded-random.js';

// The ledger's one rule for what is owed (owed.ts): an open debt is owed from its due date, a day
// in Lisbon. A random ledger is made once; then, day after day, every surface that says what a
// member owes is compared with one reference computation from the rows and the due dates: the
// member's statement (standing badge), the unpaid list and its standing and year filters, the
// payments landing, the owed-per-year report, the notify-many audience, the reminder's debts
// and amount, and each member's card (its standing and the public check). Launching next year's quotas early changes none of them until they fall due.

const DAY = 86_400_000;
let server: ResourceTestServer;
let staff: string;
let stage: number;
let batch = 0;
const members: number[] = [];
/** Each member's card: its id, public code and valid-until. */
const cards = new Map<number, { _id: number; code: string; valid_until: string }>();
const start = Date.now();

const dayAt = (ms: number) => lisbonDay(ms);
const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const get = (url: string) => server.json('GET', url, staff);

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('admin')).token;
  const state = await server.stateId('Ativo');
  const category = Number((await post('/api/fee_categories', { name: 'Efetivo' })).body.data._id);
  const names = ['Ana Lopes', 'Rui Sá', 'Eva Costa', 'Gil Reis', 'Inês Mota', 'Luís Dias', 'Rita Cruz', 'Tomás Vaz'];
  for (const name of names) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@exemplo.pt`;
    members.push(Number((await post('/api/members', { name, email, state, fee_category: category, admission_date: '2020-01-01' })).body.data._id));
  }
  stage = Number(
    (await post('/api/reminder_stages', { name: 'Regra', category: null, offset_days: 0, channel: 'email', active: 0, subject: 'Quotas de {associacao}', body: '{total}\n{dividas}' })).body.data._id,
  );
  // A card for everyone, valid a year from today (the years rule: no quota need be paid first).
  expect((await server.putSetting(staff, 'cardValidityRule', 'years')).status).toBeLessThan(300);
  for (const member of members) {
    const issued = await post('/api/membership_cards/issue', { member });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    cards.set(member, issued.body.data);
  }
  // Next year's quotas, to be launched early.
  await post('/api/fee_schedules', { year: Number(dayAt(start).slice(0, 4)) + 1, category, amount: 3400, periodicity: 'annual', due_day: 31 });

  // A random ledger, made today: debts due from 400 days ago to 400 days ahead, payments dated
  // today or before (so "what stood on a later day" is what stands now), waivers and annulments.
  const next = seededRandom(20261128);
  for (let i = 0; i < 60; i += 1) {
    const due = dayAt(start + Math.round((next() * 800 - 400)) * DAY);
    const member = members[Math.floor(next() * members.length)]!;
    const raised = await post('/api/unsettled_payments/raise', { member, kind: 'other', year: Number(due.slice(0, 4)), period: 1, amount: 500 + Math.floor(next() * 3000), due_date: due, description: `Despesa ${i + 1}` });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
  }
  // One debt due exactly today and one tomorrow: the edges of the rule.
  await post('/api/unsettled_payments/raise', { member: members[0], kind: 'other', year: Number(dayAt(start).slice(0, 4)), period: 1, amount: 700, due_date: dayAt(start), description: 'Vence hoje' });
  await post('/api/unsettled_payments/raise', { member: members[1], kind: 'other', year: Number(dayAt(start + DAY).slice(0, 4)), period: 1, amount: 900, due_date: dayAt(start + DAY), description: 'Vence amanhã' });
  const db = server.database.db;
  for (let i = 0; i < 24; i += 1) {
    const member = members[Math.floor(next() * members.length)]!;
    const roll = next();
    if (roll < 0.7) {
      const answer = await post('/api/payments/record', { member, date: dayAt(start - Math.floor(next() * 30) * DAY), amount: 300 + Math.floor(next() * 4000), method: 'numerario' });
      expect(answer.status).toBe(200);
    } else {
      const open = await db.selectFrom('unsettled_payments').select(['_id', 'paid']).where('member', '=', member).where('status', 'in', ['open', 'partial']).execute();
      const debt = open[Math.floor(next() * open.length)];
      if (debt) await post(`/api/unsettled_payments/${Number(debt._id)}/${Number(debt.paid) === 0 && roll < 0.85 ? 'annul' : 'waive'}`, { reason: 'Teste' });
    }
  }
});
afterAll(async () => {
  await server?.close();
});

interface Reference {
  owed: number;
  upcoming: number;
  years: number;
  oldest: string | null;
  debts: { description: string; owed: number }[];
}

/** What each member owes on `today`, straight from the rows and the due dates. */
async function reference(today: string): Promise<Map<number, Reference>> {
  const rows = await server.database.db.selectFrom('unsettled_payments').selectAll().where('status', 'in', ['open', 'partial']).orderBy('due_date').orderBy('_id').execute();
  const result = new Map<number, Reference>(members.map((m) => [m, { owed: 0, upcoming: 0, years: 0, oldest: null, debts: [] }]));
  const years = new Map<number, Set<number>>();
  for (const row of rows) {
    const entry = result.get(Number(row.member))!;
    const open = Number(row.amount) - Number(row.paid);
    if (String(row.due_date) <= today) {
      entry.owed += open;
      entry.oldest ??= String(row.due_date);
      entry.debts.push({ description: String(row.description), owed: open });
      years.set(Number(row.member), (years.get(Number(row.member)) ?? new Set()).add(Number(row.year)));
    } else entry.upcoming += open;
  }
  for (const [member, set] of years) result.get(member)!.years = set.size;
  return result;
}

/** Every surface, as the API answers it on the server's day, compared with the reference. */
async function checkSurfaces(label: string) {
  const today = dayAt(server.ctx.now());
  const expected = await reference(today);
  const owing = members.filter((m) => expected.get(m)!.owed > 0);
  const total = members.reduce((sum, m) => sum + expected.get(m)!.owed, 0);
  const at = `${label} (${today})`;

  for (const member of members) {
    const want = expected.get(member)!;
    const { standing } = (await get(`/api/members/${member}/statement`)).body.data;
    expect(standing, `statement of ${member}, ${at}`).toMatchObject({
      kind: want.owed > 0 ? 'em_atraso' : 'em_dia',
      openTotal: want.owed,
      upcomingTotal: want.upcoming,
      yearsOwed: want.years,
      oldestDue: want.oldest,
    });
  }
  const list = (await get('/api/member_balances?_limit=-1&_sort=_id')).body.data as Record<string, unknown>[];
  for (const row of list) {
    const want = expected.get(Number(row.member))!;
    expect([row.open_total, row.upcoming_total, row.years_owed, row.oldest_due], `unpaid list row of ${Number(row.member)}, ${at}`).toEqual([want.owed, want.upcoming, want.years, want.oldest]);
  }
  const ids = async (query: string) => ((await get(`/api/member_balances?_limit=-1&_sort=_id&${query}`)).body.data as { member: number }[]).map((r) => r.member);
  expect(await ids('_standing=em_atraso'), `in arrears, ${at}`).toEqual(owing);
  expect(await ids('_open_total_gte=1'), `owing, ${at}`).toEqual(owing);
  expect(await ids('_years_owed_gte=2'), `owing two years, ${at}`).toEqual(members.filter((m) => expected.get(m)!.years >= 2));
  const year = Number(today.slice(0, 4));
  expect(await ids(`_owes_year=${year}`), `owing ${year}, ${at}`).toEqual(
    (await server.database.db.selectFrom('unsettled_payments').select('member').distinct().where('year', '=', year).where('status', 'in', ['open', 'partial']).where('due_date', '<=', today).orderBy('member').execute()).map((r) => Number(r.member)),
  );

  for (const member of members) {
    const card = cards.get(member)!;
    const want = expected.get(member)!.owed > 0 ? 'arrears' : card.valid_until < today ? 'expired' : 'valid';
    expect((await get(`/api/membership_cards/${card._id}/state`)).body.data.status, `card of ${member}, ${at}`).toBe(want);
    expect((await server.json('GET', `/api/membership_cards/verify/${card.code}`, undefined)).body.data.status, `public check of ${member}'s card, ${at}`).toBe(want);
  }

  const overview = (await get('/api/payments_overview')).body.data;
  expect([overview.owed, overview.membersInArrears, overview.upcoming], `landing, ${at}`).toEqual([total, owing.length, members.reduce((sum, m) => sum + expected.get(m)!.upcoming, 0)]);
  const report = (await get(`/api/reports/owedPerYear?from=${year - 4}&to=${year}`)).body.data;
  expect(report.total, `owed per year, ${at}`).toMatchObject({ owed: total, members: owing.length });

  // Notify many: the audience is who owes today, and each message lists exactly what they owe,
  // as the preview showed it.
  batch += 1;
  const notify = await post(`/api/reminder_stages/${stage}/notify`, { batch_key: `regra-${batch}-${today}` });
  if (owing.length === 0) expect(notify.status).toBe(422);
  else {
    expect(notify.body.data.members, `notify audience, ${at}`).toBe(owing.length);
    for (const member of owing) {
      const message = await server.database.db.selectFrom('messages').select('body').where('dedupe_key', '=', `notify:regra-${batch}-${today}:${member}`).executeTakeFirstOrThrow();
      const want = expected.get(member)!;
      const text = String(message.body);
      expect(text.split('\n')[0], `notice to ${member}, ${at}`).toBe(formatEuros(want.owed));
      expect(text.split('\n').length - 1, `debts listed to ${member}, ${at}`).toBe(want.debts.length);
      const preview = (await post(`/api/reminder_stages/${stage}/preview`, { member, purpose: 'notify' })).body.data;
      expect(preview.text, `preview for ${member}, ${at}`).toBe(text);
    }
  }
}

it('every surface agrees with one reference computation of what is owed, day after day, and early quotas change nothing until due', { timeout: 240_000 }, async () => {
  const next = seededRandom(7);
  await checkSurfaces('the day the ledger was made');
  // Next year's quotas launched today: nothing moves until they fall due.
  const nextYear = Number(dayAt(start).slice(0, 4)) + 1;
  expect(await generateYear(server.database.db, nextYear, server.ctx.now())).toMatchObject({ raised: members.length });
  await checkSurfaces('after launching next year early');
  // Tomorrow (the debt due then becomes owed), then days ahead in random steps, past next
  // year's due date and past debts due in 400 days.
  const offsets = [1, ...Array.from({ length: 6 }, () => 2 + Math.floor(next() * 420))].sort((a, b) => a - b);
  let moved = 0;
  for (const days of [...new Set(offsets)]) {
    server.advance((days - moved) * DAY);
    moved = days;
    staff = (await server.as('admin')).token;
    await checkSurfaces(`${days} days on`);
  }
  server.advance(-moved * DAY);
});
