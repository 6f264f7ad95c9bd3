// Demo data as each module's `seed` hook (src/server/seed/demo.ts runs them in module order): a
// module passed in the module list brings its own, and a seed that needs an earlier module's
// result says which module must come first.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from '../../src/server/db/migrate.js';
import { appMigrations } from '../../src/server/modules/migrations.js';
import { referenceModule } from '../../src/server/modules/reference/index.js';
import { seedDemo } from '../../src/server/seed/demo.js';
import { noticesModule } from '../fixtures/notices/server/index.js';
import { startTestServer, type TestServer } from './support/server.js';

const NOW = Date.parse('2026-05-04T09:30:00Z');

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  // The test server migrates the app's tables; the fixture module's are its own.
  await migrate(server.database.db, server.database.engine, [...appMigrations, ...noticesModule.migrations]);
});
afterEach(async () => {
  await server.close();
});

const noticeRows = async () =>
  (await sql<{ title: string; published_on: string; created_at: string }>`SELECT title, published_on, created_at FROM notices ORDER BY _id`.execute(server.database.db)).rows;

describe('module seed hooks', () => {
  it('a module in the list writes its own demo data, dated from the demo day', async () => {
    const accounts = await server.database.db.transaction().execute((trx) => seedDemo(trx, NOW, server.ctx.config, server.ctx.files, [noticesModule]));
    expect(accounts).toEqual([]);
    expect(await noticeRows()).toEqual([
      { title: 'Assembleia geral ordinária', published_on: '2026-04-04', created_at: '2026-05-04T09:30:00.000Z' },
      { title: 'Quotas de 2026', published_on: '2026-04-22', created_at: '2026-05-04T09:30:00.000Z' },
      { title: 'Horário de verão da secretaria', published_on: '2026-05-02', created_at: '2026-05-04T09:30:00.000Z' },
    ]);
  });

  it('a module left out of the list writes none', async () => {
    await server.database.db.transaction().execute((trx) => seedDemo(trx, NOW, server.ctx.config, server.ctx.files, []));
    expect(await noticeRows()).toEqual([]);
  });

  it('a seed that needs an earlier module names it, and its transaction leaves nothing', async () => {
    // The reference module tags the members: without the members module before it there is none to tag.
    const seeding = server.database.db.transaction().execute((trx) => seedDemo(trx, NOW, server.ctx.config, server.ctx.files, [noticesModule, referenceModule]));
    await expect(seeding).rejects.toThrow('The demo seed needs memberIds from the members module');
    expect(await noticeRows()).toEqual([]);
  });
});
