import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { findFile } from '../../files/records.js';
import { openIfStored } from '../../files/store.js';

/** The stored bytes of a document's PDF, as a stream (null: the file row or its bytes are gone). */
export async function pdfStream(db: Db, ctx: Pick<ServerContext, 'files'>, file: number): Promise<Readable | null> {
  const stored = await findFile(db, file);
  if (!stored) return null;
  return openIfStored(ctx.files, stored.storageKey);
}

/** SHA-256 of a stream's bytes, read in chunks (never the whole file in memory); null when it cannot be read. */
export async function streamSha256(stream: Readable): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of stream) hash.update(chunk as Buffer);
  } catch {
    return null;
  }
  return hash.digest('hex');
}
