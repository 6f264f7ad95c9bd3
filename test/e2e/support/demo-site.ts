// demo/, the association's own website, served from another origin than the server
// ('localhost' against the server's '127.0.0.1'), as a real website would be.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const DEMO_DIR = path.resolve('demo');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export interface DemoSite {
  /** The site's root address, ending in '/'. */
  url: string;
  close(): Promise<void>;
}

const POLICY_META = /<meta\s+http-equiv="Content-Security-Policy"[^>]*>/;

/**
 * The demo pages name http://localhost:8080; here they get `serverUrl` instead. A page asked
 * with `?without-policy` comes without its Content-Security-Policy meta tag: the same page,
 * laid out the same, to compare with.
 */
export async function serveDemo(serverUrl: string): Promise<DemoSite> {
  const site = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://demo');
    const name = url.pathname.slice(1) || 'index.html';
    const type = TYPES[path.extname(name)];
    if (!type || name.includes('/')) {
      response.writeHead(404).end();
      return;
    }
    fs.readFile(path.join(DEMO_DIR, name), 'utf8', (error, text) => {
      if (error) {
        response.writeHead(404).end();
        return;
      }
      const page = url.searchParams.has('without-policy') ? text.replace(POLICY_META, '') : text;
      response.writeHead(200, { 'content-type': type });
      response.end(page.replaceAll('http://localhost:8080', serverUrl));
    });
  });
  await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve));
  return {
    url: `http://localhost:${(site.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => site.close(() => resolve())),
  };
}
