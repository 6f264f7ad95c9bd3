// A new domain added by its server folder and the module list alone: the notices fixture
// (test/fixtures/notices/server) in a test server's modules shows its OpenAPI operations, its
// permissions, its setting on its settings page and its demo data, with no other server file
// changed for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../src/server/config.js';
import { migrate } from '../../src/server/db/migrate.js';
import { appMigrations } from '../../src/server/modules/migrations.js';
import { appModules } from '../../src/server/modules/index.js';
import { installSettings } from '../../src/server/settings/catalogue.js';
import { prepareFirstStart, type FirstStartReport } from '../../src/server/seed/first-start.js';
import type { Role } from '../../src/core/contract.js';
import { noticesModule } from '../fixtures/notices/server/index.js';
import { startTestServer, type TestServer } from './support/server.js';

const modules = [...appModules, noticesModule];

let server: TestServer;
let report: FirstStartReport;
const tokens: Partial<Record<Role, string>> = {};
const as = (role: Role | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.request({ method, url, ...(role ? { token: tokens[role] } : {}), ...(payload === undefined ? {} : { payload }) });

beforeAll(async () => {
  // The settings catalogue is the process's, installed from the app's list when it loads
  // (modules/index.ts); this server's list has one module more. Put back in afterAll.
  installSettings(modules);
  server = await startTestServer({}, { modules });
  // The test server migrates the app's list; the fixture module's migration is its own.
  await migrate(server.database.db, server.database.engine, [...appMigrations, ...noticesModule.migrations]);
  // A test-mode first start: the demo, every module's seed hook in the list's order, notices last.
  const config = loadConfig({ ASSOCIA_MODE: 'test' }, { dataDir: server.ctx.config.dataDir });
  report = (await prepareFirstStart(server.database, config, server.ctx.now(), { modules }))!;
  const accounts = [report.admin, ...report.demoAccounts];
  for (const account of accounts) {
    const { access } = await server.login({ id: 0, username: account.username, password: account.password, role: account.role, memberId: account.member });
    tokens[account.role] = access;
  }
}, 240_000);
afterAll(async () => {
  await server?.close();
  installSettings(appModules);
});

describe('a domain added by its server folder and the module list', () => {
  it('brings its demo data through its seed hook, after the other modules', async () => {
    const rows = (await sql<{ title: string }>`SELECT title FROM notices ORDER BY _id`.execute(server.database.db)).rows;
    expect(rows.map((r) => r.title)).toEqual(['Assembleia geral ordinária', 'Quotas de 2026', 'Horário de verão da secretaria']);
    // The app's own demo is the same as without it: its members and accounts are there.
    expect(report.demoAccounts.map((a) => a.username)).toEqual(['editor', 'socio']);
    const list = await as('member', 'GET', '/api/notices');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(3);
    // Newest first, its default sort.
    expect(list.json().data[0].title).toBe('Horário de verão da secretaria');
  });

  it('is described in the OpenAPI document: its list, create, read, update and delete', async () => {
    const document = (await as(undefined, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(document.paths['/api/notices'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(document.paths['/api/notices/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
    expect(JSON.stringify(document.paths['/api/notices'].post)).toContain('published_on');
  });

  it('answers as its access says: a member lists but may not create, an editor creates, nobody anonymous', async () => {
    const notice = { title: 'Limpeza da sede', body: 'No sábado, a partir das 9 horas.', published_on: '2026-05-09' };
    expect((await as('member', 'GET', '/api/notices')).statusCode).toBe(200);
    expect((await as('member', 'POST', '/api/notices', notice)).statusCode).toBe(403);
    expect((await as(undefined, 'GET', '/api/notices')).statusCode).toBe(401);
    expect((await as(undefined, 'POST', '/api/notices', notice)).statusCode).toBe(401);
    const created = await as('editor', 'POST', '/api/notices', notice);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject(notice);
  });

  it('declares its setting, on its own settings page, read by anyone signed in', async () => {
    const schema = await as('member', 'GET', '/api/settings/schema');
    expect(schema.statusCode).toBe(200);
    const setting = schema.json().data.settings.find((s: { name: string }) => s.name === 'noticesSignature');
    expect(setting).toMatchObject({ page: 'notices', kind: 'text', label: 'Assinatura dos avisos' });
    expect((await as(undefined, 'GET', '/api/settings/schema')).statusCode).toBe(401);
  });
});
