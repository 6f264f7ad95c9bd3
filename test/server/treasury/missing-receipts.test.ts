import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../../src/core/days.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { loose } from '../../../src/server/db/database.js';

// Receipts for payments recorded without one (auto-issue off, or from before the treasury was
// on): counted, then issued by a background job, each once, in their series without gaps.

let server: ResourceTestServer;
let staff: string;
let today: string;

const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const count = async (table: string) => Number((await loose(server.database.db).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function setSetting(name: string, value: string) {
  const updated = await server.database.db.updateTable('settings').set({ value }).where('name', '=', name).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) expect((await post('/api/settings', { name, value })).status).toBe(201);
}

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('admin')).token;
  today = lisbonDay(server.ctx.now());
  await setSetting('hasTreasury', 'true');
  await setSetting('treasuryAutoIssue', 'false');
  const state = await server.stateId('Ativo');
  for (const name of ['Ana Lopes', 'Rui Dias', 'Eva Conceição']) {
    const member = await post('/api/members', { dues_exempt: true, name, state });
    const payment = await post('/api/payments/record', { member: member.body.data._id, date: today, amount: 2400, method: 'numerario' });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
  }
  await setSetting('treasuryAutoIssue', 'true');
});
afterAll(async () => {
  await server?.close();
});

describe('receipts for payments without one', () => {
  it('counts them, issues them in a job, and then finds none left', async () => {
    expect(await count('treasury_docs')).toBe(0);
    const counted = await post('/api/treasury_docs/missing_receipts', { from: today });
    expect(counted.body.data).toEqual({ count: 3, amount: 7200 });

    const started = await post('/api/treasury_docs/issue_missing', {});
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ count: 3, job: { state: 'queued' } });
    await server.app.jobs.tick();

    const docs = await server.database.db.selectFrom('treasury_docs').select(['number', 'sequence', 'payer_name']).orderBy('sequence').execute();
    expect(docs.map((doc) => Number(doc.sequence))).toEqual([1, 2, 3]);
    expect(docs.map((doc) => doc.payer_name)).toEqual(['Ana Lopes', 'Rui Dias', 'Eva Conceição']);
    expect(await count('treasury_doc_payments')).toBe(3);
    expect((await post('/api/treasury_docs/missing_receipts', {})).body.data).toEqual({ count: 0, amount: 0 });
  });

  it('refuses to start with nothing to issue, or a range that ends before it starts, changing nothing', async () => {
    const docs = await count('treasury_docs');
    const runs = async () => (await server.database.db.selectFrom('jobs').select('_id').where('name', '=', 'treasury.receipts.missing').execute()).length;
    const before = await runs();
    const nothing = await post('/api/treasury_docs/issue_missing', {});
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors.from).toBe('Não há pagamentos sem recibo nestas datas.');
    const backwards = await post('/api/treasury_docs/missing_receipts', { from: '2026-02-01', to: '2026-01-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to).toBe('A data final não pode ser anterior à inicial.');
    expect(await count('treasury_docs')).toBe(docs);
    expect(await runs()).toBe(before);
  });
});
