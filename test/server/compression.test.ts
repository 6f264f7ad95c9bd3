// Answers travel compressed when the browser accepts it: brotli first, then gzip; small
// answers and callers that accept neither get them as they are.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { CompressibleBody } from '../../src/server/edges/compressed-body.js';

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

  it('are compressed once per cache fill and decode to the same JSON as the plain answer', async () => {
    for (let i = 0; i < 40; i++) {
      const created = await server.request({ method: 'POST', url: '/api/tags', token, payload: { name: `Etiqueta de exemplo número ${i}` } });
      expect(created.statusCode, created.body).toBe(201);
    }
    const plain = await tags();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const first = await tags('br');
    const again = await tags('br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString('utf8'))).toEqual(plain.json());
    // The second answer is the cached buffer itself.
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const gzip = await tags('x-gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect((await tags('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('keep each encoding made once', () => {
    const body = new CompressibleBody(Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ i, name: `Sócio ${i}` })) })));
    expect(body.in('br')).toBe(body.in('br'));
    expect(gunzipSync(body.in('gzip')).equals(body.bytes)).toBe(true);
  });
});
