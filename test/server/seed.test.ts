import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './support/server.js';
import { loadConfig } from '../../src/server/config.js';
import { loose } from '../../src/server/db/database.js';
import { generateNif, nifCheckDigit } from '../../src/server/seed/nif.js';
import { prepareFirstStart, type FirstStartReport } from '../../src/server/seed/first-start.js';
import { DEMO_MEMBERS } from '../../src/server/seed/demo-members.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { isValidNif } from '../../src/server/resources/checks.js';
import { lisbonDay } from '../../src/core/days.js';
import { DEMO_DUES_YEARS } from '../../src/server/seed/demo-fees.js';
import { normalisePhone } from '../../src/server/fields/phone.js';

/** The server the test at hand reads: the demo's in test mode, a fresh one in production mode. */
let server: TestServer;

const database = () => server.database.db;
const count = async (table: string) =>
  Number((await loose(database()).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
/** Rows of a raw SQL query (the ledger checks read clearest as SQL). */
const rowsOf = async (query: string): Promise<Record<string, number | string | null>[]> =>
  (await sql.raw<Record<string, number | string | null>>(query).execute(database())).rows;
// The test server's data directory: a first start keeps the admin's random password there.
const configFor = (mode: 'test' | 'production', adminPassword: string | undefined, target: TestServer) =>
  loadConfig({ ASSOCIA_MODE: mode, ...(adminPassword ? { ASSOCIA_ADMIN_PASSWORD: adminPassword } : {}) }, { dataDir: target.ctx.config.dataDir });

describe('NIF generator', () => {
  it('computes the mod-11 check digit of known NIFs', () => {
    // 123456789 is the textbook valid example; 0 when the remainder is 0 or 1.
    expect(nifCheckDigit('12345678')).toBe(9);
    expect(nifCheckDigit('50000000')).toBe(0);
  });

  it('makes nine-digit NIFs of individuals whose check digit holds', () => {
    let seed = 7;
    const randomInt = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % (max + 1);
    };
    for (let i = 0; i < 500; i += 1) {
      const nif = generateNif(randomInt);
      expect(nif).toMatch(/^[123]\d{8}$/);
      expect(Number(nif[8])).toBe(nifCheckDigit(nif.slice(0, 8)));
    }
  });
});

describe('first start in test mode', () => {
  // One first start with the demo (10-30 s on PostgreSQL, 60 s on a loaded machine) read by every
  // test here; they only read it, and a second fresh database is made where one is compared.
  let demo: TestServer;
  let report: FirstStartReport | null;
  let startedAt: number;
  beforeAll(async () => {
    demo = await startTestServer();
    startedAt = Date.now();
    // As the server's start does: reference data (countries...) first, then the first start.
    await ensureReferenceData(demo.database.db, startedAt);
    report = await prepareFirstStart(demo.database, configFor('test', undefined, demo), startedAt);
  }, 180_000);
  afterAll(async () => {
    await demo.close();
  });
  beforeEach(() => {
    server = demo;
  });

  it('creates the admin, the demo organisation and two demo accounts, once', async () => {
    expect(report).not.toBeNull();
    expect(report!.admin.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(report!.demoAccounts.map((a) => a.role).sort()).toEqual(['editor', 'member']);
    const admin = await server.login({ id: 0, username: 'admin', password: report!.admin.password, role: 'admin', memberId: null });
    expect(admin.access).toBeTruthy();
    for (const account of report!.demoAccounts) {
      await server.login({ id: 0, username: account.username, password: account.password, role: account.role, memberId: account.member });
    }

    expect(await count('members')).toBe(DEMO_MEMBERS);
    const members = await database().selectFrom('members').selectAll().execute();
    expect(new Set(members.map((m) => m.nif)).size).toBe(DEMO_MEMBERS);
    expect(new Set(members.map((m) => m.number)).size).toBe(DEMO_MEMBERS);
    for (const member of members) {
      const nif = String(member.nif);
      expect(nif).toMatch(/^\d{9}$/);
      expect(isValidNif(nif)).toBe(true);
      expect(member.postal_code).toMatch(/^[1-9]\d{3}-\d{3}$/);
      // Stored as every write stores a phone: E.164, a valid Portuguese mobile.
      expect(member.phone).toMatch(/^\+3519[1236]\d{7}$/);
      expect(normalisePhone(String(member.phone))).toEqual({ ok: true, value: member.phone });
      expect(member.email).toMatch(/^[a-z.]+\d+@example\.(com|org|net)$/);
      expect(member.birth_date! < member.admission_date!).toBe(true);
    }
    const portugal = await database().selectFrom('countries').select('_id').where('code', '=', 'PT').executeTakeFirstOrThrow();
    const inPortugal = members.filter((m) => m.country === portugal._id).length;
    expect(inPortugal / DEMO_MEMBERS).toBeGreaterThan(0.85);
    expect(inPortugal).toBeLessThan(DEMO_MEMBERS);

    // The resource engine serves them: list, search index and filters see the demo rows.
    const { access } = admin;
    const list = await server.request({ method: 'GET', url: '/api/members?_page=1&_limit=10', token: access });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(DEMO_MEMBERS);
    const someone = members[500]!;
    const found = await server.request({ method: 'GET', url: `/api/members?_search=${String(someone.nif)}`, token: access });
    expect(found.json().data.map((m: { _id: number }) => m._id)).toContain(someone._id);

    const states = await database().selectFrom('member_states').selectAll().execute();
    expect(states.filter((s) => Number(s.marksEnd) === 1).length).toBeGreaterThanOrEqual(2);
    expect(states.filter((s) => Number(s.marksEnd) === 0).length).toBeGreaterThanOrEqual(1);
    const usedStates = new Set(members.map((m) => Number(m.state)));
    expect(states.some((s) => Number(s.marksEnd) === 1 && usedStates.has(Number(s._id)))).toBe(true);
    expect(await count('tags')).toBeGreaterThanOrEqual(5);
    expect(await count('member_tags')).toBeGreaterThan(200);
    expect(await count('contacts')).toBeGreaterThan(0);

    const member = await database().selectFrom('users').selectAll().where('username', '=', 'socio').executeTakeFirstOrThrow();
    expect(member.member).toBe(members.find((m) => m.number === 1)!._id);

    expect(await prepareFirstStart(server.database, configFor('test', undefined, server), Date.now())).toBeNull();
    expect(await count('users')).toBe(3);
    expect(await count('members')).toBe(DEMO_MEMBERS);
  });

  it('generates the same people on every fresh database', { timeout: 180_000 }, async () => {
    const first = await database().selectFrom('members').select(['name', 'nif']).orderBy('number').limit(5).execute();
    // The same payment history too: who paid, how much, when and how.
    const history = sql<Record<string, unknown>>`SELECT m.number, p.date, p.amount, p.method, p.reference FROM payments p JOIN members m ON m._id = p.member ORDER BY p.date, m.number, p.amount`;
    const firstHistory = (await history.execute(database())).rows;
    const other = await startTestServer();
    try {
      await ensureReferenceData(other.database.db, Date.now());
      await prepareFirstStart(other.database, configFor('test', undefined, other), Date.now());
      const second = await other.database.db.selectFrom('members').select(['name', 'nif']).orderBy('number').limit(5).execute();
      expect(second).toEqual(first);
      expect((await history.execute(other.database.db)).rows).toEqual(firstHistory);
    } finally {
      await other.close();
    }
  });

  it('gives the demo organisation seven years of dues that look real, with a consistent ledger', async () => {
    const today = lisbonDay(startedAt);
    const year = Number(today.slice(0, 4));

    // Categories: most members Efetivo, a few honorary (exempt) ones; every member has one.
    const categories = await rowsOf('SELECT c.name, c.exempt, COUNT(m._id) AS members FROM fee_categories c LEFT JOIN members m ON m.fee_category = c._id GROUP BY c.name, c.exempt ORDER BY c.name');
    expect(categories.map((c) => [c.name, Number(c.exempt)])).toEqual([['Efetivo', 0], ['Estudante', 0], ['Família', 0], ['Honorário', 1], ['Sénior', 0]]);
    const membersIn = (name: string) => Number(categories.find((c) => c.name === name)!.members);
    expect(membersIn('Efetivo') / DEMO_MEMBERS).toBeGreaterThan(0.7);
    expect(membersIn('Honorário')).toBeGreaterThanOrEqual(2);
    expect(membersIn('Honorário')).toBeLessThan(30);
    for (const name of ['Estudante', 'Família', 'Sénior']) expect(membersIn(name)).toBeGreaterThan(20);
    // Every demo member meets the dues terms a save asks (members/dues-terms.ts): a category and an admission date.
    expect(await rowsOf('SELECT _id FROM members WHERE fee_category IS NULL OR admission_date IS NULL')).toEqual([]);

    // Seven years of schedules, the current one included, and next year's; every category each year.
    const schedules = await rowsOf('SELECT s.year, c.name, s.amount, s.periodicity FROM fee_schedules s JOIN fee_categories c ON c._id = s.category ORDER BY s.year, c.name');
    expect([...new Set(schedules.map((s) => Number(s.year)))]).toEqual(Array.from({ length: DEMO_DUES_YEARS + 1 }, (_, i) => year - DEMO_DUES_YEARS + 1 + i));
    expect(schedules).toHaveLength((DEMO_DUES_YEARS + 1) * 5);
    expect(schedules.find((s) => Number(s.year) === year + 1 && s.name === 'Efetivo')).toMatchObject({ amount: 3000, periodicity: 'annual' });
    expect(schedules.find((s) => Number(s.year) === year && s.name === 'Efetivo')).toMatchObject({ amount: 3000, periodicity: 'annual' });
    expect(schedules.find((s) => Number(s.year) === year && s.name === 'Sénior')).toMatchObject({ amount: 200, periodicity: 'monthly' });
    expect(schedules.filter((s) => s.name === 'Honorário').every((s) => Number(s.amount) === 0)).toBe(true);

    // Debts every year; most paid, some in part, one forgiven with its reason; none for honorary years.
    const byYear = await rowsOf("SELECT year, COUNT(*) AS n, SUM(CASE WHEN status = 'paid' THEN 1 ELSE 0 END) AS paid FROM unsettled_payments GROUP BY year ORDER BY year");
    expect(byYear.map((y) => Number(y.year))).toEqual(schedules.filter((s) => s.name === 'Efetivo' && Number(s.year) <= year).map((s) => Number(s.year)));
    for (const row of byYear.slice(0, -1)) expect(Number(row.paid) / Number(row.n)).toBeGreaterThan(0.8);
    const statuses = Object.fromEntries((await rowsOf('SELECT status, COUNT(*) AS n FROM unsettled_payments GROUP BY status')).map((r) => [r.status, Number(r.n)]));
    expect(statuses.partial).toBeGreaterThan(10);
    expect(statuses.open).toBeGreaterThan(100);
    expect(statuses.waived).toBeGreaterThanOrEqual(1);
    expect(await rowsOf("SELECT _id FROM unsettled_payments WHERE status = 'waived' AND (resolution_reason IS NULL OR resolved_by IS NULL)")).toEqual([]);
    expect(await rowsOf(`SELECT d._id FROM unsettled_payments d JOIN members m ON m._id = d.member JOIN fee_categories c ON c._id = m.fee_category WHERE c.exempt = 1 AND d.year >= ${year - 1}`)).toEqual([]);
    // Newcomers of these years paid a joining fee.
    expect(Number((await rowsOf("SELECT COUNT(*) AS n FROM unsettled_payments WHERE kind = 'joia'"))[0]!.n)).toBeGreaterThan(20);

    // Payments: mixed methods, none in the future, some months late, two annulled with a reason.
    const methods = await rowsOf('SELECT method, COUNT(*) AS n FROM payments GROUP BY method');
    for (const method of ['transferencia', 'numerario', 'mbway', 'multibanco']) expect(Number(methods.find((m) => m.method === method)?.n ?? 0)).toBeGreaterThan(300);
    expect(await rowsOf(`SELECT _id FROM payments WHERE date > '${today}'`)).toEqual([]);
    const settled = await rowsOf('SELECT p.date, d.due_date FROM payments p JOIN payment_allocations a ON a.payment = p._id JOIN unsettled_payments d ON d._id = a.debt');
    const daysLate = settled.map((r) => (Date.parse(String(r.date)) - Date.parse(String(r.due_date))) / 86_400_000);
    expect(daysLate.filter((days) => days <= 30).length / daysLate.length).toBeGreaterThan(0.8);
    expect(daysLate.filter((days) => days > 60).length).toBeGreaterThan(50);
    const annulled = await rowsOf('SELECT annul_reason, annulled_by FROM payments WHERE annulled_at IS NOT NULL');
    expect(annulled.length).toBeGreaterThanOrEqual(2);
    expect(annulled.every((p) => typeof p.annul_reason === 'string' && p.annulled_by !== null)).toBe(true);

    // Standing: most members up to date, some in arrears, a few owing several years; the honorary exempt.
    const balances = await rowsOf('SELECT b.oldest_due, b.years_owed, b.open_total, c.exempt FROM member_balances b JOIN fee_categories c ON c._id = b.category');
    const paying = balances.filter((b) => Number(b.exempt) === 0);
    const inArrears = paying.filter((b) => b.oldest_due !== null && String(b.oldest_due) <= today);
    expect((paying.length - inArrears.length) / paying.length).toBeGreaterThan(0.65);
    expect(inArrears.length / paying.length).toBeGreaterThan(0.08);
    const severalYears = paying.filter((b) => Number(b.years_owed) >= 3).length;
    expect(severalYears).toBeGreaterThanOrEqual(5);
    expect(severalYears / paying.length).toBeLessThan(0.1);
    expect(balances.filter((b) => Number(b.exempt) === 1 && Number(b.open_total) === 0).length).toBeGreaterThanOrEqual(2);
    // The demo member account has the current year's quota to pay.
    const own = await rowsOf("SELECT b.open_debts, b.oldest_due FROM member_balances b JOIN users u ON u.member = b.member WHERE u.username = 'socio'");
    expect(Number(own[0]!.open_debts)).toBeGreaterThanOrEqual(1);

    // The ledger adds up: what each debt has paid is what valid payments allocated to it; what
    // each payment allocated is the sum of its allocations, never more than it; balances agree.
    expect(await rowsOf(`SELECT d._id FROM unsettled_payments d LEFT JOIN (
        SELECT a.debt, SUM(a.amount) AS s FROM payment_allocations a JOIN payments p ON p._id = a.payment WHERE p.annulled_at IS NULL GROUP BY a.debt
      ) x ON x.debt = d._id WHERE d.paid <> COALESCE(x.s, 0) OR d.paid > d.amount`)).toEqual([]);
    expect(await rowsOf(`SELECT _id FROM unsettled_payments WHERE status IN ('open', 'partial', 'paid') AND status <> CASE WHEN paid = 0 THEN 'open' WHEN paid >= amount THEN 'paid' ELSE 'partial' END`)).toEqual([]);
    expect(await rowsOf(`SELECT p._id FROM payments p LEFT JOIN (SELECT payment, SUM(amount) AS s FROM payment_allocations GROUP BY payment) x ON x.payment = p._id
      WHERE p.allocated <> COALESCE(x.s, 0) OR p.allocated > p.amount`)).toEqual([]);
    expect(await rowsOf(`SELECT a._id FROM payment_allocations a JOIN payments p ON p._id = a.payment JOIN unsettled_payments d ON d._id = a.debt
      WHERE a.member <> p.member OR a.member <> d.member`)).toEqual([]);
    // What a balance counts as owed is what falls due by its day; the rest is a vencer.
    expect(await rowsOf(`SELECT b._id FROM member_balances b
      LEFT JOIN (SELECT member, SUM(CASE WHEN due_date <= '${today}' THEN amount - paid ELSE 0 END) AS owed, SUM(CASE WHEN due_date > '${today}' THEN amount - paid ELSE 0 END) AS later
        FROM unsettled_payments WHERE status IN ('open', 'partial') GROUP BY member) d ON d.member = b.member
      LEFT JOIN (SELECT member, SUM(amount - allocated) AS s FROM payments WHERE annulled_at IS NULL GROUP BY member) p ON p.member = b.member
      WHERE b.open_total <> COALESCE(d.owed, 0) OR b.upcoming_total <> COALESCE(d.later, 0) OR b.credit <> COALESCE(p.s, 0)`)).toEqual([]);
    const credit = await rowsOf('SELECT COUNT(*) AS n FROM member_balances WHERE credit > 0');
    expect(Number(credit[0]!.n)).toBeGreaterThanOrEqual(1);

    // The unpaid list serves them, biggest debts first.
    const { access } = await server.login({ id: 0, username: 'admin', password: report!.admin.password, role: 'admin', memberId: null });
    const unpaid = await server.request({ method: 'GET', url: '/api/member_balances?_sort=-open_total&_limit=5', token: access });
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json().meta.total).toBe(balances.length);
    expect(unpaid.json().data[0].years_owed).toBeGreaterThanOrEqual(3);
  });
});

describe('first start in production mode', () => {
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('creates only the admin, with ASSOCIA_ADMIN_PASSWORD when set', async () => {
    const report = await prepareFirstStart(server.database, configFor('production', 'uma senha longa', server), Date.now());
    expect(report).toMatchObject({ demo: false, demoAccounts: [] });
    expect(await count('members')).toBe(0);
    expect(await count('users')).toBe(1);
    const tokens = await server.login({ id: 0, username: 'admin', password: 'uma senha longa', role: 'admin', memberId: null });
    expect(tokens.refresh).toBeTruthy();
  });
});
