import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** One written entry: its path, and the size and SHA-256 of its bytes (uncompressed). */
export interface ZipEntrySum {
  path: string;
  size: number;
  sha256: string;
}

/** An entry being written: chunks go in as they are made, never the whole entry at once. */
export interface ZipEntryWriter {
  write(chunk: Uint8Array | string): Promise<void>;
  /** Ends the entry once the zip has taken all its bytes, and answers their size and hash. */
  end(): Promise<ZipEntrySum>;
}

export interface ZipWriter {
  /**
   * Starts an entry; entries are written one after the other (the zip holds a later entry's
   * bytes back until the earlier one ends). `compress: false` stores the bytes as they are: for
   * bytes already compressed (PDFs, images), where deflating again only costs time.
   */
  entry(path: string, compress: boolean): ZipEntryWriter;
  /** An entry written whole from `chunks` (a file's read stream, a generator, an array). */
  add(path: string, chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>, compress: boolean): Promise<ZipEntrySum>;
  /** Writes the central directory and waits until the output has taken every byte; answers the zip's size. */
  end(): Promise<number>;
  /** Stops writing: the output is destroyed with `error`. */
  abort(error: Error): void;
}

/**
 * yazl finds the entry to write next by scanning its list of entries from the first, each time
 * an entry is added or ends: quadratic in the entries (about 150 s for 70,000 tiny entries on
 * this machine; upstream yazl pull request #91, not released). Entries whose bytes are written
 * are set aside and handed back before end() writes the central directory from that list, so
 * each scan starts at the entry being written. Reached through yazl's own (undeclared) fields,
 * pinned by the exact version; if they are not what this expects, nothing is moved (slow, still
 * right). The test of more than 65,535 entries keeps both the speed and the result honest.
 */
interface YazlInternals {
  entries: { state: number }[];
}
const FILE_DATA_DONE = 3;

function writtenEntries(zip: ZipFile) {
  const internals = zip as unknown as YazlInternals;
  let aside: { state: number }[] = [];
  return {
    setAside() {
      const list = internals.entries;
      if (!Array.isArray(list)) return;
      let done = 0;
      while (done < list.length && list[done]!.state === FILE_DATA_DONE) done += 1;
      for (const entry of list.splice(0, done)) aside.push(entry);
    },
    handBack() {
      if (aside.length === 0 || !Array.isArray(internals.entries)) return;
      internals.entries = aside.concat(internals.entries);
      aside = [];
    },
  };
}

/**
 * A zip written into `out` entry by entry (yazl: ZIP64 where the entries pass 65,535 or the
 * bytes 4 GiB), hashing each entry's bytes as they pass. Whenever `out` is behind (a file on
 * disk, the file store), the writer waits (backpressure), so memory stays flat however large the
 * zip; only the central directory (about 100 bytes an entry) is kept until the end.
 * `modified` is every entry's date (the caller's clock).
 */
export function zipWriter(out: Writable, options: { modified: Date }): ZipWriter {
  const zip = new ZipFile();
  // A PassThrough (yazl's own), typed as the older NodeJS.ReadableStream.
  const output = zip.outputStream as PassThrough;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const done = pipeline(output, counter, out);
  let failure: Error | null = null;
  // Settles only when writing fails: raced against each wait, so no wait outlives a failure.
  const failed = new Promise<never>((_, reject) => {
    done.catch((error: Error) => {
      failure = error;
      reject(error);
    });
  });
  failed.catch(() => undefined);
  zip.on('error', (error: Error) => output.destroy(error));
  const settle = <T>(wait: Promise<T>) => Promise.race([wait, failed]);
  const written = writtenEntries(zip);
  let open: string | null = null;

  const entry = (path: string, compress: boolean): ZipEntryWriter => {
    if (failure) throw failure;
    if (open !== null) throw new Error(`The zip entry ${open} is still being written: entries go one after the other.`);
    written.setAside();
    const body = new PassThrough();
    zip.addReadStream(body, path, { compress, mtime: options.modified });
    open = path;
    const hash = createHash('sha256');
    let size = 0;
    return {
      async write(chunk) {
        const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        if (data.byteLength === 0) return;
        hash.update(data);
        size += data.byteLength;
        if (!body.write(data)) await settle(once(body, 'drain'));
      },
      async end() {
        const consumed = once(body, 'end');
        body.end();
        await settle(consumed);
        open = null;
        return { path, size, sha256: hash.digest('hex') };
      },
    };
  };

  return {
    entry,
    async add(path, chunks, compress) {
      const writer = entry(path, compress);
      for await (const chunk of chunks) await writer.write(chunk);
      return writer.end();
    },
    async end() {
      if (failure) throw failure;
      if (open !== null) throw new Error(`The zip entry ${open} was not ended.`);
      written.setAside();
      written.handBack();
      zip.end();
      await done;
      return bytes;
    },
    abort(error) {
      output.destroy(error);
    },
  };
}
