import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { PassThrough, Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * fflate's zip writer has no ZIP64: an archive holds at most 65,535 entries and 4 GiB (sizes and
 * offsets are 32-bit). Past either the zip would be silently wrong, so the writer stops instead.
 */
export const ZIP_MAX_ENTRIES = 0xffff;
export const ZIP_MAX_BYTES = 0xffffffff;

/** Why an export could not be one zip (pt-PT: the job's error, on the Tarefas page). */
export const zipTooLarge = () =>
  new Error('Os dados passam o limite de um arquivo zip (65 535 ficheiros ou 4 GB): a exportação de tudo num só arquivo não é possível com tantos ficheiros guardados.');

/** One entry of the zip as the manifest lists it: its path, size and SHA-256 of its bytes. */
export interface ZipEntrySum {
  path: string;
  size: number;
  sha256: string;
}

/** An entry being written: chunks go in as they are made, never the whole entry at once. */
export interface ZipEntryWriter {
  write(chunk: Buffer | string): Promise<void>;
  /** Ends the entry and answers its size and hash. */
  end(): Promise<ZipEntrySum>;
}

export interface HashingZip {
  /** `compress: false` for bytes already compressed (PDFs, images): deflating them again only costs time. */
  entry(path: string, compress: boolean): ZipEntryWriter;
  addStream(path: string, source: Readable, compress: boolean): Promise<ZipEntrySum>;
  end(): Promise<void>;
}

/**
 * A zip written into `out` entry by entry, hashing each entry's bytes as they pass: whenever the
 * reader is behind (the file store's write), the writer waits (backpressure), so memory stays
 * flat however large the export.
 */
export function hashingZip(out: PassThrough): HashingZip {
  let failure: Error | null = null;
  let entries = 0;
  let written = 0;
  const zip = new Zip((error, data, final) => {
    if (error) {
      failure = error;
      out.destroy(error);
      return;
    }
    written += data.byteLength;
    out.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    if (final) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (written > ZIP_MAX_BYTES) throw zipTooLarge();
    if (out.writableNeedDrain) await once(out, 'drain');
  };

  const entry = (path: string, compress: boolean): ZipEntryWriter => {
    entries += 1;
    if (entries > ZIP_MAX_ENTRIES) throw zipTooLarge();
    const file = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
    zip.add(file);
    const hash = createHash('sha256');
    let size = 0;
    return {
      async write(chunk) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        if (bytes.length === 0) return;
        hash.update(bytes);
        size += bytes.length;
        file.push(bytes);
        await drained();
      },
      async end() {
        file.push(new Uint8Array(0), true);
        await drained();
        return { path, size, sha256: hash.digest('hex') };
      },
    };
  };

  return {
    entry,
    async addStream(path, source, compress) {
      const writer = entry(path, compress);
      for await (const chunk of source) await writer.write(chunk as Buffer);
      return writer.end();
    },
    async end() {
      zip.end();
      if (failure) throw failure;
    },
  };
}
