// Answers travel compressed when the browser accepts it: brotli first, then gzip; small
// answers and callers that accept neither get them as they are.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { CompressibleBody, compressionsMade } from '../../src/server/edges/compressed-body.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await server.login(await server.createUser('admin'))).access;
});
afterAll(async () => {
  await server.close();
});

/** The explainer: every resource's fields, tens of kilobytes of JSON. */
const explainer = (acceptEncoding?: string) =>
  server.request({ method: 'GET', url: '/api/explainer', token, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed answers', () => {
  it('sends a large answer as brotli to a browser that accepts it, the same JSON once decoded, at a fraction of the bytes', async () => {
    const plain = await explainer();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = plain.json<{ data: Record<string, unknown> }>();
    expect(Object.keys(list.data)).toContain('members');
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const brotli = await explainer('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    const decoded = brotliDecompressSync(brotli.rawPayload).toString('utf8');
    expect(JSON.parse(decoded)).toEqual(list);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('falls back to gzip, and sends small answers as they are', async () => {
    const gzip = await explainer('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual((await explainer()).json());

    const small = await server.request({ method: 'GET', url: '/api/countries?_limit=1', token, headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.json()).toHaveProperty('data');
  });

  it('sends the answer as it is to a caller that accepts no compression', async () => {
    for (const acceptEncoding of ['identity', 'compress']) {
      const response = await explainer(acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(Object.keys(response.json<{ data: Record<string, unknown> }>().data)).toContain('members');
    }
  });
});

describe('cached list pages', () => {
  const tags = (acceptEncoding?: string) =>
    server.request({ method: 'GET', url: '/api/tags?_limit=100&_sort=name', token, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  /** Compressions of list answers made by `run`, by encoding. */
  const compressionsIn = async <T>(run: () => Promise<T>) => {
    const before = compressionsMade();
    const result = await run();
    const after = compressionsMade();
    return { result, br: after.br - before.br, gzip: after.gzip - before.gzip };
  };

  it('keep each encoding once asked for: a hit sends the stored bytes and compresses nothing', async () => {
    for (let i = 0; i < 40; i++) {
      const created = await server.request({ method: 'POST', url: '/api/tags', token, payload: { name: `Etiqueta de exemplo número ${i}` } });
      expect(created.statusCode, created.body).toBe(201);
    }
    // A page is kept from its second request.
    await tags();
    const plain = await tags();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const first = await compressionsIn(() => tags('br'));
    expect(first).toMatchObject({ br: 1, gzip: 0 });
    const again = await compressionsIn(() => tags('gzip, deflate, br'));
    expect(again).toMatchObject({ br: 0, gzip: 0 });
    for (const response of [first.result, again.result]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    }
    // The second answer is the stored buffer itself, compressed once (the plugin left it alone).
    expect(again.result.rawPayload.equals(first.result.rawPayload)).toBe(true);
    expect(brotliDecompressSync(first.result.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await compressionsIn(() => tags('x-gzip'));
    const gzipAgain = await compressionsIn(() => tags('gzip'));
    expect([gzip.br, gzip.gzip, gzipAgain.br, gzipAgain.gzip]).toEqual([0, 1, 0, 0]);
    expect(gzip.result.headers['content-encoding']).toBe('gzip');
    expect(gzipAgain.result.rawPayload.equals(gzip.result.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.result.rawPayload).equals(plain.rawPayload)).toBe(true);

    for (const acceptEncoding of [undefined, 'identity']) {
      const identity = await compressionsIn(() => tags(acceptEncoding));
      expect([identity.br, identity.gzip], acceptEncoding).toEqual([0, 0]);
      expect(identity.result.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(identity.result.rawPayload.equals(plain.rawPayload), acceptEncoding).toBe(true);
    }
  });

  const addTag = async (name: string) => {
    const created = await server.request({ method: 'POST', url: '/api/tags', token, payload: { name } });
    expect(created.statusCode, created.body).toBe(201);
  };

  it('are compressed once for requests asking at the same time, and again in every encoding after a change', async () => {
    // A change: the page kept by the test before (with its encodings) goes.
    await addTag('Etiqueta que muda a lista');
    await tags();
    const together = await compressionsIn(() => Promise.all([tags('br'), tags('br'), tags('br')]));
    expect(together).toMatchObject({ br: 1, gzip: 0 });
    const [one, ...others] = together.result;
    for (const other of others) expect(other.rawPayload.equals(one.rawPayload)).toBe(true);
    await tags('gzip');

    await addTag('Etiqueta acrescentada depois');
    const plain = await tags();
    expect(plain.json<{ data: { name: string }[] }>().data.map((tag) => tag.name)).toContain('Etiqueta acrescentada depois');
    const brotli = await compressionsIn(() => tags('br'));
    const gzip = await compressionsIn(() => tags('gzip'));
    expect([brotli.br, gzip.gzip]).toEqual([1, 1]);
    expect(brotliDecompressSync(brotli.result.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.result.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('keep each encoding made once, counted in the body\'s size', async () => {
    const body = new CompressibleBody(Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ i, name: `Sócio ${i}` })) })));
    let grew = 0;
    body.onGrow(() => (grew += 1));
    expect(body.size).toBe(body.bytes.length);
    const [br, brAgain] = await Promise.all([body.in('br'), body.in('br')]);
    expect(brAgain).toBe(br);
    expect(await body.in('br')).toBe(br);
    const gzip = await body.in('gzip');
    expect(gunzipSync(gzip).equals(body.bytes)).toBe(true);
    expect(grew).toBe(2);
    expect(body.size).toBe(body.bytes.length + br.length + gzip.length);
  });
});
