// Answers travel compressed when the browser accepts it: brotli first, then gzip; small
// answers and callers that accept neither get them as they are.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

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
