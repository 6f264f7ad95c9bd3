import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { chunkDatabase } from '../../../src/server/files/chunk-database.js';
import { CHUNK_BYTES } from '../../../src/server/files/database-store.js';
import { filesDirectory } from '../../../src/server/files/store.js';
import type { TestServer } from './server.js';

// Stored files as a test sees them, whichever store the server uses (the directory on SQLite,
// the database on PostgreSQL): what is stored, its bytes, and bytes changed or lost behind the
// server's back, as a damaged disk or an operator's mistake would.

type Server = Pick<TestServer, 'ctx' | 'database'>;

/** Every key in the server's store, sorted; on the directory store, a stray temporary file counts too (a write that left something behind). */
export async function storedKeys(server: Server): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of server.ctx.files.keys()) keys.push(key);
  if (server.ctx.files.kind === 'directory') {
    const root = filesDirectory(server.ctx.config.dataDir);
    if (fs.existsSync(root)) {
      const all = fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
      keys.push(...all.filter((name) => !keys.includes(name)));
    }
  }
  return keys.sort();
}

/** The stored bytes under `key`, read through the store. */
export async function storedBytes(server: Server, key: string): Promise<Buffer> {
  return buffer(await server.ctx.files.open(key));
}

/** The storage key of the file row `fileId`. */
export async function storageKeyOf(server: Server, fileId: number): Promise<string> {
  const row = await server.database.db.selectFrom('files').select('storage_key').where('_id', '=', fileId).executeTakeFirstOrThrow();
  return row.storage_key;
}

/** Puts `bytes` under `key` in place of what the server stored, as a change behind its back would. */
export async function replaceStoredBytes(server: Server, key: string, bytes: Buffer): Promise<void> {
  const { files, config } = server.ctx;
  if (files.kind === 'directory') {
    fs.writeFileSync(path.join(filesDirectory(config.dataDir), key.slice(0, 2), key), bytes);
    return;
  }
  if (files.kind !== 'database') throw new Error(`replaceStoredBytes: no way to change a ${files.kind} store's bytes behind its back`);
  await chunkDatabase(config, server.database)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('stored_file_chunks').where('storage_key', '=', key).execute();
      for (let seq = 0; seq === 0 || seq * CHUNK_BYTES < bytes.length; seq += 1) {
        await trx.insertInto('stored_file_chunks').values({ storage_key: key, seq, bytes: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) }).execute();
      }
    });
}

/** Every stored file's bytes gone (the rows stay: tests delete those themselves). */
export async function forgetStoredBytes(server: Server): Promise<void> {
  const keys: string[] = [];
  for await (const key of server.ctx.files.keys()) keys.push(key);
  for (const key of keys) await server.ctx.files.remove(key);
  fs.rmSync(filesDirectory(server.ctx.config.dataDir), { recursive: true, force: true });
}
