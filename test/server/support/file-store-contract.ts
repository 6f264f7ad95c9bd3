import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredFileMissing, type FileStore, type FileStoreKind } from '../../../src/server/files/store.js';

/** A store to test, and how to let it go. */
export interface StoreUnderTest {
  store: FileStore;
  close(): Promise<void>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of uneven pieces (never a chunk boundary's multiple), as a network or a zip writer hands them over. */
function unevenStream(bytes: Buffer, failAfter?: number): Readable {
  async function* pieces() {
    let at = 0;
    let size = 1;
    while (at < bytes.length) {
      if (failAfter !== undefined && at >= failAfter) throw new Error('the source failed midway');
      const piece = bytes.subarray(at, at + size);
      at += piece.length;
      size = (size * 7 + 4093) % 300_000 || 1;
      yield piece;
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}

async function allKeys(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys;
}

/**
 * What every file store promises (src/server/files/store.ts), as tests of the store `open` gives:
 * bytes back exactly as written (a file of several chunks too), the SHA-256 of a stream, a
 * missing key refused before any byte, and a failed stream leaving nothing under any key. The
 * S3 store's test runs it against a local S3 server.
 */
export function fileStoreContract(kind: FileStoreKind, open: () => Promise<StoreUnderTest>): void {
  describe(`the ${kind} file store`, () => {
    let tested: StoreUnderTest;
    let store: FileStore;
    beforeAll(async () => {
      tested = await open();
      store = tested.store;
    });
    afterAll(async () => {
      await tested?.close();
    });

    it(`is a ${kind} store`, () => {
      expect(store.kind).toBe(kind);
    });

    it('gives back the bytes written, under a new random key each time, and lists each key once', async () => {
      const bytes = randomBytes(5000);
      const first = await store.write(bytes);
      const second = await store.write(bytes);
      expect(first).toMatch(/^[0-9a-f]{32}$/);
      expect(second).not.toBe(first);
      expect((await buffer(await store.open(first))).equals(bytes)).toBe(true);
      expect((await buffer(await store.open(second))).equals(bytes)).toBe(true);
      const keys = await allKeys(store);
      expect(keys.filter((key) => key === first || key === second).sort()).toEqual([first, second].sort());
    });

    it('keeps an empty file as a file, not as a missing one', async () => {
      const key = await store.write(Buffer.alloc(0));
      expect((await buffer(await store.open(key))).length).toBe(0);
      const streamed = await store.writeStream(Readable.from([], { objectMode: false }));
      expect(streamed).toMatchObject({ size: 0, sha256: sha256(Buffer.alloc(0)) });
      expect((await buffer(await store.open(streamed.key))).length).toBe(0);
    });

    it('streams a file of several chunks (over 1 MiB) in and out byte for byte, with its size and SHA-256', async () => {
      const bytes = randomBytes(1024 * 1024 + 300_001);
      const written = await store.writeStream(unevenStream(bytes));
      expect(written).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), size: bytes.length, sha256: sha256(bytes) });
      const back = await buffer(await store.open(written.key));
      expect(back.length).toBe(bytes.length);
      expect(sha256(back)).toBe(sha256(bytes));
      // Written whole from memory too: the same bytes.
      const key = await store.write(bytes);
      expect(sha256(await buffer(await store.open(key)))).toBe(sha256(bytes));
    });

    it('refuses a key it does not hold with StoredFileMissing, before any byte', async () => {
      const key = randomBytes(16).toString('hex');
      const refused = await store.open(key).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StoredFileMissing);
      expect((refused as StoredFileMissing).key).toBe(key);
    });

    it('removes a file (its key then missing), and removing it again is no error', async () => {
      const key = await store.write(Buffer.from('a remover'));
      await store.remove(key);
      await expect(store.open(key)).rejects.toBeInstanceOf(StoredFileMissing);
      await store.remove(key);
      expect(await allKeys(store)).not.toContain(key);
    });

    it('reads and writes other files while a stream is being written (an export zips stored files into the store)', async () => {
      const inside = randomBytes(700_000);
      const other = await store.write(inside);
      const head = randomBytes(600_000);
      let readMeanwhile: Buffer | undefined;
      async function* zipLike() {
        yield head;
        readMeanwhile = await buffer(await store.open(other));
        yield readMeanwhile;
        const written = await store.write(Buffer.from('escrito entretanto'));
        yield Buffer.from(written);
      }
      const streamed = await store.writeStream(Readable.from(zipLike(), { objectMode: false }));
      expect(readMeanwhile?.equals(inside)).toBe(true);
      const back = await buffer(await store.open(streamed.key));
      expect(back.subarray(0, head.length + inside.length).equals(Buffer.concat([head, inside]))).toBe(true);
      const writtenKey = back.subarray(head.length + inside.length).toString();
      expect((await buffer(await store.open(writtenKey))).toString()).toBe('escrito entretanto');
    });

    it('leaves nothing under any key when the stream fails midway', async () => {
      const before = await allKeys(store);
      const source = unevenStream(randomBytes(1024 * 1024), 600_000);
      await expect(store.writeStream(source)).rejects.toThrow('the source failed midway');
      expect((await allKeys(store)).sort()).toEqual(before.sort());
    });
  });
}
