import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { STORAGE_KEY, StoredFileMissing, type FileStore } from './store.js';

/** A stored file's bytes, in order: chunk `seq` (from 0) of the file under `storage_key`. */
interface StoredFileChunksTable {
  storage_key: string;
  seq: number;
  bytes: Buffer;
}

/** The handle the database store works through (chunk-database.ts): its own connections, never a request's. */
export type ChunkDb = Kysely<{ stored_file_chunks: StoredFileChunksTable }>;

/** Bytes per row: large enough for few rows per file, small enough that a read holds little. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks fetched per query while reading (1 MiB): a few round trips per file, never the file whole. */
const CHUNKS_PER_READ = 4;
/** Rows per INSERT while writing bytes held in memory. */
const CHUNKS_PER_INSERT = 4;
/** Keys per query while listing. */
const KEYS_PER_QUERY = 1000;

const newKey = () => randomBytes(16).toString('hex');

/**
 * Where a stream's chunks wait until the stream has ended: a key no file has (it starts with
 * `part-`), then renamed to the file's key in one statement. The time in it lets a later write
 * sweep what a crash left behind.
 */
const PART_PREFIX = 'part-';
const partKey = (at: number) => `${PART_PREFIX}${String(at).padStart(15, '0')}-${randomBytes(8).toString('hex')}`;
/** A part older than this is a crashed write's: no stream runs for a day. */
const PART_LIFETIME_MS = 86_400_000;

/** `source`'s bytes cut into CHUNK_BYTES pieces (the last one shorter), holding at most one piece. */
async function* chunksOf(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    while (pendingBytes + bytes.length >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - pendingBytes;
      yield Buffer.concat([...pending, bytes.subarray(0, take)]);
      bytes = bytes.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (bytes.length > 0) {
      pending.push(bytes);
      pendingBytes += bytes.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Files as rows of `stored_file_chunks` in the database: every instance on one PostgreSQL
 * database reads every file (the default there). A file appears whole or not at all: bytes in
 * memory in one transaction; a stream under a part key, renamed to the file's key in one
 * statement once it has ended, so no transaction stays open while the stream's producer works
 * (an export zipping stored files reads them through this store meanwhile). A failed stream
 * leaves nothing; an empty file is one empty chunk, so a key with no row is a missing file.
 */
export function databaseFileStore(db: ChunkDb): FileStore {
  const checked = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return key;
  };

  const readChunks = (key: string, after: number) =>
    db.selectFrom('stored_file_chunks').select(['seq', 'bytes']).where('storage_key', '=', key).where('seq', '>', after).orderBy('seq').limit(CHUNKS_PER_READ).execute();

  return {
    kind: 'database',
    async write(bytes) {
      const key = newKey();
      const rows: StoredFileChunksTable[] = [];
      for (let seq = 0; seq === 0 || seq * CHUNK_BYTES < bytes.length; seq += 1) {
        rows.push({ storage_key: key, seq, bytes: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) });
      }
      // One statement is atomic on its own (a receipt's PDF, most files): no BEGIN and COMMIT around it.
      if (rows.length <= CHUNKS_PER_INSERT) await db.insertInto('stored_file_chunks').values(rows).execute();
      else {
        await db.transaction().execute(async (trx) => {
          for (let i = 0; i < rows.length; i += CHUNKS_PER_INSERT) await trx.insertInto('stored_file_chunks').values(rows.slice(i, i + CHUNKS_PER_INSERT)).execute();
        });
      }
      return key;
    },
    async writeStream(source) {
      const key = newKey();
      const now = Date.now();
      const part = partKey(now);
      const hash = createHash('sha256');
      let size = 0;
      // What crashed writes left, a day old or more: swept by the next stream, the only writer of parts.
      await db.deleteFrom('stored_file_chunks').where('storage_key', '>=', PART_PREFIX).where('storage_key', '<', partKey(now - PART_LIFETIME_MS)).execute();
      try {
        let seq = 0;
        for await (const chunk of chunksOf(source)) {
          hash.update(chunk);
          size += chunk.length;
          await db.insertInto('stored_file_chunks').values({ storage_key: part, seq, bytes: chunk }).execute();
          seq += 1;
        }
        if (seq === 0) await db.insertInto('stored_file_chunks').values({ storage_key: part, seq: 0, bytes: Buffer.alloc(0) }).execute();
        await db.updateTable('stored_file_chunks').set({ storage_key: key }).where('storage_key', '=', part).execute();
      } catch (error) {
        await db.deleteFrom('stored_file_chunks').where('storage_key', '=', part).execute();
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    async open(key) {
      checked(key);
      // The first chunks are read before the stream is handed over: a missing file is known before any byte.
      const first = await readChunks(key, -1);
      if (first.length === 0) throw new StoredFileMissing(key);
      async function* rest(): AsyncGenerator<Buffer> {
        let batch = first;
        while (batch.length > 0) {
          for (const row of batch) yield Buffer.from(row.bytes);
          if (batch.length < CHUNKS_PER_READ) return;
          batch = await readChunks(key, Number(batch.at(-1)!.seq));
        }
      }
      return Readable.from(rest(), { objectMode: false });
    },
    async remove(key) {
      await db.deleteFrom('stored_file_chunks').where('storage_key', '=', checked(key)).execute();
    },
    async *keys() {
      let after = '';
      for (;;) {
        const rows = await db.selectFrom('stored_file_chunks').select('storage_key').where('seq', '=', 0).where('storage_key', '>', after).orderBy('storage_key').limit(KEYS_PER_QUERY).execute();
        // A part (a stream being written, or a crashed one's) is no file.
        for (const row of rows) if (STORAGE_KEY.test(row.storage_key)) yield row.storage_key;
        if (rows.length < KEYS_PER_QUERY) return;
        after = rows.at(-1)!.storage_key;
      }
    },
  };
}
