import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportCommitResult } from '../../src/core/contract.js';
import { COMMIT_CHUNK, commitJob } from '../../src/server/modules/imports/commit.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { check, prepareOrganisation, upload } from './imports-support.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;

beforeEach(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  token = (await server.login(await server.createUser('admin'))).access;
  await prepareOrganisation(server, token);
});
afterEach(async () => {
  await server.close();
});

/** People with no NIF, number or e-mail: nothing but the batch's own count can tell a second write of them from a new person. */
function anonymousRows(count: number): Buffer {
  const lines = ['Nome;Data de admissão;Categoria'];
  for (let i = 1; i <= count; i += 1) lines.push(`Pessoa Sem Chave ${i};01/02/2020;Efetivo`);
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

describe('members import: a commit interrupted midway', () => {
  it('goes on after the last chunk that committed when attempted again, writing every row exactly once', { timeout: 180_000 }, async () => {
    const rows = COMMIT_CHUNK + 7;
    const uploaded = await upload(server, token, 'sem-chaves.csv', anonymousRows(rows));
    expect((await check(server, token, uploaded.id, uploaded.mapping)).summary.create).toBe(rows);
    const started = await server.request({ method: 'POST', url: `/api/imports/${uploaded.id}/commit`, token });
    expect(started.statusCode).toBe(202);
    const job = await server.database.db.selectFrom('jobs').selectAll().where('_id', '=', started.json().data.jobId).executeTakeFirstOrThrow();
    const attempt = (progress: (done: number, total: number) => Promise<void>) =>
      commitJob.run({ db: server.database.db, ctx: server.ctx, job, payload: JSON.parse(job.payload!), progress }) as Promise<ImportCommitResult>;

    // The first attempt dies after its first chunk (its lease lost, the server killed: progress throws).
    const reports: number[] = [];
    await expect(
      attempt(async (done) => {
        reports.push(done);
        throw new Error('lease lost');
      }),
    ).rejects.toThrow('lease lost');
    expect(reports).toEqual([COMMIT_CHUNK]);
    const count = async () => Number((await server.database.db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(COMMIT_CHUNK);

    const done: number[] = [];
    const result = await attempt(async (n) => void done.push(n));
    expect(done).toEqual([rows]);
    expect(result).toEqual({ created: rows, updated: 0, unchanged: 0, skipped: 0, failures: [] });
    expect(await count()).toBe(rows);
    const changes = await server.database.db.selectFrom('import_batch_changes').select('record_id').where('batch_id', '=', uploaded.id).execute();
    expect(new Set(changes.map((c) => c.record_id)).size).toBe(rows);

    // The queued run itself now finds the batch committed and writes nothing.
    await server.app.jobs.tick();
    expect(await count()).toBe(rows);
    const batch = await server.request({ method: 'GET', url: `/api/imports/${uploaded.id}`, token });
    expect(batch.json().data).toMatchObject({ state: 'committed', changes: rows });
  });
});
