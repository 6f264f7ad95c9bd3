import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { JOBS_TOPIC, type JobProgress } from '../../../src/core/contract.js';
import { lisbonDay } from '../../../src/core/days.js';
import { issueTreasuryDocument } from '../../../src/server/modules/treasury/issue.js';
import { DOWNLOAD_INLINE_MAX } from '../../../src/server/modules/treasury/selection.js';
import { recordEvents } from '../jobs-support.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// A background download's progress ends at its total: the zip holds every document, and the run
// says so, also when the count is not a round number (it used to stop at the last multiple of 50).

let server: ResourceTestServer;
let admin: string;
const ids: number[] = [];
/** Above the inline limit, and no multiple of 50. */
const COUNT = DOWNLOAD_INLINE_MAX + 23;

beforeAll(async () => {
  server = await startResourceServer();
  admin = (await server.as('admin')).token;
  expect((await server.putSetting(admin, 'hasTreasury', 'true')).status).toBeLessThan(300);
  const issueDate = lisbonDay(server.ctx.now());
  await server.database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < COUNT; i += 1) {
      const row = await issueTreasuryDocument(trx, server.ctx, { type: 'quota', payer: { name: `Pagador ${i}`, nif: null, address: null }, lines: [{ description: 'Quota', amount: 500 + i }], issueDate, by: null });
      ids.push(Number(row._id));
    }
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a background download of treasury documents', () => {
  it('ends with its progress at its total, a count that is not a multiple of the step', async () => {
    expect(COUNT % 50).not.toBe(0);
    const events = recordEvents(server);
    const asked = await server.json('POST', '/api/treasury_docs/download', admin, { ids });
    expect(asked.status).toBe(202);
    const { job: jobId, total } = asked.body.data as { job: number; total: number };
    expect(total).toBe(COUNT);
    await server.app.jobs.tick();
    const job = await server.database.db.selectFrom('jobs').select(['state', 'progress', 'total']).where('_id', '=', jobId).executeTakeFirstOrThrow();
    expect({ state: job.state, progress: Number(job.progress), total: Number(job.total) }).toEqual({ state: 'done', progress: COUNT, total: COUNT });
    const end = events.filter((e) => e.topic === JOBS_TOPIC).map((e) => e.payload as JobProgress).filter((p) => p.id === jobId).at(-1);
    expect(end).toMatchObject({ state: 'done', progress: COUNT, total: COUNT });
    const state = await server.json('GET', `/api/treasury_docs/download/${jobId}`, admin);
    expect(state.body.data).toMatchObject({ state: 'done', progress: COUNT, total: COUNT, count: COUNT });
    const file = await server.request({ method: 'GET', url: state.body.data.url, token: admin });
    expect(Object.keys(unzipSync(new Uint8Array(file.rawPayload)))).toHaveLength(COUNT);
  }, 120_000);
});
