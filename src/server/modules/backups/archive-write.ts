import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One part of a backup as its manifest names it: the bytes' size and SHA-256, as stored in the zip (uncompressed). */
export interface PartDigest {
  name: string;
  size: number;
  sha256: string;
}

/**
 * fflate writes no ZIP64: offsets and sizes are 32-bit. A backup this large is refused with a
 * message rather than written unreadable.
 */
const ZIP_LIMIT = 0xffff_0000;

export class BackupTooLargeError extends Error {
  constructor() {
    super('A cópia de segurança passaria de 4 GB, o máximo que este formato guarda. Faça a cópia da base de dados e da pasta dos ficheiros à parte.');
  }
}

export interface ArchiveWriter {
  /** Adds a part from chunks (compressed when `compress`), hashing it as it goes. */
  add(name: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, compress: boolean): Promise<PartDigest>;
  /** Writes the zip's directory and renames the finished file into place: it appears whole or not at all. */
  finish(): Promise<number>;
  /** Drops the unfinished file. */
  abort(): Promise<void>;
}

/** A zip written to `file` as parts are added, never held in memory, waiting for the disk when it is behind. */
export async function writeArchive(file: string): Promise<ArchiveWriter> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.part`;
  // Only the server's user reads it: it holds the server's keys (server_secrets) with the data.
  const out = fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
  let failure: Error | null = null;
  let written = 0;
  // 'close' follows the end of writing, and an error too (autoDestroy).
  const closed = new Promise<void>((resolve) => out.on('close', () => resolve()));
  out.on('error', (error) => (failure = error));
  const zip = new Zip((error, data, final) => {
    if (error) {
      failure = error;
      return;
    }
    written += data.byteLength;
    if (written > ZIP_LIMIT) failure = new BackupTooLargeError();
    out.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    if (final) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };

  return {
    async add(name, chunks, compress) {
      const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(entry);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.byteLength;
        entry.push(chunk);
        await drained();
      }
      entry.push(new Uint8Array(0), true);
      await drained();
      return { name, size, sha256: hash.digest('hex') };
    },
    async finish() {
      zip.end();
      await closed;
      if (failure) throw failure;
      await fs.promises.rename(temporary, file);
      return written;
    },
    async abort() {
      zip.terminate();
      out.destroy();
      await fs.promises.rm(temporary, { force: true });
    },
  };
}
