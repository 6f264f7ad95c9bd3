import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../src/core/days.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { check, commit, upload } from './imports-support.js';
import { expectedFromFixture, ledgerState, prepareHistory } from './imports-history-support.js';
import { startTestServer, type TestServer } from './support/server.js';

// Receipts of imported payments (decision 0050): historical by default, issued back then on
// paper, so the current series keeps its numbers; numbered in the current series only when
// staff choose it on the mapping form (the field Recibo, for the whole file or line by line).

let server: TestServer;
let token: string;
let ids: Map<number, number>;
let year: string;

const HISTORY = 'history-3-years.csv';

async function setSetting(name: string, value: string) {
  const updated = await server.database.db.updateTable('settings').set({ value }).where('name', '=', name).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    const response = await server.request({ method: 'POST', url: '/api/settings', token, payload: { name, value } });
    expect(response.statusCode, response.body).toBe(201);
  }
}

async function importHistory(defaults: Record<string, string> = {}) {
  const uploaded = await upload(server, token, HISTORY, undefined, 'history');
  await check(server, token, uploaded.id, uploaded.mapping, defaults);
  await commit(server, token, uploaded.id);
  return uploaded.id;
}

const docs = () => server.database.db.selectFrom('treasury_docs').select(['number', 'type', 'annuls']).orderBy('_id').execute();
const lastNumber = async (type: string) =>
  Number((await server.database.db.selectFrom('treasury_series').select('last_number').where('type', '=', type).where('year', '=', Number(year)).executeTakeFirst())?.last_number ?? 0);

beforeEach(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  token = (await server.login(await server.createUser('admin'))).access;
  ids = await prepareHistory(server, token);
  year = lisbonDay(server.ctx.now()).slice(0, 4);
  await setSetting('hasTreasury', 'true');
  await setSetting('treasuryAutoIssue', 'true');
});
afterEach(async () => {
  await server.close();
});

describe('receipts of imported payments', () => {
  it('are historical by default: no number of the current series is taken, and none is counted as missing', async () => {
    await importHistory();
    expect(await docs()).toEqual([]);
    expect(await lastNumber('quota')).toBe(0);
    const missing = await server.request({ method: 'POST', url: '/api/treasury_docs/missing_receipts', token, payload: {} });
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json().data).toEqual({ count: 0, amount: 0 });
    // The next payment recorded by staff takes the series' first number.
    const paid = await server.request({ method: 'POST', url: '/api/payments/record', token, payload: { member: ids.get(12), date: lisbonDay(server.ctx.now()), amount: 3000, method: 'numerario' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.receipt.number).toBe(`R ${year}/1`);
  });

  it('are numbered in the current series when staff choose it, and annulled by a note when the batch is undone', async () => {
    const before = await ledgerState(server);
    const batch = await importHistory({ receipts: 'series' });
    const { payments } = expectedFromFixture();
    const issued = await docs();
    // Duarte's joining fee has its receipt in the J series; every other payment is a quota's, in R: each series from 1, without gaps.
    const quotas = payments - 1;
    expect(issued.filter((d) => d.type === 'quota').map((d) => d.number)).toEqual(Array.from({ length: quotas }, (_, i) => `R ${year}/${i + 1}`));
    expect(issued.filter((d) => d.type === 'joining_fee').map((d) => d.number)).toEqual([`J ${year}/1`]);
    expect([await lastNumber('quota'), await lastNumber('joining_fee')]).toEqual([quotas, 1]);

    const response = await server.request({ method: 'POST', url: `/api/imports/${batch}/undo`, token, payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    // A numbered document is never deleted: each receipt has its annulment note, and its payment is annulled, not gone.
    const after = await docs();
    expect(after.filter((d) => d.type === 'annulment')).toHaveLength(payments);
    expect(after.filter((d) => d.type !== 'annulment').map((d) => d.number)).toEqual(issued.map((d) => d.number));
    const db = server.database.db;
    expect(await db.selectFrom('unsettled_payments').select('_id').execute()).toEqual([]);
    const annulled = await db.selectFrom('payments').select(['annulled_at', 'external_id', 'allocated']).execute();
    expect(annulled).toHaveLength(payments);
    expect(annulled.every((p) => p.annulled_at !== null && p.external_id === null && Number(p.allocated) === 0)).toBe(true);
    // Nothing is owed, no credit is left, and the receipts totals count nothing from the batch.
    const state = await ledgerState(server);
    expect([state.balances, state.totals]).toEqual([before.balances, before.totals]);
  });
});
