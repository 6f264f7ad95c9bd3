import fs from 'node:fs';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import type { Tables } from '../../src/server/db/database.js';

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

const version = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const ORIGIN = 'https://associacao-exemplo.pt';

describe('GET /api/ health', () => {
  it('answers with the version, the engine and a database that really answered', async () => {
    server = await startTestServer();
    for (const url of ['/api/', '/api']) {
      const response = await server.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', version, database: 'ok', engine: server.database.engine, mode: 'test' });
    }
  });

  it('tells the client whether the server runs in test mode (the test-mode banner follows it)', async () => {
    server = await startTestServer({ mode: 'production' });
    expect((await server.request({ method: 'GET', url: '/api/' })).json().mode).toBe('production');
  });

  it('answers 503 in pt-PT when the database does not answer', async () => {
    server = await startTestServer();
    const working = server.ctx.database;
    const broken = new Kysely<Tables>({
      dialect: new SqliteDialect({ database: async () => Promise.reject(new Error('disco indisponível')) }),
    });
    server.ctx.database = { ...working, db: broken };
    try {
      const response = await server.request({ method: 'GET', url: '/api/' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'service_unavailable',
        message: 'A base de dados não está disponível. Tente novamente dentro de momentos.',
      });
    } finally {
      server.ctx.database = working;
    }
  });
});

describe('security headers', () => {
  it('sends a CSP allowing our own scripts and styles, no inline ones, and forbids framing', async () => {
    server = await startTestServer();
    // An answer, a route that does not exist, a request refused by a later hook (no session),
    // and one refused by its handler (bad parameter): each carries every header.
    const { access } = await server.login(await server.createUser('admin'));
    const requests = [{ url: '/api/' }, { url: '/api/nao-existe' }, { url: '/api/members' }, { url: '/api/members?_page=abc', token: access }];
    for (const { url, token } of requests) {
      const { statusCode, headers } = await server.request({ method: 'GET', url, token });
      expect(statusCode, url).toBe({ '/api/': 200, '/api/nao-existe': 404, '/api/members': 401 }[url] ?? 400);
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      // Frames only of this origin and of blob: addresses the page made itself (a fetched PDF).
      expect(csp).toContain("frame-src 'self' blob:");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('CORS', () => {
  it('allows other sites on public endpoints, for requests and preflights', async () => {
    server = await startTestServer();
    const health = await server.request({ method: 'GET', url: '/api/', headers: { origin: ORIGIN } });
    expect(health.headers['access-control-allow-origin']).toBe('*');

    const login = await server.request({ method: 'POST', url: '/api/auth', headers: { origin: ORIGIN }, payload: { username: 'x', password: 'y' } });
    expect(login.statusCode).toBe(404);
    expect(login.headers['access-control-allow-origin']).toBe('*');

    for (const url of ['/api/auth', '/api/sentry', '/api/']) {
      const method = url === '/api/' ? 'GET' : 'POST';
      const preflight = await server.request({
        method: 'OPTIONS',
        url,
        headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.statusCode, url).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain(method);
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    }
  });

  it('sends no CORS headers on private endpoints, for requests and preflights', async () => {
    server = await startTestServer();
    const editor = await server.createUser('editor');
    const { access } = await server.login(editor);
    const request = await server.request({
      method: 'POST',
      url: '/api/websocket/auth',
      token: access,
      headers: { origin: ORIGIN },
      payload: { connectionId: 'nao-existe' },
    });
    expect(request.statusCode).toBe(404);
    expect(request.headers['access-control-allow-origin']).toBeUndefined();

    for (const [url, method] of [
      ['/api/websocket/auth', 'POST'],
      ['/api/auth', 'DELETE'],
      ['/api/auth/outra', 'POST'],
      ['/api/members', 'GET'],
    ] as const) {
      const preflight = await server.request({
        method: 'OPTIONS',
        url,
        headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.statusCode, `${method} ${url}`).toBe(404);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    }
  });
  it('answers a listed embedding website on every endpoint, and still no other site', async () => {
    server = await startTestServer({ embedOrigins: ['https://site-da-associacao.pt'] });
    const { access } = await server.login(await server.createUser('editor'));
    const listed = await server.request({ method: 'GET', url: '/api/members', token: access, headers: { origin: 'https://site-da-associacao.pt' } });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('https://site-da-associacao.pt');
    expect(String(listed.headers.vary)).toMatch(/origin/i);
    const preflight = await server.request({
      method: 'OPTIONS',
      url: '/api/members/1',
      headers: { origin: 'https://site-da-associacao.pt', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');

    const other = await server.request({ method: 'GET', url: '/api/members', token: access, headers: { origin: ORIGIN } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('body size limit', () => {
  it('answers 413 in pt-PT to a body over the limit and changes nothing', async () => {
    server = await startTestServer({ bodyLimit: 1024 });
    await server.createUser('member', { email: 'grande@exemplo.pt' });
    const response = await server.request({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'grande@exemplo.pt', recover_password: true, padding: 'x'.repeat(2048) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', code: 'payload_too_large', message: 'O corpo do pedido é demasiado grande.' });
    expect(await server.database.db.selectFrom('messages').selectAll().execute()).toEqual([]);
    // The same request within the limit does its job.
    const small = await server.request({ method: 'POST', url: '/api/auth', payload: { email: 'grande@exemplo.pt', recover_password: true } });
    expect(small.statusCode).toBe(204);
    expect(await server.database.db.selectFrom('messages').selectAll().execute()).toHaveLength(1);
  });

  it('limits JSON bodies to 1 MiB by default', async () => {
    server = await startTestServer();
    expect(server.ctx.config.bodyLimit).toBe(1024 * 1024);
    const response = await server.request({ method: 'POST', url: '/api/auth', payload: { username: 'x', password: 'y'.repeat(1024 * 1024) } });
    expect(response.statusCode).toBe(413);
  });

});
