import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * GET /api/docs: the API reference a person reads. Public, served whole by this server (no
 * other site named, so it works offline), under its own policy that loosens nothing else.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string) => server.request({ method: 'GET', url });

/** The addresses of the page's scripts and style sheets, as written. */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map(([, address]) => address!);
}

describe('API reference page', () => {
  it('answers HTML in Portuguese without a login', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="pt-PT">');
    expect(page.body).toMatch(/<title>Referência da API · Associa<\/title>/);
  });

  it('loads only files of this server, and each of them is served', async () => {
    const html = (await get('/api/docs')).body;
    const assets = assetsOf(html);
    expect(assets).toEqual(expect.arrayContaining(['docs/swagger-ui-bundle.js', 'docs/swagger-ui.css', 'docs/start.js']));
    // No other site: no scheme, no protocol-relative address, no inline script or style.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style="/);
    for (const asset of assets) {
      // Relative to /api/docs, as the browser resolves them.
      const url = new URL(asset, 'http://server/api/docs').pathname;
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body.length, url).toBeGreaterThan(0);
      if (url.endsWith('.js')) expect(answer.headers['content-type'], url).toMatch(/^application\/javascript/);
      else if (url.endsWith('.css')) expect(answer.headers['content-type'], url).toMatch(/^text\/css/);
    }
    // The script that starts the renderer reads this server's own document and nothing else.
    const start = (await get('/api/docs/start.js')).body;
    expect(start).toContain("url: 'openapi.json'");
    expect(start).not.toMatch(/https?:/);
  });

  it('serves none of the package\'s other files, nor anything outside it', async () => {
    for (const url of ['/api/docs/package.json', '/api/docs/index.html', '/api/docs/swagger-ui-bundle.js.map', '/api/docs/..%2Fpackage.json', '/api/docs/%2E%2E%2F%2E%2E%2Fpackage.json']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().code, url).toMatch(/^(not_found|route_not_found)$/);
    }
  });

  it('relaxes the policy of this page only, and never to inline scripts or other sites', async () => {
    const policy = String((await get('/api/docs')).headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/https?:/);
    // The rest of the API and the back office keep the application's own policy.
    const appPolicy = String((await get('/api/openapi.json')).headers['content-security-policy']);
    expect(appPolicy).not.toBe(policy);
    expect(appPolicy).toMatch(/style-src 'self' 'sha256-/);
  });
});
