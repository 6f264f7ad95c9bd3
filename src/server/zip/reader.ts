import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import { fromRandomAccessReaderPromise, type Entry, type ZipFile } from 'yauzl';
import { BlockReader } from './block-reader.js';

/**
 * The file is not a whole zip: truncated (no central directory at its end), or damaged (a
 * directory or entry that does not read, bytes that do not inflate or do not add up to the size
 * the directory gives). The message is yauzl's or zlib's, in English: callers say it to users
 * in their own words.
 */
export class ZipDamagedError extends Error {}

/** One entry as the central directory describes it. */
export interface ZipEntry {
  name: string;
  /** Uncompressed bytes (checked while the entry is read). */
  size: number;
  compressedSize: number;
}

export interface ZipReader {
  entries: ReadonlyMap<string, ZipEntry>;
  /** The entry's bytes, inflated; a damaged entry fails the stream with a ZipDamagedError. */
  open(entry: ZipEntry): Promise<Readable>;
  /** Frees the file once the streams opened from it have ended. */
  close(): void;
}

/** yauzl's and zlib's errors (no code, or a Z_ code) are the file's; the system's (EIO, ENOENT) are passed on as they are. */
function damagedOr(error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof ZipDamagedError || (typeof code === 'string' && !code.startsWith('Z_'))) return error as Error;
  return new ZipDamagedError(error instanceof Error ? error.message : String(error), { cause: error });
}

/**
 * A zip opened by yauzl (ZIP64 too), its central directory read whole and checked (names,
 * sizes, offsets inside the file); entries are streamed from their place, one file descriptor
 * for them all, read in blocks (block-reader.ts). Nothing is held in memory but the directory
 * and the last few blocks read.
 */
export async function openZip(file: string): Promise<ZipReader> {
  // A plain descriptor, not a FileHandle: the reader owns it (the zip's close() closes it through
  // the reader), and a FileHandle no longer referenced would be closed when collected.
  const fd = await promisify(fs.open)(file, 'r');
  let zip: ZipFile;
  try {
    const { size } = await promisify(fs.fstat)(fd);
    zip = await fromRandomAccessReaderPromise(new BlockReader(fd, size), size, { autoClose: false, validateEntrySizes: true, strictFileNames: true });
  } catch (error) {
    fs.closeSync(fd);
    throw damagedOr(error);
  }
  const found = new Map<string, Entry>();
  const entries = new Map<string, ZipEntry>();
  try {
    for await (const entry of zip.eachEntry()) {
      found.set(entry.fileName, entry);
      entries.set(entry.fileName, { name: entry.fileName, size: entry.uncompressedSize, compressedSize: entry.compressedSize });
    }
  } catch (error) {
    zip.close();
    throw damagedOr(error);
  }
  return {
    entries,
    async open(wanted) {
      const entry = found.get(wanted.name);
      if (!entry) throw new Error(`The zip has no entry ${wanted.name}.`);
      let source: Readable;
      try {
        source = await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw damagedOr(error);
      }
      const out = new PassThrough();
      source.on('error', (error) => out.destroy(damagedOr(error)));
      // A reader that stops early lets the entry's stream go (yauzl: unpiped before destroyed).
      out.on('close', () => {
        if (source.readableEnded) return;
        source.unpipe(out);
        source.destroy();
      });
      return source.pipe(out);
    },
    close() {
      zip.close();
    },
  };
}
