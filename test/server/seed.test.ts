import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { loadConfig } from '../../src/server/config.js';
import { generateNif, nifCheckDigit } from '../../src/server/seed/nif.js';
import { prepareFirstStart } from '../../src/server/seed/first-start.js';
import { DEMO_MEMBERS } from '../../src/server/seed/demo.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { isValidNif } from '../../src/server/resources/checks.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const database = () => server.database.db;
const count = async (table: string) =>
  Number((await database().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
// The test server's data directory: a first start keeps the admin's random password there.
const configFor = (mode: 'test' | 'production', adminPassword?: string, target = server) =>
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

describe('first start', () => {
  it('in test mode creates the admin, the demo organisation and two demo accounts, once', async () => {
    await ensureReferenceData(database(), Date.now());
    const report = await prepareFirstStart(server.database, configFor('test'), Date.now());
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
      expect(member.phone).toMatch(/^\+351 9[1236]\d \d{3} \d{3}$/);
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

    expect(await prepareFirstStart(server.database, configFor('test'), Date.now())).toBeNull();
    expect(await count('users')).toBe(3);
    expect(await count('members')).toBe(DEMO_MEMBERS);
  });

  it('generates the same people on every fresh database', async () => {
    await prepareFirstStart(server.database, configFor('test'), Date.now());
    const first = await database().selectFrom('members').select(['name', 'nif']).orderBy('number').limit(5).execute();
    const other = await startTestServer();
    try {
      await prepareFirstStart(other.database, configFor('test', undefined, other), Date.now());
      const second = await other.database.db.selectFrom('members').select(['name', 'nif']).orderBy('number').limit(5).execute();
      expect(second).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('in production mode creates only the admin, with ASSOCIA_ADMIN_PASSWORD when set', async () => {
    const report = await prepareFirstStart(server.database, configFor('production', 'uma senha longa'), Date.now());
    expect(report).toMatchObject({ demo: false, demoAccounts: [] });
    expect(await count('members')).toBe(0);
    expect(await count('users')).toBe(1);
    const tokens = await server.login({ id: 0, username: 'admin', password: 'uma senha longa', role: 'admin', memberId: null });
    expect(tokens.refresh).toBeTruthy();
  });
});
