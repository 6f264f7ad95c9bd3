import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { zipWriter } from '../../zip/writer.js';

/** One part of a backup as its manifest names it: the bytes' size and SHA-256, as stored in the zip (uncompressed). */
export interface PartDigest {
  name: string;
  size: number;
  sha256: string;
}

export interface ArchiveWriter {
  /** Adds a part from chunks (compressed when `compress`), hashing it as it goes. */
  add(name: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, compress: boolean): Promise<PartDigest>;
  /** Writes the zip's directory and renames the finished file into place: it appears whole or not at all. */
  finish(): Promise<number>;
  /** Drops the unfinished file. */
  abort(): Promise<void>;
}

/** A zip (src/server/zip: ZIP64 when needed) written to `file` as parts are added, never held in memory. */
export async function writeArchive(file: string, modified: Date): Promise<ArchiveWriter> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.part`;
  // Only the server's user reads it: it holds the server's keys (server_secrets) with the data.
  const out = fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
  const zip = zipWriter(out, { modified });

  return {
    async add(name, chunks, compress) {
      const { size, sha256 } = await zip.add(name, chunks, compress);
      return { name, size, sha256 };
    },
    async finish() {
      const written = await zip.end();
      await fs.promises.rename(temporary, file);
      return written;
    },
    async abort() {
      zip.abort(new Error('The backup was abandoned.'));
      // Destroyed with an error: waiting for 'close' alone (events.once would reject on the 'error').
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await fs.promises.rm(temporary, { force: true });
    },
  };
}
