import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { lisbonYear } from '../../../src/core/days.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { DEMO_DOCUMENT_STATUSES, DEMO_ISSUER } from '../../../src/server/seed/demo-treasury.js';
import { prepareFirstStart } from '../../../src/server/seed/first-start.js';
import { startTestServer, type TestServer } from '../support/server.js';

// The demo organisation's treasury: statuses, receipts for the first members' payments of the
// last two years in gapless series, donations with their receipts, statuses spread with their
// history, and a hash chain that checks out.

let server: TestServer;
let admin: string;
let seconds: number;

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now());
  const started = performance.now();
  const report = await prepareFirstStart(server.database, loadConfig({ ASSOCIA_MODE: 'test' }, { dataDir: server.ctx.config.dataDir }), server.ctx.now());
  seconds = (performance.now() - started) / 1000;
  admin = (await server.login({ id: 0, username: 'admin', password: report!.admin.password, role: 'admin', memberId: null })).access;
  await server.database.db.updateTable('settings').set({ value: 'true' }).where('name', '=', 'hasTreasury').execute();
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

describe('demo treasury', () => {
  it('issues receipts for the last two years of payments, numbered without gaps in each year, each holding its payment', async () => {
    const year = lisbonYear(server.ctx.now());
    const docs = await db().selectFrom('treasury_docs').select(['number', 'type', 'series', 'sequence', 'issue_date', 'member']).orderBy('series').orderBy('sequence').execute();
    const receipts = docs.filter((doc) => doc.type === 'quota' || doc.type === 'joining_fee');
    expect(receipts.length).toBeGreaterThan(20);
    expect(new Set(receipts.map((doc) => String(doc.issue_date).slice(0, 4)))).toEqual(new Set([String(year - 1), String(year)]));
    const bySeries = new Map<number, number[]>();
    for (const doc of docs) bySeries.set(Number(doc.series), [...(bySeries.get(Number(doc.series)) ?? []), Number(doc.sequence)]);
    for (const sequences of bySeries.values()) expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    const documented = await db().selectFrom('treasury_doc_payments').select('payment').execute();
    expect(documented.length).toBeGreaterThanOrEqual(receipts.length);
    // The demo member account (member 1) sees receipts on their home.
    expect(receipts.some((doc) => Number(doc.member) === 1)).toBe(true);
    console.info(`demo first start with treasury: ${seconds.toFixed(1)} s, ${docs.length} documents`);
  });

  it('records donations, each with its donation receipt of series D, and spreads the statuses with their history', async () => {
    const donations = await db().selectFrom('donations as d').innerJoin('treasury_docs as t', 't._id', 'd.receipt').select(['t.type', 't.number', 'd.donor_nif', 't.payer_nif']).execute();
    expect(donations.length).toBeGreaterThanOrEqual(5);
    for (const donation of donations) {
      expect(donation.type).toBe('donation');
      expect(String(donation.number)).toMatch(/^D \d{4}\/\d+$/);
      expect(donation.payer_nif).toBe(donation.donor_nif);
    }
    const statuses = await db().selectFrom('document_statuses').select(['_id', 'name']).orderBy('_id').execute();
    expect(statuses.map((s) => s.name)).toEqual(DEMO_DOCUMENT_STATUSES.map((s) => s.name));
    const spread = await db().selectFrom('treasury_docs').select('status').groupBy('status').execute();
    expect(spread.length).toBeGreaterThanOrEqual(3);
    const history = await db().selectFrom('treasury_doc_status_history').select('doc').execute();
    expect(history.length).toBeGreaterThan(donations.length);
  });

  it("issues its receipts under the demo association's NIF and address, naming the member's number and how they paid", async () => {
    const first = await db().selectFrom('treasury_docs').select(['snapshot', 'member']).where('type', '=', 'quota').where('member', 'is not', null).orderBy('_id').executeTakeFirstOrThrow();
    const snapshot = JSON.parse(String(first.snapshot)) as { issuer: { nif: string; address: string }; payer: { membership?: string }; paymentMethod?: string };
    expect(snapshot.issuer).toMatchObject({ nif: DEMO_ISSUER.orgNif, address: DEMO_ISSUER.orgAddress });
    const member = await db().selectFrom('members').select('number').where('_id', '=', Number(first.member)).executeTakeFirstOrThrow();
    expect(snapshot.payer.membership).toBe(`Sócio n.º ${member.number}`);
    expect(snapshot.paymentMethod).toMatch(/^(Numerário|Transferência|Multibanco|MB WAY|Débito direto|Cheque)$/);
  });

  it('keeps the hash chains whole, and exports the donations for Modelo 25', async () => {
    const verify = await server.request({ method: 'POST', url: '/api/treasury_docs/verify_integrity', token: admin, payload: {} });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data.ok).toBe(true);
    const csv = await server.request({ method: 'GET', url: `/api/donations/modelo25?year=${lisbonYear(server.ctx.now())}`, token: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n').length).toBeGreaterThanOrEqual(1 + 5);
  });
});
