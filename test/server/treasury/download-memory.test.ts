import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable, PassThrough } from 'node:stream';
import { issueTreasuryDocument } from '../../../src/server/modules/treasury/issue.js';
import { writeDownloadZip } from '../../../src/server/modules/treasury/download.js';
import { lisbonDay } from '../../../src/core/days.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// A zip of 1,000 documents is streamed: the stored PDFs pass through a page of rows at a time and
// the zip waits for its reader, so memory does not grow with the number of documents.

let server: ResourceTestServer;
const ids: number[] = [];
const COUNT = 1000;

beforeAll(async () => {
  server = await startResourceServer();
  const db = server.database.db;
  const today = lisbonDay(server.ctx.now());
  for (let batch = 0; batch < COUNT / 100; batch += 1) {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 100; i += 1) {
        const row = await issueTreasuryDocument(trx, server.ctx, {
          type: 'quota',
          payer: { name: `Sócio ${batch * 100 + i}`, nif: null, address: 'Rua do Teste, 1, 1000-100 Lisboa' },
          lines: [{ description: 'Quota 2026', amount: 3000 + i }],
          issueDate: today,
          by: null,
        });
        ids.push(Number(row._id));
      }
    });
  }
}, 300_000);
afterAll(async () => {
  await server?.close();
});

describe('a download of 1,000 documents', () => {
  it('streams with memory staying far under 150 MB', async () => {
    global.gc?.();
    const before = process.memoryUsage();
    let peak = 0;
    let bytes = 0;
    let files = 0;
    // A slow-ish reader: each chunk is taken on the next tick, so the writer must wait for it.
    const sink = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        const now = process.memoryUsage();
        peak = Math.max(peak, now.rss - before.rss, now.heapUsed + now.external - before.heapUsed - before.external);
        setImmediate(done);
      },
    });
    const out = new PassThrough();
    out.pipe(sink);
    const finished = new Promise((resolve, reject) => sink.on('finish', resolve).on('error', reject));
    const started = Date.now();
    await writeDownloadZip(server.database.db, server.ctx, { ids, inBlocks: false, onProgress: async (done) => void (files = done) }, out);
    await finished;
    const seconds = (Date.now() - started) / 1000;
    expect(files).toBe(COUNT);
    // One stored PDF each, plus the zip's headers.
    expect(bytes).toBeGreaterThan(COUNT * 1000);
    expect(peak, `grew ${Math.round(peak / 1e6)} MB for a ${Math.round(bytes / 1e6)} MB zip in ${seconds} s`).toBeLessThan(150e6);
  }, 120_000);
});
