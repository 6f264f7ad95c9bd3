import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityPlugin } from '../../src/server/edges/security.js';
import { webPlugin } from '../../src/server/web/plugin.js';
import { startTestServer, type TestServer } from './support/server.js';

/** A small dist/web as rollup.config.mjs lays it out. */
function fixtureDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-web-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('host.js', "import './chunks/runtime-AbC123.js';\n");
  write('chunks/runtime-AbC123.js', "import './react-Xy9.js';\nexport const runtime = 1;\n");
  write('chunks/react-Xy9.js', 'export const react = 1;\n');
  // The build's compressed forms (rollup.config.mjs, precompress) beside the chunk.
  fs.writeFileSync(path.join(dir, 'chunks/react-Xy9.js.br'), brotliCompressSync('export const react = 1;\n'));
  fs.writeFileSync(path.join(dir, 'chunks/react-Xy9.js.gz'), gzipSync('export const react = 1;\n'));
  write('elements/associa-test-mode-banner.js', "import '../chunks/runtime-AbC123.js';\n");
  write(
    'manifest.json',
    JSON.stringify({
      host: 'host.js',
      elements: { 'associa-test-mode-banner': 'elements/associa-test-mode-banner.js' },
      files: {
        'host.js': { imports: ['chunks/runtime-AbC123.js'], dynamicImports: [] },
        'chunks/runtime-AbC123.js': { imports: ['chunks/react-Xy9.js'], dynamicImports: [] },
        'chunks/react-Xy9.js': { imports: [], dynamicImports: [] },
        'elements/associa-test-mode-banner.js': { imports: ['chunks/runtime-AbC123.js'], dynamicImports: [] },
      },
    }),
  );
  return dir;
}

async function webApp(root: string): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(securityPlugin);
  await app.register(webPlugin, { root });
  app.get('/api/terminology', async () => ({ data: {} }));
  await app.ready();
  return app;
}

describe('serving the web build', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = fixtureDist();
    app = await webApp(dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every back-office address with the host page; the client decides not-found', async () => {
    for (const url of ['/', '/autorizacao/entrar', '/s%C3%B3cios/12', '/utilizadores/', '/qualquer/coisa?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<script type="module" src="/host.js"></script>');
      expect(response.body).toContain('<html lang="pt-PT">');
    }
  });

  it('tells the host page the Sentry DSN only when one is configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).body).not.toContain('associa-sentry-dsn');
    const withDsn = Fastify();
    await withDsn.register(webPlugin, { root: dist, sentryDsn: 'https://chave@erros.exemplo.pt/42' });
    const page = await withDsn.inject({ method: 'GET', url: '/autorizacao/entrar' });
    expect(page.body).toContain('<meta name="associa-sentry-dsn" content="https://chave@erros.exemplo.pt/42">');
    await withDsn.close();
  });

  it('preloads every chunk the host imports statically, transitively', async () => {
    const body = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(body).toContain('<link rel="modulepreload" href="/chunks/runtime-AbC123.js">');
    expect(body).toContain('<link rel="modulepreload" href="/chunks/react-Xy9.js">');
  });

  it('serves chunks as immutable, elements briefly cached, the host module revalidated', async () => {
    const chunk = await app.inject({ method: 'GET', url: '/chunks/react-Xy9.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['content-type']).toMatch(/javascript/);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const element = await app.inject({ method: 'GET', url: '/elements/associa-test-mode-banner.js' });
    expect(element.statusCode).toBe(200);
    expect(element.headers['cache-control']).toBe('public, max-age=300');
    // Association websites load elements from another origin, as CORS module scripts.
    expect(element.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const crossOrigin = await app.inject({ method: 'GET', url: '/chunks/react-Xy9.js', headers: { origin: 'https://associacao.pt' } });
    expect(crossOrigin.headers['access-control-allow-origin']).toBe('*');
    const page = await app.inject({ method: 'GET', url: '/socios', headers: { origin: 'https://associacao.pt' } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();

    const host = await app.inject({ method: 'GET', url: '/host.js' });
    expect(host.statusCode).toBe(200);
    expect(host.headers['cache-control']).toBe('no-cache');
    expect(host.body).toContain('runtime-AbC123');
  });

  it('sends the build\'s own brotli or gzip form of a file to a browser that accepts it, cached as the file is', async () => {
    const brotli = await app.inject({ method: 'GET', url: '/chunks/react-Xy9.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('export const react = 1;\n');

    const gzip = await app.inject({ method: 'GET', url: '/chunks/react-Xy9.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('export const react = 1;\n');

    const plain = await app.inject({ method: 'GET', url: '/chunks/react-Xy9.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export const react = 1;\n');
    // A file the build did not compress is sent as it is, whatever the browser accepts.
    const host = await app.inject({ method: 'GET', url: '/host.js', headers: { 'accept-encoding': 'br' } });
    expect(host.statusCode).toBe(200);
    expect(host.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 for missing files and never serves outside the build', async () => {
    for (const url of ['/elements/associa-nao-existe.js', '/chunks/react-old.js', '/favicon.ico', '/elements/%2e%2e/%2e%2e/package.json', '/chunks/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('leaves the API to the API: unknown API paths are JSON 404s, known ones answer', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
    expect((await app.inject({ method: 'GET', url: '/api/terminology' })).statusCode).toBe(200);
  });

  it('sends a CSP that lets the host run: own scripts, no inline style but the page\'s own, by hash', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // Exactly one inline <style>, no style attribute, no inline script: the policy names the style by its hash.
    const styles = [...page.body.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1] ?? '');
    expect(styles).toHaveLength(1);
    expect(page.body).not.toMatch(/\sstyle=/);
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const hash = createHash('sha256').update(styles[0] ?? '').digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
  });
});

describe('without a web build', () => {
  it('answers back-office addresses with 503 and tells, in pt-PT, to run the build', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-web-empty-'));
    const app = await webApp(empty);
    try {
      const response = await app.inject({ method: 'GET', url: '/autorizacao/entrar' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('A aplicação web ainda não foi construída');
      expect(response.body).toContain('npm run build:web');
      expect((await app.inject({ method: 'GET', url: '/host.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('in the real application', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps API answers and 404s in JSON next to the web build', async () => {
    const health = await server.request({ method: 'GET', url: '/api/' });
    expect(health.statusCode).toBe(200);
    const missing = await server.request({ method: 'GET', url: '/api/nao-existe/1/2' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Endereço não encontrado: GET /api/nao-existe/1/2');
  });

  it('answers a back-office address with the host page or, with no build yet, a 503 page', async () => {
    const response = await server.request({ method: 'GET', url: '/autorizacao/entrar' });
    expect([200, 503]).toContain(response.statusCode);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
