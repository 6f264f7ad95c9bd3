// scripts/new-migration.mjs writes a new resource's first migration from its definition: the
// notices fixture's migration is the script's text (the workflow: written, reviewed, committed),
// and it applies on both engines, after which the resource's CRUD, search and sorts work.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from '../../src/server/db/migrate.js';
import { appMigrations } from '../../src/server/modules/migrations.js';
import { appModules } from '../../src/server/modules/index.js';
import { noticesModule } from '../fixtures/notices/server/index.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';

const run = promisify(execFile);
const FIXTURE = 'test/fixtures/notices/server/migration.ts';
const script = (...args: string[]) => run(process.execPath, ['scripts/new-migration.mjs', 'test/fixtures/notices/server/index.ts', 'notices', ...args]);

describe('scripts/new-migration.mjs', () => {
  it('writes, from the notices definition, the migration the fixture commits', async () => {
    const { stdout } = await script('--name', 'notices/038_notices', '--out', FIXTURE, '--print');
    expect(stdout).toBe(fs.readFileSync(FIXTURE, 'utf8'));
    // What it derived: the registry's column types, the search index of the searchable title,
    // Portuguese order for the sortable title, (column, _id) for the other sortable columns.
    expect(stdout).toContain(".addColumn('published_on', 'text', (c) => c.notNull())");
    expect(stdout).toContain("await createSearchIndex(db, engine, 'notices', [{ name: 'title' }]);");
    expect(stdout).toContain("await createTextOrderIndex(db, engine, 'notices', 'title');");
    expect(stdout).toContain('CREATE INDEX notices_published_on_keyset ON notices (published_on, _id)');
  });

  it("names a new file with the module's next number, its imports relative to it, and never overwrites one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'new-migration-'));
    try {
      const out = path.join(dir, 'notices-migration.ts');
      const { stdout } = await script('--out', out);
      expect(stdout).toContain('notices/039_notices: written to');
      const text = fs.readFileSync(out, 'utf8');
      expect(text).toContain("name: 'notices/039_notices',");
      const migrateImport = /import type \{ Migration \} from '([^']+)';/.exec(text)![1]!;
      expect(path.resolve(dir, migrateImport)).toBe(path.resolve('src/server/db/migrate.js'));
      const again = script('--out', out);
      await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('exists: pass --force to overwrite it') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says which resources the module file serves when asked for another', async () => {
    await expect(run(process.execPath, ['scripts/new-migration.mjs', 'test/fixtures/notices/server/index.ts', 'avisos', '--print'])).rejects.toMatchObject({
      stderr: expect.stringContaining('no module exported by the file serves a resource avisos (it serves: notices)'),
    });
  });
});

describe(`the generated notices migration on ${testEngine}`, () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server.request({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    server = await startTestServer({}, { modules: [...appModules, noticesModule] });
    // The test server migrates the app's list; the fixture module's migration is its own.
    expect(await migrate(server.database.db, server.database.engine, [...appMigrations, ...noticesModule.migrations])).toEqual(['notices/038_notices']);
    for (const role of ['admin', 'editor'] as const) tokens[role] = (await server.login(await server.createUser(role))).access;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates the table with its search and order indexes', async () => {
    const names =
      testEngine === 'postgres'
        ? (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'notices' AND schemaname = current_schema()`.execute(server.database.db)).rows
        : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE tbl_name = 'notices' OR name = 'notices_search'`.execute(server.database.db)).rows;
    expect(names.map((r) => r.name)).toEqual(
      expect.arrayContaining(['notices_search', 'notices_title_order', 'notices_published_on_keyset', 'notices_created_at_keyset', 'notices_updated_at_keyset']),
    );
  });

  it('serves create, search, sorted lists, update and delete through the API', async () => {
    const created: number[] = [];
    for (const [title, published_on] of [['Assembleia geral', '2026-03-01'], ['Época de quotas', '2026-01-15'], ['Arraial de São João', '2026-06-20']] as const) {
      const response = await as('editor', 'POST', '/api/notices', { title, body: `Texto de «${title}».`, published_on });
      expect(response.statusCode, response.body).toBe(201);
      created.push(Number(response.json().data._id));
    }
    const titles = async (query: string) => (await as('editor', 'GET', `/api/notices?${query}`)).json().data.map((n: { title: string }) => n.title);
    // The default sort, newest first; Portuguese order (É after E, before F); search ignoring accents.
    expect(await titles('')).toEqual(['Arraial de São João', 'Assembleia geral', 'Época de quotas']);
    expect(await titles('_sort=title')).toEqual(['Arraial de São João', 'Assembleia geral', 'Época de quotas']);
    expect(await titles('_sort=-published_on')).toEqual(['Arraial de São João', 'Assembleia geral', 'Época de quotas']);
    expect(await titles('_sort=published_on')).toEqual(['Época de quotas', 'Assembleia geral', 'Arraial de São João']);
    expect(await titles('_search=epoca')).toEqual(['Época de quotas']);

    const updated = await as('editor', 'PATCH', `/api/notices/${created[0]}`, { title: 'Assembleia geral ordinária' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Assembleia geral ordinária', _version: 2 });
    expect(await titles('_search=ordinaria')).toEqual(['Assembleia geral ordinária']);

    expect((await as('editor', 'DELETE', `/api/notices/${created[1]}`)).statusCode).toBe(403);
    expect((await as('admin', 'DELETE', `/api/notices/${created[1]}`)).statusCode).toBe(204);
    expect(await titles('_sort=title')).toEqual(['Arraial de São João', 'Assembleia geral ordinária']);
  });
});
