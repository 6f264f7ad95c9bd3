import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { issueTreasuryDocument } from '../../../src/server/modules/treasury/issue.js';
import { lisbonDay } from '../../../src/core/days.js';
import { nifCheckDigit } from '../../../src/server/resources/checks.js';
import { pageCount, readPdf } from '../cards/pdf-support.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { replaceStoredBytes, storageKeyOf, storedBytes } from '../support/stored-files.js';

// Treasury documents on the real server (both engines): gap-free numbering under concurrency,
// the hash chain and its integrity check, receipts issued with payments, immutability and
// annulment, statuses in bulk, search and download.

let server: ResourceTestServer;
let admin: string;
let today: string;
let year: number;
let ana: number;
let active: number;
const ANA_NIF = `23456789${nifCheckDigit('23456789')}`;

const db = () => server.database.db;
const post = (url: string, body: unknown, token = admin) => server.json('POST', url, token, body);
const get = (url: string, token = admin) => server.json('GET', url, token);

async function setSetting(name: string, value: string) {
  const answer = await server.putSetting(admin, name, value);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

/** Issues a quota receipt to Ana in its own transaction, as any business action would. */
const issueOne = async (amount = 1000) => {
  const row = await db()
    .transaction()
    .execute((trx) => issueTreasuryDocument(trx, server.ctx, { type: 'quota', payer: { member: ana }, lines: [{ description: `Quota ${year}`, amount }], issueDate: today, by: null }));
  const doc: Record<string, unknown> & { _id: number; number: string } = { ...row, _id: Number(row._id), number: String(row.number) };
  return doc;
};

/** The storage key of a document's PDF. */
const pdfKey = (doc: Record<string, unknown>) => storageKeyOf(server, Number(doc.file));
/** A document's PDF as stored. */
const storedPdf = async (doc: Record<string, unknown>) => storedBytes(server, await pdfKey(doc));

async function download(body: unknown, token = admin) {
  const response = await server.request({ method: 'POST', url: '/api/treasury_docs/download', token, payload: body as object });
  return { status: response.statusCode, type: String(response.headers['content-type']), bytes: response.rawPayload, body: response.body };
}

beforeAll(async () => {
  server = await startResourceServer();
  admin = (await server.as('admin')).token;
  today = lisbonDay(server.ctx.now());
  year = Number(today.slice(0, 4));
  active = await server.stateId('Ativo');
  await setSetting('hasTreasury', 'true');
  await setSetting('name', 'Associação Recreativa do Teste');
  const created = await post('/api/members', { dues_exempt: true, name: 'Ana Gonçalves Lopes', state: active, nif: ANA_NIF, address: 'Rua das Flores, 12', postal_code: '1000-100', locality: 'Lisboa', email: 'ana@exemplo.pt' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  ana = Number(created.body.data._id);
});
afterAll(async () => {
  await server?.close();
});

describe('series', () => {
  it('gives 200 concurrent issues in one series 200 consecutive numbers, no gap and no duplicate', async () => {
    const before = await db().selectFrom('treasury_series').select('last_number').where('type', '=', 'quota').where('year', '=', year).executeTakeFirst();
    const start = Number(before?.last_number ?? 0);
    const rows = await Promise.all(Array.from({ length: 200 }, () => issueOne()));
    const sequences = rows.map((r) => Number(r.sequence)).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => start + i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(200);
    expect(rows.map((r) => r.number)).toContain(`R ${year}/${start + 200}`);
    expect((await post('/api/treasury_docs/verify_integrity', {})).body.data).toEqual({ ok: true, checked: expect.any(Number) });
  }, 120_000);

  it('returns a rolled-back issue its number: the next one takes it', async () => {
    const last = await issueOne();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await issueTreasuryDocument(trx, server.ctx, { type: 'quota', payer: { member: ana }, lines: [{ description: 'Quota', amount: 100 }], issueDate: today, by: null });
          throw new Error('the business action failed after issuing');
        }),
    ).rejects.toThrow('the business action failed');
    expect(Number((await issueOne()).sequence)).toBe(Number(last.sequence) + 1);
  });

  it('lets an administrator move the next number forward only; the chosen gap passes the integrity check', async () => {
    const last = await issueOne();
    const put = (next: unknown, token = admin, type = 'quota', at = year) => server.json('PUT', `/api/treasury_series/${type}/${at}`, token, { next });
    const quota = async () => ((await get(`/api/treasury_series?year=${year}`)).body.data as { type: string; next: number }[]).find((s) => s.type === 'quota')!;
    expect((await quota()).next).toBe(Number(last.sequence) + 1);
    // At or below an issued number: a pt-PT 409, nothing changes; bad input: 422/400; editors may read, not set.
    for (const next of [Number(last.sequence), 1]) {
      const refused = await put(next);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`O documento ${last.number} já foi emitido: o próximo número tem de ser maior (a partir de ${Number(last.sequence) + 1}).`);
    }
    expect((await put(0)).status).toBe(422);
    expect((await put('9')).status).toBe(422);
    expect((await put(5, admin, 'fatura')).status).toBe(400);
    const editor = (await server.as('editor')).token;
    expect((await get(`/api/treasury_series?year=${year}`, editor)).status).toBe(200);
    expect((await put(Number(last.sequence) + 50, editor)).status).toBe(403);
    expect((await quota()).next).toBe(Number(last.sequence) + 1);
    // Forward, twice before an issue (the second replaces the first), then the next document takes it.
    expect((await put(Number(last.sequence) + 50)).body.data).toMatchObject({ type: 'quota', year, next: Number(last.sequence) + 50 });
    expect((await put(Number(last.sequence) + 40)).status).toBe(200);
    expect(Number((await issueOne()).sequence)).toBe(Number(last.sequence) + 40);
    expect((await post('/api/treasury_docs/verify_integrity', {})).body.data.ok).toBe(true);
    // A series not opened yet (next year's) starts where it is told.
    expect((await put(7, admin, 'donation', year + 1)).body.data).toMatchObject({ type: 'donation', year: year + 1, prefix: 'D', last_number: 6, next: 7 });
    expect((await post('/api/treasury_docs/verify_integrity', {})).body.data.ok).toBe(true);
  });
});

describe('hash chain', () => {
  it('reports a stored PDF changed by one byte, naming the document', async () => {
    const doc = await issueOne(1234);
    const key = await pdfKey(doc);
    const original = await storedBytes(server, key);
    const changed = Buffer.from(original);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 1;
    await replaceStoredBytes(server, key, changed);
    try {
      const report = (await post('/api/treasury_docs/verify_integrity', {})).body.data;
      expect(report.ok).toBe(false);
      expect(report.broken).toEqual({ doc: Number(doc._id), number: doc.number, problem: 'O PDF guardado foi alterado depois da emissão.' });
    } finally {
      await replaceStoredBytes(server, key, original);
    }
    expect((await post('/api/treasury_docs/verify_integrity', {})).body.data.ok).toBe(true);
  });

  it('reports a PDF gone from the store, naming the document, and serves it as a pt-PT 404', async () => {
    const doc = await issueOne(2345);
    const key = await pdfKey(doc);
    const original = await storedBytes(server, key);
    await server.ctx.files.remove(key);
    try {
      const report = (await post('/api/treasury_docs/verify_integrity', {})).body.data;
      expect(report.ok).toBe(false);
      expect(report.broken).toEqual({ doc: Number(doc._id), number: doc.number, problem: 'O PDF do documento desapareceu.' });
      const answer = await server.request({ method: 'GET', url: `/api/treasury_docs/${doc._id}/pdf`, token: admin });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('O PDF deste documento não foi encontrado.');
    } finally {
      await replaceStoredBytes(server, key, original);
    }
    expect((await post('/api/treasury_docs/verify_integrity', {})).body.data.ok).toBe(true);
  });

  it("reports a row whose amount was changed behind the application's back", async () => {
    const doc = await issueOne(5000);
    await db().updateTable('treasury_docs').set({ total: 500 }).where('_id', '=', Number(doc._id)).execute();
    try {
      const report = (await post('/api/treasury_docs/verify_integrity', {})).body.data;
      expect(report.broken).toMatchObject({ doc: Number(doc._id), problem: 'O registo foi alterado depois da emissão (o total).' });
    } finally {
      await db().updateTable('treasury_docs').set({ total: 5000 }).where('_id', '=', Number(doc._id)).execute();
    }
  });

  it('reports a document removed from the middle of a series', async () => {
    const [first, second] = [await issueOne(), await issueOne()];
    await db().updateTable('treasury_docs').set({ prev_hash: 'f'.repeat(64) }).where('_id', '=', Number(second._id)).execute();
    try {
      expect((await post('/api/treasury_docs/verify_integrity', {})).body.data.broken).toMatchObject({ doc: Number(second._id), problem: 'O elo para o documento anterior não corresponde.' });
    } finally {
      await db().updateTable('treasury_docs').set({ prev_hash: String(first.hash) }).where('_id', '=', Number(second._id)).execute();
    }
  });

  it('is an administrator action', async () => {
    const editor = (await server.as('editor')).token;
    expect((await post('/api/treasury_docs/verify_integrity', {}, editor)).status).toBe(403);
  });
});

describe('receipts of payments', () => {
  it("issues the payment's receipt in the same action; its PDF holds the member's name, NIF, amount and number and says it is not fiscal", async () => {
    const recorded = await post('/api/payments/record', { member: ana, date: today, amount: 2550, method: 'numerario' });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const receipt = recorded.body.data.receipt;
    expect(receipt).toMatchObject({ type: 'quota', member: ana, total: 2550, payer_name: 'Ana Gonçalves Lopes', payer_nif: ANA_NIF });
    const doc = await db().selectFrom('treasury_docs').selectAll().where('_id', '=', receipt._id).executeTakeFirstOrThrow();
    const text = readPdf(await storedPdf(doc)).text;
    for (const words of ['Associação Recreativa do Teste', 'Recibo de quota', receipt.number, 'Ana Gonçalves Lopes', ANA_NIF, '25,50 €', 'Documento não fiscal', 'Isento — artigo 9.º do CIVA']) {
      expect(text).toContain(words);
    }
    expect(text).not.toMatch(/fatura|ATCUD/i);
    const link = await db().selectFrom('treasury_doc_payments').select('doc').where('payment', '=', recorded.body.data.payment._id).executeTakeFirstOrThrow();
    expect(Number(link.doc)).toBe(receipt._id);
  });

  it('issues none when auto-issue is off, nor when the treasury is off', async () => {
    await setSetting('treasuryAutoIssue', 'false');
    expect((await post('/api/payments/record', { member: ana, date: today, amount: 100, method: 'numerario' })).body.data.receipt).toBeNull();
    await setSetting('treasuryAutoIssue', 'true');
    await setSetting('hasTreasury', 'false');
    try {
      expect((await post('/api/payments/record', { member: ana, date: today, amount: 100, method: 'numerario' })).body.data.receipt).toBeNull();
      expect((await post('/api/treasury_docs/search', {})).status).toBe(404);
    } finally {
      await setSetting('hasTreasury', 'true');
    }
  });

  it("lets a member read their own receipts and no one else's", async () => {
    const other = await post('/api/members', { dues_exempt: true, name: 'Rui Dias', state: active });
    const rui = Number(other.body.data._id);
    const ruiReceipt = (await post('/api/payments/record', { member: rui, date: today, amount: 700, method: 'numerario' })).body.data.receipt;
    const anaToken = (await server.as('member', { memberId: ana })).token;
    const own = (await get('/api/treasury_docs?_limit=-1', anaToken)).body.data as { member: number }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((d) => d.member === ana)).toBe(true);
    expect((await get(`/api/treasury_docs/${ruiReceipt._id}`, anaToken)).status).toBe(404);
    expect((await download({ ids: [ruiReceipt._id] }, anaToken)).status).toBe(404);
    // The PDF as issued: her own, byte for byte; Rui's is a 404 for her.
    const pdf = (url: string, token: string) => server.request({ method: 'GET', url, token });
    const mine = own[0] as { _id: number; number: string; member: number };
    const stored = await db().selectFrom('treasury_docs').selectAll().where('_id', '=', mine._id).executeTakeFirstOrThrow();
    const answer = await pdf(`/api/treasury_docs/${mine._id}/pdf`, anaToken);
    expect({ status: answer.statusCode, type: answer.headers['content-type'], name: answer.headers['content-disposition'] }).toEqual({ status: 200, type: 'application/pdf', name: `inline; filename="${mine.number.replace(/[ /]/g, '-')}.pdf"` });
    expect(answer.rawPayload.equals(await storedPdf(stored))).toBe(true);
    expect((await pdf(`/api/treasury_docs/${ruiReceipt._id}/pdf`, anaToken)).statusCode).toBe(404);
    expect((await pdf(`/api/treasury_docs/${ruiReceipt._id}/pdf`, admin)).statusCode).toBe(200);
  });

  it('serves no PDF whose stored bytes no longer match their hash', async () => {
    const doc = await issueOne(4321);
    const key = await pdfKey(doc);
    const original = await storedBytes(server, key);
    await replaceStoredBytes(server, key, Buffer.concat([original, Buffer.from('%')]));
    try {
      const answer = await server.request({ method: 'GET', url: `/api/treasury_docs/${doc._id}/pdf`, token: admin });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toMatch(/não corresponde ao emitido/);
    } finally {
      await replaceStoredBytes(server, key, original);
    }
  });

  it("e-mails a receipt to its member through the outbox", async () => {
    const receipt = (await post('/api/payments/record', { member: ana, date: today, amount: 300, method: 'numerario' })).body.data.receipt;
    const sent = await post(`/api/treasury_docs/${receipt._id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const message = await db().selectFrom('messages').selectAll().where('_id', '=', sent.body.data.message).executeTakeFirstOrThrow();
    expect(message.recipient).toBe('ana@exemplo.pt');
    expect(message.subject).toBe(`Recibo de quota n.º ${receipt.number}`);
    expect(String(message.body)).toContain('3,00 €');
  });
});

describe('issued documents', () => {
  it('are never edited nor deleted (pt-PT refusals, nothing changes)', async () => {
    const doc = await issueOne(800);
    // No update route at all: every field is the server's.
    expect((await server.json('PATCH', `/api/treasury_docs/${doc._id}`, admin, { payer_name: 'Outra Pessoa', total: 1 })).status).toBe(404);
    const deleted = await server.json('DELETE', `/api/treasury_docs/${doc._id}`, admin);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toMatch(/não pode ser alterado nem apagado: anule-o/);
    expect((await get(`/api/treasury_docs/${doc._id}`)).body.data.payer_name).toBe('Ana Gonçalves Lopes');
  });

  it('are annulled by an annulment note with its reason; annulling twice is refused', async () => {
    const doc = await issueOne(900);
    const annulled = await post(`/api/treasury_docs/${doc._id}/annul`, { reason: 'Valor registado por engano' });
    expect(annulled.status, JSON.stringify(annulled.body)).toBe(200);
    expect(annulled.body.data).toMatchObject({ type: 'annulment', annuls: Number(doc._id), annul_reason: 'Valor registado por engano', total: 900, member: ana });
    expect(annulled.body.data.number).toMatch(new RegExp(`^A ${year}/\\d+$`));
    const again = await post(`/api/treasury_docs/${doc._id}/annul`, { reason: 'Outra vez' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Este documento já foi anulado pela nota ${annulled.body.data.number}.`);
    expect((await post(`/api/treasury_docs/${annulled.body.data._id}/annul`, { reason: 'x' })).status).toBe(409);
    expect((await post(`/api/treasury_docs/${doc._id}/annul`, {})).status).toBe(422);
  });
});

describe('statuses', () => {
  it('are set on many documents at once, kept in each history, and cleared', async () => {
    // The first status defined is where new documents start.
    const issued = (await post('/api/document_statuses', { name: 'Emitido', color: '#888888' })).body.data._id;
    const status = (await post('/api/document_statuses', { name: 'Entregue ao contabilista', color: '#2266aa' })).body.data._id;
    const [a, b] = [await issueOne(), await issueOne()];
    expect(a.status).toBe(issued);
    const set = await post('/api/treasury_docs_statuses/bulk', { ids: [a._id, b._id], status });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.changed).toBe(2);
    expect((await get(`/api/treasury_docs/${a._id}`)).body.data.status).toBe(status);
    const history = await db().selectFrom('treasury_doc_status_history').select('status').where('doc', '=', Number(a._id)).orderBy('_id').execute();
    expect(history.map((h) => h.status)).toEqual([issued, status]);
    expect((await post('/api/treasury_docs_statuses/bulk_delete', { ids: [a._id, b._id] })).body.data.changed).toBe(2);
    expect((await get(`/api/treasury_docs/${b._id}`)).body.data.status).toBeNull();
  });

  it('refuse an unknown status, no documents or unknown ones, changing nothing', async () => {
    const doc = await issueOne();
    expect((await post('/api/treasury_docs_statuses/bulk', { ids: [doc._id], status: 999_999 })).status).toBe(422);
    expect((await post('/api/treasury_docs_statuses/bulk', { ids: [], status: 1 })).status).toBe(400);
    expect((await post('/api/treasury_docs_statuses/bulk_delete', { ids: [doc._id, 999_999] })).status).toBe(404);
  });
});

describe('search and download', () => {
  it('searches with the list parameters and ids', async () => {
    const [a, b] = [await issueOne(111), await issueOne(222)];
    const found = await post('/api/treasury_docs/search', { ids: [a._id, b._id], _sort: '-total' });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.map((d: { _id: number }) => d._id)).toEqual([b._id, a._id]);
    const filtered = await post('/api/treasury_docs/search', { _total: 222, _limit: 5 });
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.data.length).toBeGreaterThan(0);
    expect(filtered.body.data.every((d: { total: number }) => d.total === 222)).toBe(true);
    // An empty selection is no selection: the list parameters alone answer, with their pages.
    const unselected = await post('/api/treasury_docs/search', { ids: [], _total: 222, _limit: 5 });
    expect(unselected.status, JSON.stringify(unselected.body)).toBe(200);
    expect(unselected.body).toEqual(filtered.body);
  });

  it('zips one stored PDF per document, or merges them in blocks for printing', async () => {
    const docs = [await issueOne(1), await issueOne(2), await issueOne(3)];
    const ids = docs.map((d) => d._id);
    const zip = await download({ ids, inBlocks: false });
    expect(zip.status, zip.body.slice(0, 200)).toBe(200);
    expect(zip.type).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(entries)).toEqual(docs.map((d) => `${String(d.number).replace(/[^A-Za-z0-9]+/g, '-')}.pdf`));
    expect(Buffer.from(entries[Object.keys(entries)[0]!]!).equals(await storedPdf(docs[0]!))).toBe(true);
    const merged = await download({ ids, inBlocks: true });
    expect(merged.type).toBe('application/pdf');
    expect(pageCount(merged.bytes)).toBe(3);
    expect(readPdf(merged.bytes, 2).text).toContain(String(docs[2]!.number));
  });

  it('makes a large download in the background, for whoever asked only, ending in a short-lived file address', async () => {
    const ids = (await db().selectFrom('treasury_docs').select('_id').orderBy('_id').limit(201).execute()).map((r) => Number(r._id));
    expect(ids).toHaveLength(201);
    const asked = await download({ ids });
    expect(asked.status, asked.body).toBe(202);
    const { job, total } = JSON.parse(asked.body).data;
    expect(total).toBe(201);
    await server.app.jobs.tick();
    const done = await get(`/api/treasury_docs/download/${job}`);
    expect(done.body.data).toMatchObject({ state: 'done', count: 201 });
    const file = await server.request({ method: 'GET', url: done.body.data.url, token: admin });
    expect(file.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(file.rawPayload)))).toHaveLength(201);
    const editor = (await server.as('editor')).token;
    expect((await get(`/api/treasury_docs/download/${job}`, editor)).status).toBe(404);
  }, 120_000);

  it('refuses no documents (400) and documents that do not exist (404, without saying which)', async () => {
    expect((await download({ ids: [] })).status).toBe(400);
    const missing = await download({ ids: [999_998, 999_999] });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).message).not.toMatch(/999/);
  });
});
