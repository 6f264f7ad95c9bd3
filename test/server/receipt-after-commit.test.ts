import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../src/core/days.js';
import { loadConfig } from '../../src/server/config.js';
import type { ServerContext } from '../../src/server/context.js';
import type { Db } from '../../src/server/db/database.js';
import { migrate } from '../../src/server/db/migrate.js';
import { createFileStore } from '../../src/server/files/create-store.js';
import { insertFile } from '../../src/server/files/records.js';
import { recordPayment } from '../../src/server/modules/dues/ledger.js';
import { appMigrations } from '../../src/server/modules/migrations.js';
import { chainHash, sha256, snapshotChainHash } from '../../src/server/modules/treasury/chain.js';
import { DRAW_MISSING_JOB } from '../../src/server/modules/treasury/draw-job.js';
import { ensureDrawn } from '../../src/server/modules/treasury/draw-receipt.js';
import { issueTreasuryDocument } from '../../src/server/modules/treasury/issue.js';
import { renderTreasuryDocs } from '../../src/server/modules/treasury/pdf/render.js';
import type { TreasuryDocSnapshot, TreasuryDocType } from '../../src/server/modules/treasury/types.js';
import { verifyIntegrity } from '../../src/server/modules/treasury/verify.js';
import { createMemoryBus } from '../../src/server/realtime/bus.js';
import { nifCheckDigit } from '../../src/server/resources/checks.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { openFreshDatabase } from './support/schema-snapshot.js';
import { testEngine } from './support/server.js';
import { replaceStoredBytes, storageKeyOf, storedBytes, storedKeys } from './support/stored-files.js';

// A payment's receipt is numbered and its content frozen in the payment's transaction; its PDF
// is drawn after the commit (decision 0054), by the request right after it, else on the first
// request for it or by the sweep job, always once. The series' chain verifies throughout, and
// documents chained before (their link covering the PDF's hash) verify as they were.

let server: ResourceTestServer;
let admin: string;
let today: string;
let year: number;
let ana: number;
const ANA_NIF = `23456789${nifCheckDigit('23456789')}`;

const db = (): Db => server.database.db;
const post = (url: string, body: unknown, token = admin) => server.json('POST', url, token, body);
const integrity = async () => (await post('/api/treasury_docs/verify_integrity', {})).body.data as { ok: boolean; checked: number; broken?: { doc: number; problem: string } };
const docRow = (id: number) => db().selectFrom('treasury_docs').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();
/** The file rows stored for a document: its PDF is named after its number. */
const filesOf = async (number: string) => db().selectFrom('files').select(['_id', 'storage_key']).where('original_name', '=', `${number.replace(/[ /]/g, '-')}.pdf`).execute();
const pdfOf = (id: number, token = admin) => server.request({ method: 'GET', url: `/api/treasury_docs/${id}/pdf`, token });

/**
 * A payment recorded and committed with nothing after the commit: the write alone, as a server
 * stopped between its commit and the drawing leaves it. Answers its receipt's id and number.
 */
async function paymentLeftUndrawn(amount: number): Promise<{ id: number; number: string }> {
  const receipt = await db()
    .transaction()
    .execute(async (trx) => (await recordPayment(trx, { member: ana, date: today, amount, method: 'numerario', recordedBy: null }, server.ctx)).issueReceipt());
  expect(receipt).not.toBeNull();
  return { id: Number(receipt!._id), number: String(receipt!.number) };
}

beforeAll(async () => {
  server = await startResourceServer();
  admin = (await server.as('admin')).token;
  today = lisbonDay(server.ctx.now());
  year = Number(today.slice(0, 4));
  expect((await server.putSetting(admin, 'hasTreasury', 'true')).status).toBeLessThan(300);
  expect((await server.putSetting(admin, 'name', 'Associação Recreativa do Teste')).status).toBeLessThan(300);
  const created = await post('/api/members', { dues_exempt: true, name: 'Ana Gonçalves Lopes', state: await server.stateId('Ativo'), nif: ANA_NIF, email: 'ana@exemplo.pt' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  ana = Number(created.body.data._id);
});
afterAll(async () => {
  await server?.close();
});

describe(`a payment's receipt (${testEngine})`, () => {
  it('is numbered with the payment, its link covering its snapshot, and its PDF drawn once the payment is committed', async () => {
    const recorded = await post('/api/payments/record', { member: ana, date: today, amount: 2550, method: 'numerario' });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const { receipt } = recorded.body.data as { receipt: { _id: number; number: string } };
    expect(receipt.number).toMatch(new RegExp(`^R ${year}/\\d+$`));
    const row = await docRow(receipt._id);
    expect(row.chain_version).toBe(2);
    expect(row.hash).toBe(snapshotChainHash(row.snapshot, row.prev_hash));
    // Drawn by the recording request itself, after its commit: one file, whose bytes are the hash recorded.
    expect(row.file).not.toBeNull();
    const files = await filesOf(receipt.number);
    expect(files.map((f) => f._id)).toEqual([row.file]);
    expect(sha256(await storedBytes(server, files[0]!.storage_key))).toBe(row.pdf_sha256);
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });
  });

  it('left undrawn by a stop after the commit is whole, and is drawn on its first request, once', async () => {
    const { id, number } = await paymentLeftUndrawn(1200);
    const left = await docRow(id);
    expect({ file: left.file, pdf_sha256: left.pdf_sha256 }).toEqual({ file: null, pdf_sha256: null });
    expect(await filesOf(number)).toEqual([]);
    // Its content is fixed and chained already: the series verifies before any drawing.
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });

    const member = (await server.as('member', { memberId: ana })).token;
    const first = await pdfOf(id, member);
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const drawn = await docRow(id);
    expect(sha256(first.rawPayload)).toBe(drawn.pdf_sha256);
    const again = await pdfOf(id);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await filesOf(number)).map((f) => f._id)).toEqual([drawn.file]);
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });
  });

  it('left undrawn is drawn by the sweep job, once, with the chain intact; a second sweep finds nothing', async () => {
    const left = [await paymentLeftUndrawn(100), await paymentLeftUndrawn(200), await paymentLeftUndrawn(300)];
    const definition = server.app.jobs.registry.definitions.find((d) => d.name === DRAW_MISSING_JOB);
    expect(definition?.schedule).toBe('23 * * * *');
    const sweep = async (key: string) => {
      const job = await server.app.jobs.enqueue(db(), { name: DRAW_MISSING_JOB, key });
      return definition!.run({ db: db(), payload: null, job, ctx: server.ctx, progress: async () => {} });
    };
    expect(await sweep('sweep-1')).toEqual({ drawn: 3, failed: 0 });
    for (const { id, number } of left) {
      const row = await docRow(id);
      expect((await filesOf(number)).map((f) => f._id)).toEqual([row.file]);
      expect(sha256(await storedBytes(server, await storageKeyOf(server, Number(row.file))))).toBe(row.pdf_sha256);
    }
    expect(await sweep('sweep-2')).toEqual({ drawn: 0, failed: 0 });
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });
  });

  it('drawn by two drawers at once keeps one file: the loser removes its own bytes', async () => {
    const { id, number } = await paymentLeftUndrawn(450);
    const keysBefore = await storedKeys(server);
    // Two contexts on the same database, as two instances would be: neither waits for the other's drawing.
    const other = { ...server.ctx, database: { ...server.ctx.database } };
    const [a, b] = await Promise.all([ensureDrawn(server.ctx, id), ensureDrawn(other, id)]);
    expect(a).toEqual(b);
    const row = await docRow(id);
    expect(a).toEqual({ file: row.file, pdfSha256: row.pdf_sha256 });
    const files = await filesOf(number);
    expect(files.map((f) => f._id)).toEqual([row.file]);
    const keysAfter = await storedKeys(server);
    expect(keysAfter.filter((key) => !keysBefore.includes(key))).toEqual([files[0]!.storage_key]);
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });
  });

  it('drawn, still has its stored PDF checked against the hash recorded when it was drawn', async () => {
    const recorded = await post('/api/payments/record', { member: ana, date: today, amount: 710, method: 'numerario' });
    const row = await docRow(recorded.body.data.receipt._id);
    const key = await storageKeyOf(server, Number(row.file));
    const original = await storedBytes(server, key);
    await replaceStoredBytes(server, key, Buffer.concat([original, Buffer.from('%')]));
    try {
      expect((await integrity()).broken).toMatchObject({ doc: row._id, problem: 'O PDF guardado foi alterado depois da emissão.' });
      expect((await pdfOf(row._id)).statusCode).toBe(409);
    } finally {
      await replaceStoredBytes(server, key, original);
    }
    // And a snapshot changed behind the application's back breaks its link.
    const snapshot = row.snapshot.replace('Ana Gonçalves Lopes', 'Ana G. Lopes');
    await db().updateTable('treasury_docs').set({ snapshot }).where('_id', '=', row._id).execute();
    try {
      expect((await integrity()).broken).toMatchObject({ doc: row._id });
    } finally {
      await db().updateTable('treasury_docs').set({ snapshot: row.snapshot }).where('_id', '=', row._id).execute();
    }
    expect((await integrity()).ok).toBe(true);
  });
});

describe(`documents chained before receipts were drawn after the commit (${testEngine})`, () => {
  it('verify as they were chained, with the PDF hash in their link, and newer documents chain to them', async () => {
    // A document as issued before decision 0054: drawn in its transaction, its link covering its PDF's hash.
    const issued = await db()
      .transaction()
      .execute((trx) => issueTreasuryDocument(trx, server.ctx, { type: 'quota', payer: { member: ana }, lines: [{ description: `Quota ${year}`, amount: 1500 }], issueDate: today, by: null }));
    const id = Number(issued._id);
    const old = chainHash(String(issued.snapshot), String(issued.pdf_sha256), issued.prev_hash === null ? null : String(issued.prev_hash));
    await db().updateTable('treasury_docs').set({ chain_version: 1, hash: old }).where('_id', '=', id).execute();
    await db().updateTable('treasury_series').set({ last_hash: old }).where('_id', '=', Number(issued.series)).execute();
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });

    // A payment's receipt after it chains to its link.
    const recorded = await post('/api/payments/record', { member: ana, date: today, amount: 990, method: 'numerario' });
    const next = await docRow(recorded.body.data.receipt._id);
    expect({ series: next.series, prev_hash: next.prev_hash }).toEqual({ series: Number(issued.series), prev_hash: old });
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });

    // Its marker is no free pass: read as a newer link, it does not match.
    await db().updateTable('treasury_docs').set({ chain_version: 2 }).where('_id', '=', id).execute();
    try {
      expect((await integrity()).broken).toEqual({ doc: id, number: String(issued.number), problem: 'O elo do documento não corresponde ao seu conteúdo.' });
    } finally {
      await db().updateTable('treasury_docs').set({ chain_version: 1 }).where('_id', '=', id).execute();
    }
    // Nor can its PDF be dropped as if it were not drawn yet.
    await db().updateTable('treasury_docs').set({ file: null, pdf_sha256: null }).where('_id', '=', id).execute();
    try {
      expect((await integrity()).broken).toMatchObject({ doc: id, problem: 'O PDF do documento desapareceu.' });
    } finally {
      await db().updateTable('treasury_docs').set({ file: Number(issued.file), pdf_sha256: String(issued.pdf_sha256) }).where('_id', '=', id).execute();
    }
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });
  });
});

const MIGRATION = 'treasury/048_receipts_drawn_after_commit';

describe(`migration ${MIGRATION} on documents issued before it (${testEngine})`, () => {
  it('keeps every document, link and reference as it was, marks them version 1, and lets a new document wait for its PDF', async () => {
    const database = await openFreshDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-048-'));
    try {
      const before048 = appMigrations.filter((m) => m.name !== MIGRATION);
      expect(before048).toHaveLength(appMigrations.length - 1);
      await migrate(database.db, database.engine, before048);
      const { db } = database;
      const config = loadConfig({ ...process.env, ASSOCIA_MODE: 'test' }, { dataDir, publicUrl: 'http://associa.test', smtpUrl: undefined, sentryDsn: undefined, logRequests: false });
      const ctx: ServerContext = { config, database, bus: createMemoryBus(), files: createFileStore(config, database), now: () => Date.now() };
      const stamp = new Date().toISOString();
      const day = stamp.slice(0, 10);

      /** A document written as the code before the migration wrote it: drawn, its link covering its PDF's hash. */
      const issueOld = async (type: TreasuryDocType, prefix: string, amount: number, annuls: { doc: number; number: string } | null) => {
        await db.insertInto('treasury_series').values({ type, year: 2026, prefix, last_number: 0, last_hash: null }).onConflict((oc) => oc.columns(['type', 'year']).doNothing()).execute();
        const series = await db.updateTable('treasury_series').set({ last_number: sql`last_number + 1` }).where('type', '=', type).where('year', '=', 2026).returning(['_id', 'last_number', 'last_hash']).executeTakeFirstOrThrow();
        const number = `${prefix} 2026/${series.last_number}`;
        const snapshot: TreasuryDocSnapshot = {
          number,
          type,
          issueDate: day,
          issuer: { name: 'Associação', nif: '', address: '' },
          payer: { name: 'Rui Dias', nif: null, address: null },
          lines: [{ description: 'Quota 2026', amount }],
          total: amount,
          vatWording: 'Isento — artigo 9.º do CIVA',
          wording: null,
          annuls: annuls ? { number: annuls.number, reason: 'Engano' } : null,
        };
        const snapshotText = JSON.stringify(snapshot);
        const pdf = await renderTreasuryDocs([snapshot], number);
        const pdfSha256 = sha256(pdf);
        const file = await insertFile(db, { originalName: 'x.pdf', contentType: 'application/pdf', size: pdf.length, sha256: pdfSha256, storageKey: await ctx.files.write(pdf), uploadedBy: { kind: 'user', id: 0 }, at: Date.now() });
        const hash = chainHash(snapshotText, pdfSha256, series.last_hash ?? null);
        const row = await db
          .insertInto('treasury_docs')
          .values({
            number, type, series: series._id, sequence: series.last_number, issue_date: day, member: null, contact: null, payer_name: 'Rui Dias', payer_nif: null, payer_address: null,
            lines: JSON.stringify(snapshot.lines), total: amount, vat_wording: snapshot.vatWording, snapshot: snapshotText, annuls: annuls?.doc ?? null, annul_reason: annuls ? 'Engano' : null,
            annulled_by_doc: null, file: file._id, pdf_sha256: pdfSha256, prev_hash: series.last_hash ?? null, hash, status: null, issued_by: null, created_at: stamp, updated_at: stamp, _version: 1,
          })
          .returning(['_id', 'number'])
          .executeTakeFirstOrThrow();
        await db.updateTable('treasury_series').set({ last_hash: hash }).where('_id', '=', series._id).execute();
        await db.insertInto('treasury_doc_status_history').values({ doc: row._id, status: null, at: stamp, by: null }).execute();
        return { doc: row._id, number: row.number };
      };
      const first = await issueOld('quota', 'R', 1000, null);
      const note = await issueOld('annulment', 'A', 1000, first);
      await db.updateTable('treasury_docs').set({ annulled_by_doc: note.doc }).where('_id', '=', first.doc).execute();
      const second = await issueOld('quota', 'R', 2500, null);
      await db.insertInto('donations').values({ date: day, kind: 'numerario', amount: 2500, goods: null, member: null, contact: null, donor_name: 'Rui Dias', donor_nif: '123456789', donor_address: null, notes: null, receipt: second.doc, created_at: stamp, updated_at: stamp, _version: 1 }).execute();
      const docs = () => db.selectFrom('treasury_docs').selectAll().orderBy('_id').execute();
      const children = async () => ({
        history: await db.selectFrom('treasury_doc_status_history').selectAll().orderBy('_id').execute(),
        donations: await db.selectFrom('donations').select(['_id', 'receipt']).orderBy('_id').execute(),
      });
      const before = { docs: await docs(), children: await children() };
      expect(await verifyIntegrity(db, ctx)).toEqual({ ok: true, checked: 3 });

      expect(await migrate(db, database.engine, appMigrations)).toEqual([MIGRATION]);
      expect(await docs()).toEqual(before.docs.map((row) => ({ ...row, chain_version: 1 })));
      expect(await children()).toEqual(before.children);
      expect(await verifyIntegrity(db, ctx)).toEqual({ ok: true, checked: 3 });
      // The references still hold: a status change of a document that does not exist is refused.
      await expect(db.insertInto('treasury_doc_status_history').values({ doc: 999_999, status: null, at: stamp, by: null }).execute()).rejects.toThrow();
      // And a document may now wait for its PDF.
      await db.updateTable('treasury_docs').set({ file: null, pdf_sha256: null, chain_version: 2 }).where('_id', '=', second.doc).execute();
      expect(await db.selectFrom('treasury_docs').select('_id').where('file', 'is', null).execute()).toEqual([{ _id: second.doc }]);
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
