import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { s3FileStore } from '../../src/server/files/s3-store.js';
import { StoredFileMissing, type FileStore } from '../../src/server/files/store.js';
import { fileStoreContract } from './support/file-store-contract.js';
import { startLocalS3Server, type LocalS3Server } from './support/s3-server.js';
import { startTestServer } from './support/server.js';

/** The S3 store against a local S3-compatible server (test/server/support/s3-server.ts). */

// What every store promises, on a server and bucket of its own (no prefix: the bucket's root).
fileStoreContract('s3', async () => {
  const server = await startLocalS3Server();
  return { store: s3FileStore(server.config), close: () => server.stop() };
});

let s3: LocalS3Server;
let store: FileStore;

beforeAll(async () => {
  s3 = await startLocalS3Server({ prefix: 'associa/' });
  // Pages of 3 keys, so listing a handful of files already chains several ListObjectsV2 pages.
  store = s3FileStore(s3.config, { keysPerPage: 3 });
});

afterAll(async () => {
  await s3?.stop();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function allKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys.sort();
}

/** A stream of `total` bytes in pieces of 64 KiB, none of them held together, that fails after `failAfter` bytes when given. */
function pieces(total: number, failAfter?: number): Readable {
  let sent = 0;
  return Readable.from(
    (async function* () {
      while (sent < total) {
        if (failAfter !== undefined && sent >= failAfter) throw new Error('source broke');
        const piece = Buffer.alloc(Math.min(64 * 1024, total - sent), sent % 251);
        sent += piece.length;
        yield piece;
      }
    })(),
  );
}

describe('S3 file store', () => {
  it('writes bytes under a new 32-hex key under the prefix and opens them again', async () => {
    const bytes = Buffer.from('%PDF-1.7 recibo');
    const key = await store.write(bytes);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(store.kind).toBe('s3');
    expect(await buffer(await store.open(key))).toEqual(bytes);
    // The object itself sits under the prefix: a store without it does not see the key.
    const unprefixed = s3FileStore({ ...s3.config, prefix: '' });
    const seen: string[] = [];
    for await (const k of unprefixed.keys()) seen.push(k);
    expect(seen).not.toContain(key);
  });

  it('streams a file larger than one part (a multipart upload), counting its size and SHA-256 on the way', async () => {
    const total = 12 * 1024 * 1024 + 123;
    const { key, size, sha256: digest } = await store.writeStream(pieces(total));
    const back = await buffer(await store.open(key));
    expect(size).toBe(total);
    expect(back.length).toBe(total);
    expect(digest).toBe(sha256(back));
    expect(back.equals(await buffer(pieces(total)))).toBe(true);
  });

  it('streams a small file in one PUT, and an empty one', async () => {
    const small = await store.writeStream(Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(small).toMatchObject({ size: 6, sha256: sha256(Buffer.from('abcdef')) });
    expect((await buffer(await store.open(small.key))).toString()).toBe('abcdef');
    const empty = await store.writeStream(Readable.from([]));
    expect(empty).toMatchObject({ size: 0, sha256: sha256(Buffer.alloc(0)) });
    expect((await buffer(await store.open(empty.key))).length).toBe(0);
  });

  it('leaves nothing behind when the source fails, before or after the first part', async () => {
    const before = await allKeys();
    await expect(store.writeStream(pieces(1024 * 1024, 512 * 1024))).rejects.toThrow('source broke');
    await expect(store.writeStream(pieces(12 * 1024 * 1024, 7 * 1024 * 1024))).rejects.toThrow('source broke');
    expect(await allKeys()).toEqual(before);
  });

  it('rejects open of an absent key with StoredFileMissing before any byte, and removes idempotently', async () => {
    const key = await store.write(Buffer.from('apagar'));
    await store.remove(key);
    await store.remove(key);
    const opening = store.open(key);
    await expect(opening).rejects.toBeInstanceOf(StoredFileMissing);
    await expect(opening).rejects.toMatchObject({ key });
    await expect(store.open('0'.repeat(32))).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it('refuses a key that is not one of its own', async () => {
    await expect(store.open('../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(store.remove('ABC')).rejects.toThrow('invalid storage key');
  });

  it('lists every key of its prefix across pages, and only its own keys', async () => {
    const written = await Promise.all(Array.from({ length: 7 }, (_, i) => store.write(Buffer.from(`ficheiro ${i}`))));
    // Objects that are not files of this store: another name under the prefix, a key outside it.
    const raw = new S3Client({
      endpoint: s3.config.endpoint,
      region: s3.config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
    });
    await raw.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: 'associa/notes.txt', Body: 'x' }));
    await raw.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: `other/${'a'.repeat(32)}`, Body: 'x' }));
    raw.destroy();
    const keys = await allKeys();
    expect(keys).toEqual(expect.arrayContaining(written));
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key))).toBe(true);
    expect(keys).not.toContain('a'.repeat(32));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a server with ASSOCIA_FILE_STORE=s3', () => {
  it('keeps an uploaded file in the bucket, serves it back, and answers 404 once its object is gone', async () => {
    // The settings as an operator writes them, through the same parsing as at start.
    const { fileStore, s3: s3Config } = loadConfig({ ASSOCIA_MODE: 'test', ASSOCIA_FILE_STORE: 's3', ...s3.env });
    const server = await startTestServer({ fileStore, s3: s3Config });
    try {
      expect(server.ctx.files.kind).toBe('s3');
      const token = (await server.login(await server.createUser('admin'))).access;
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
      const boundary = 'associa-s3-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="recibo.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      const uploaded = await server.request({
        method: 'POST',
        url: '/api/files',
        token,
        payload: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const id = uploaded.json<{ data: { _id: number } }>().data._id;
      const row = await server.database.db.selectFrom('files').select('storage_key').where('_id', '=', id).executeTakeFirstOrThrow();
      const storageKey = String(row.storage_key);
      // In the bucket under the prefix (what another instance with the same settings reads).
      expect(await buffer(await store.open(storageKey))).toEqual(pdf);

      const { url } = (await server.request({ method: 'GET', url: `/api/files/${id}/url`, token })).json<{ url: string }>();
      const served = await server.request({ method: 'GET', url, token });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.rawPayload.equals(pdf)).toBe(true);

      await store.remove(storageKey);
      const gone = await server.request({ method: 'GET', url, token });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ message: 'O conteúdo deste ficheiro já não está guardado.' });
    } finally {
      await server.close();
    }
  });
});
