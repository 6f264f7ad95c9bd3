// The files row: 1,000 receipt PDFs (a real receipt's bytes, rendered as the treasury renders
// them) written through a file store, then read back whole, on each store this run can reach: the
// directory, the database on each engine, and S3 on a local S3-compatible server (the tests'
// test/server/support/s3-server.ts). Files/s and MB/s each way, FILE_CONNECTIONS at a time as
// concurrent uploads and downloads would be.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Engine } from '../src/server/db/database.js';
import { migrate } from '../src/server/db/migrate.js';
import { createFileStore } from '../src/server/files/create-store.js';
import { directoryFileStore } from '../src/server/files/directory-store.js';
import { s3FileStore } from '../src/server/files/s3-store.js';
import type { FileStore } from '../src/server/files/store.js';
import { appMigrations } from '../src/server/modules/migrations.js';
import { renderTreasuryDocs } from '../src/server/modules/treasury/pdf/render.js';
import { startLocalS3Server } from '../test/server/support/s3-server.js';

export const FILES = 1000;
const FILE_CONNECTIONS = 10;

export interface FileStoreTimes {
  store: string;
  files: number;
  /** Bytes of one file. */
  fileBytes: number;
  writeSeconds: number;
  readSeconds: number;
}

/** One quota receipt as issuing a payment's receipt stores it. */
function receiptPdf(): Promise<Buffer> {
  return renderTreasuryDocs(
    [
      {
        number: 'R 2026/1234',
        type: 'quota',
        issueDate: '2026-03-15',
        issuer: { name: 'Associação Cultural e Recreativa de Exemplo', nif: '501234567', address: 'Rua das Flores, 12, 1200-192 Lisboa' },
        payer: { name: 'Ana Gonçalves Lopes', nif: '234567899', address: 'Avenida da Liberdade, 100, 3.º esq., 1250-146 Lisboa', membership: 'Sócio n.º 1234' },
        lines: [{ description: 'Quota de março de 2026', amount: 3000 }],
        total: 3000,
        vatWording: 'Isento de IVA ao abrigo do artigo 9.º do CIVA.',
        wording: null,
        annuls: null,
        paymentMethod: 'MB WAY',
      },
    ],
    'Recibo R 2026/1234',
  );
}

/** `count` tasks, `connections` at a time. */
async function inParallel(count: number, connections: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function timeStore(name: string, store: FileStore, pdf: Buffer, log: (line: string) => void): Promise<FileStoreTimes> {
  const keys: string[] = [];
  let started = performance.now();
  await inParallel(FILES, FILE_CONNECTIONS, async (i) => {
    keys[i] = await store.write(pdf);
  });
  const writeSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await inParallel(FILES, FILE_CONNECTIONS, async (i) => {
    let bytes = 0;
    for await (const piece of await store.open(keys[i]!)) bytes += (piece as Buffer).length;
    if (bytes !== pdf.length) throw new Error(`${name}: file ${keys[i]} read back ${bytes} bytes, not ${pdf.length}`);
  });
  const readSeconds = (performance.now() - started) / 1000;
  const times = { store: name, files: FILES, fileBytes: pdf.length, writeSeconds, readSeconds };
  log(`  ${name}: ${fileStoreLine(times)}`);
  return times;
}

export function fileStoreLine(t: FileStoreTimes): string {
  const rate = (seconds: number) => `${Math.round(t.files / seconds).toLocaleString('en')} files/s, ${((t.files * t.fileBytes) / 1e6 / seconds).toFixed(1)} MB/s`;
  return `write ${t.writeSeconds.toFixed(2)} s (${rate(t.writeSeconds)}); read ${t.readSeconds.toFixed(2)} s (${rate(t.readSeconds)})`;
}

/**
 * The directory and S3 stores once, the database store on each engine (PostgreSQL in a schema of
 * its own, dropped afterwards). S3 is left out, with a line saying why, when the local server
 * cannot start.
 */
export async function benchFileStores(engines: readonly Engine[], databaseUrl: string | undefined, log: (line: string) => void): Promise<FileStoreTimes[]> {
  log(`\n## file stores: ${FILES.toLocaleString('en')} receipt PDFs written, then read, ${FILE_CONNECTIONS} at a time`);
  const pdf = await receiptPdf();
  log(`  one receipt PDF: ${pdf.length.toLocaleString('en')} bytes`);
  const results: FileStoreTimes[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-bench-files-'));
  try {
    results.push(await timeStore('directory', directoryFileStore(dataDir), pdf, log));
    for (const engine of engines) {
      const pgSchema = engine === 'postgres' ? `bench_files_${randomBytes(5).toString('hex')}` : undefined;
      const config = loadConfig({ ASSOCIA_MODE: 'test' }, { dataDir: path.join(dataDir, engine), databaseUrl: engine === 'postgres' ? databaseUrl : undefined, pgSchema, fileStore: 'database' });
      fs.mkdirSync(config.dataDir, { recursive: true });
      const database = await openDatabase(config);
      try {
        await migrate(database.db, database.engine, appMigrations);
        results.push(await timeStore(`database (${engine})`, createFileStore(config, database), pdf, log));
      } finally {
        if (pgSchema) await database.db.schema.dropSchema(pgSchema).ifExists().cascade().execute();
        await database.close();
      }
    }
    let s3: Awaited<ReturnType<typeof startLocalS3Server>> | undefined;
    try {
      s3 = await startLocalS3Server({ bucket: 'associa-bench' });
    } catch (error) {
      log(`  s3: left out, the local S3 server did not start: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (s3) {
      try {
        results.push(await timeStore('s3 (local server)', s3FileStore(s3.config), pdf, log));
      } finally {
        await s3.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
