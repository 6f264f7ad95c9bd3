import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { ServerContext } from '../../context.js';
import type { PartDigest } from './archive-write.js';
import { writeArchive } from './archive-write.js';
import { openIfStored } from '../../files/store.js';
import { FORMAT, FORMAT_VERSION, MANIFEST_PART, SQLITE_PART, tablePart, type BackupManifest } from './manifest.js';
import { inSnapshot, schemaTables, tableRows } from './postgres-dump.js';
import { copySqlite, inspectCopy } from './sqlite-copy.js';
import { STORED_CHUNKS_TABLE, storedKeys, storedPartName } from './stored-files.js';

type BackupContext = Pick<ServerContext, 'config' | 'database' | 'files' | 'now'>;

const CHUNK = 64 * 1024;

/** JSON lines gathered into chunks of about 64 KB. */
async function* asChunks(lines: AsyncIterable<string>, counted: { rows: number }): AsyncGenerator<Uint8Array> {
  let pending: string[] = [];
  let length = 0;
  for await (const line of lines) {
    counted.rows += 1;
    pending.push(line, '\n');
    length += line.length + 1;
    if (length >= CHUNK) {
      yield Buffer.from(pending.join(''), 'utf8');
      pending = [];
      length = 0;
    }
  }
  if (pending.length > 0) yield Buffer.from(pending.join(''), 'utf8');
}

/**
 * The database's parts: SQLite's copied file, or PostgreSQL's tables read in one snapshot; and
 * the storage keys that database names (stored-files.ts). The database file store's chunks are
 * never in them: PostgreSQL's dump leaves their table out, and on SQLite they are in a file of
 * their own (files.db), not the one copied; their bytes come in as `files/` parts like any store's.
 */
async function addDatabase(ctx: BackupContext, archive: Awaited<ReturnType<typeof writeArchive>>, file: string) {
  const { database } = ctx;
  const parts: PartDigest[] = [];
  if (database.engine === 'sqlite') {
    const copy = `${file}.${randomBytes(4).toString('hex')}.db`;
    try {
      await copySqlite(database, copy);
      const { tables, migrations, keys } = await inspectCopy({ file: copy, integrityCheck: false, keys: true });
      parts.push(await archive.add(SQLITE_PART, fs.createReadStream(copy), true));
      return { parts, tables, migrations, keys };
    } finally {
      // The copy is in WAL mode, as the server's database is: reading it made its -wal and -shm,
      // which a read-only connection leaves behind when it closes.
      for (const made of [copy, `${copy}-wal`, `${copy}-shm`]) await fs.promises.rm(made, { force: true });
    }
  }
  return inSnapshot(database.db, async (trx) => {
    const tables: Record<string, number> = {};
    const names = (await schemaTables(trx)).filter((table) => table !== STORED_CHUNKS_TABLE);
    const migrations = names.includes('schema_migrations') ? (await trx.selectFrom('schema_migrations').select('name').orderBy('applied_at').orderBy('name').execute()).map((row) => row.name) : [];
    for (const table of names) {
      const counted = { rows: 0 };
      parts.push(await archive.add(tablePart(table), asChunks(tableRows(trx, table), counted), true));
      tables[table] = counted.rows;
    }
    const keys = names.includes('files') ? await storedKeys(trx) : [];
    return { parts, tables, migrations, keys };
  });
}

/**
 * Writes a backup of the server's data into `file` (a zip, written beside it and renamed when
 * whole): the database, as of one moment, then every file it names read through the server's
 * file store (`ctx.files`: a directory, the database or S3, all alike), then the manifest. Files
 * are copied after the database: a row's file is written before the row commits, so every file
 * the copied database names is already in the store.
 */
export async function writeBackup(ctx: BackupContext, file: string): Promise<{ manifest: BackupManifest; size: number }> {
  const archive = await writeArchive(file, new Date(ctx.now()));
  try {
    const createdAt = new Date(ctx.now()).toISOString();
    const { parts, tables, migrations, keys } = await addDatabase(ctx, archive, file);
    for (const key of keys) {
      // Null: removed since the copy (its row went first, so the copied database still names it), or lost before: as the server has it.
      const stream = await openIfStored(ctx.files, key);
      if (!stream) continue;
      parts.push(await archive.add(storedPartName(key), stream, false));
    }
    const manifest: BackupManifest = { format: FORMAT, version: FORMAT_VERSION, engine: ctx.database.engine, createdAt, migrations, tables, parts };
    await archive.add(MANIFEST_PART, [Buffer.from(JSON.stringify(manifest, null, 1), 'utf8')], true);
    return { manifest, size: await archive.finish() };
  } catch (error) {
    await archive.abort();
    throw error;
  }
}
