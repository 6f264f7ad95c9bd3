import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOBS_TOPIC, type JobProgress } from '../../../src/core/contract.js';
import { lisbonDay } from '../../../src/core/days.js';
import { issueTreasuryDocument } from '../../../src/server/modules/treasury/issue.js';
import { BULK_JOB_THRESHOLD } from '../../../src/server/resources/bulk/job.js';
import { recordEvents } from '../jobs-support.js';
import { startResourceServer, type ResourceTestServer } from './support.js';

let server: ResourceTestServer;
let admin: string;
let editor: string;
let counter = 0;
beforeEach(async () => {
  server = await startResourceServer();
  ({ token: admin } = await server.as('admin'));
  ({ token: editor } = await server.as('editor'));
});
afterEach(() => server.close());

async function member(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  counter += 1;
  const { status, body } = await server.json('POST', '/api/members', admin, { dues_exempt: true, name, number: 10_000 + counter, ...extra });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data._id;
}
const tag = async (name: string) => (await server.json('POST', '/api/tags', admin, { name })).body.data._id as number;
const read = async (id: number) => (await server.json('GET', `/api/members/${id}`, admin)).body.data;
const auditOf = async (action: string, ids: number[]) =>
  (await server.database.db.selectFrom('audit_log').select('record_id').where('resource', '=', 'members').where('action', '=', action).where('record_id', 'in', ids).execute()).length;

describe('bulk update', () => {
  it('changes the state and tags of the members named by ids, with an audit entry and a change event per row', async () => {
    const [a, b, c] = [await member('Ana Bulk'), await member('Bruno Bulk'), await member('Carla Fora')];
    const [vip, old] = [await tag('VIP'), await tag('Antiga')];
    await server.json('PATCH', `/api/members/${b}`, admin, { tags: [old] });
    const suspended = await server.stateId('Suspenso');
    const events = recordEvents(server);
    const answer = await server.json('POST', '/api/members/bulk_update', editor, { ids: [a, b], changes: { state: suspended }, add: { tags: [vip] }, remove: { tags: [old] } });
    expect(answer).toEqual({ status: 200, body: { data: { done: 2 } } });
    expect([(await read(a)).state, (await read(b)).state, (await read(c)).state]).toEqual([suspended, suspended, await server.stateId('Ativo')]);
    expect([(await read(a)).tags, (await read(b)).tags]).toEqual([[vip], [vip]]);
    expect(await auditOf('update', [a, b, c])).toBe(3); // two from the bulk, one from the PATCH above
    expect(events.filter((e) => e.topic === 'members changed').map((e) => (e.payload as { id: number }).id)).toEqual([a, b]);
  });

  it('takes the list query instead of ids: every match, and only matches', async () => {
    const [a, b, c] = [await member('Rita Sousa'), await member('Rui Sousa'), await member('Teresa Lima')];
    const suspended = await server.stateId('Suspenso');
    const answer = await server.json('POST', '/api/members/bulk_update', admin, { query: '_search=sousa&_sort=-name&_page=3', changes: { state: suspended } });
    expect(answer.body).toEqual({ data: { done: 2 } });
    expect([(await read(a)).state, (await read(b)).state, (await read(c)).state]).toEqual([suspended, suspended, await server.stateId('Ativo')]);
  });

  it('rolls every row back when one is invalid, and names that row', async () => {
    const [a, b] = [await member('Duarte Um'), await member('Eva Dois')];
    const before = [await read(a), await read(b)];
    // One number for both: the first row takes it, the second is refused as a duplicate.
    const answer = await server.json('POST', '/api/members/bulk_update', admin, { ids: [a, b], changes: { number: 99_999, locality: 'Braga' } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.number).toMatch(new RegExp(`^Registo ${b}: `));
    expect([await read(a), await read(b)]).toEqual(before);
    expect(await auditOf('update', [a, b])).toBe(0);
  });

  it("applies the single update's rules: a member reaches their own record only; bad requests change nothing", async () => {
    const own = await member('Fábio Próprio');
    const other = await member('Gil Outro');
    const { token: memberToken } = await server.as('member', { memberId: own });
    expect((await server.json('POST', '/api/members/bulk_update', memberToken, { ids: [own], changes: { phone: '912345678' } })).status).toBe(200);
    expect((await server.json('POST', '/api/members/bulk_update', memberToken, { ids: [own, other], changes: { locality: 'Faro' } })).status).toBe(403);
    expect((await server.json('POST', '/api/members/bulk_update', memberToken, { ids: [own], changes: { state: await server.stateId('Suspenso') } })).status).toBe(403);
    // The refused second row undid the first.
    expect((await read(own)).locality ?? null).toBeNull();
    expect((await server.json('POST', '/api/members/bulk_update', undefined, { ids: [own], changes: { locality: 'x' } })).status).toBe(401);
    const bad = await server.json('POST', '/api/members/bulk_update', admin, { ids: [own], query: '_search=x', changes: { locality: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/ids.*query/);
    expect((await server.json('POST', '/api/members/bulk_update', admin, { ids: [own], changes: { nada: 1 } })).status).toBe(422);
    expect((await server.json('POST', '/api/members/bulk_update', admin, { query: '_nada=1', changes: { locality: 'x' } })).status).toBe(400);
    expect((await read(other)).locality ?? null).toBeNull();
  });
});

describe('bulk delete', () => {
  it('deletes what the caller may delete, by ids, in one transaction', async () => {
    const [a, b] = [await tag('Apagar A'), await tag('Apagar B')];
    const answer = await server.json('POST', '/api/tags/bulk_delete', editor, { ids: [a, b] });
    expect(answer).toEqual({ status: 200, body: { data: { done: 2 } } });
    expect((await server.json('GET', `/api/tags/${a}`, admin)).status).toBe(404);
  });

  it('is refused where the single delete is (an editor may not delete members), and a missing row undoes the rest', async () => {
    const a = await member('Helena Fica');
    expect((await server.json('POST', '/api/members/bulk_delete', editor, { ids: [a] })).status).toBe(403);
    const missing = await server.json('POST', '/api/members/bulk_delete', admin, { ids: [a, 987_654] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Registo 987654: Registo não encontrado.');
    expect((await read(a)).name).toBe('Helena Fica');
  });
});

describe('a bulk action above the threshold', () => {
  it('runs as a job with progress on the server clock, each row checked and reported', async () => {
    const at = Date.now();
    server.ctx.now = () => at;
    const ids: number[] = [];
    for (let i = 0; i <= BULK_JOB_THRESHOLD; i += 1) ids.push(await member(`Lote ${String(i).padStart(3, '0')}`));
    const suspended = await server.stateId('Suspenso');
    const events = recordEvents(server);
    const answer = await server.json('POST', '/api/members/bulk_update', admin, { query: '_search=lote', changes: { state: suspended } });
    expect(answer.status).toBe(202);
    expect(answer.body.data.total).toBe(BULK_JOB_THRESHOLD + 1);
    const jobId = answer.body.data.job._id;
    // Nothing is written until the job runs.
    expect((await read(ids[0]!)).state).not.toBe(suspended);
    await server.app.jobs.tick();
    const job = await server.database.db.selectFrom('jobs').selectAll().where('_id', '=', jobId).executeTakeFirstOrThrow();
    expect({ state: job.state, progress: job.progress, total: job.total, created_at: job.created_at }).toEqual({
      state: 'done', progress: BULK_JOB_THRESHOLD + 1, total: BULK_JOB_THRESHOLD + 1, created_at: new Date(at).toISOString(),
    });
    expect(JSON.parse(String(job.result))).toEqual({ done: BULK_JOB_THRESHOLD + 1, refused: 0, reasons: [] });
    expect((await read(ids.at(-1)!)).state).toBe(suspended);
    expect(await auditOf('update', ids)).toBe(ids.length);
    const progress = events.filter((e) => e.topic === JOBS_TOPIC).map((e) => e.payload as JobProgress).filter((p) => p.id === jobId);
    expect(progress.at(-1)).toMatchObject({ state: 'done', progress: BULK_JOB_THRESHOLD + 1, total: BULK_JOB_THRESHOLD + 1 });
  });
});

describe('a bulk delete of issued treasury documents above the threshold', () => {
  it('reports every row refused, with the reason the single delete gives, and deletes none; a row that never existed is refused too', async () => {
    expect((await server.putSetting(admin, 'hasTreasury', 'true')).status).toBeLessThan(300);
    const issueDate = lisbonDay(server.ctx.now());
    const count = BULK_JOB_THRESHOLD + 3;
    const ids: number[] = [];
    await server.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 1) {
        const row = await issueTreasuryDocument(trx, server.ctx, { type: 'quota', payer: { name: `Pagador ${i}`, nif: null, address: null }, lines: [{ description: 'Quota', amount: 1000 + i }], issueDate, by: null });
        ids.push(Number(row._id));
      }
    });
    const single = await server.json('DELETE', `/api/treasury_docs/${ids[0]}`, admin);
    expect(single.status).toBe(409);
    const events = recordEvents(server);
    const answer = await server.json('POST', '/api/treasury_docs/bulk_delete', admin, { ids: [...ids, 987_654] });
    expect(answer.status).toBe(202);
    const jobId = answer.body.data.job._id;
    await server.app.jobs.tick();
    const job = await server.database.db.selectFrom('jobs').selectAll().where('_id', '=', jobId).executeTakeFirstOrThrow();
    expect({ state: job.state, progress: job.progress, total: job.total }).toEqual({ state: 'done', progress: count + 1, total: count + 1 });
    const result = JSON.parse(String(job.result));
    expect(result).toEqual({
      done: 0,
      refused: count + 1,
      reasons: [
        { message: single.body.message, rows: count, ids: ids.slice(0, 100) },
        { message: 'Registo não encontrado.', rows: 1, ids: [987_654] },
      ],
    });
    expect(result.reasons[0].message).toBe('Um documento emitido não pode ser alterado nem apagado: anule-o, o que emite uma nota de anulação.');
    // Whoever started it hears the same result with the run's end.
    const end = events.filter((e) => e.topic === JOBS_TOPIC).map((e) => e.payload as JobProgress).filter((p) => p.id === jobId).at(-1);
    expect(end).toMatchObject({ state: 'done', progress: count + 1, total: count + 1, result });
    const left = await server.database.db.selectFrom('treasury_docs').select('_id').where('_id', 'in', ids).execute();
    expect(left).toHaveLength(count);
  }, 120_000);
});
