import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import type { Role } from '../../../src/core/contract.js';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/ensure-chromium.mjs';
import { startE2eServer, type E2eServer, type E2eServerOptions } from './server.js';

/** Debian's Chromium; test tools must not download a browser of their own. */
const CHROMIUM_PATH = ensureChromium();
const SCREENSHOT_DIR = path.resolve('test-output/screenshots');
/**
 * Screenshots are for people to look at, and no one looks at a CI clone's: there they are taken
 * only with ASSOCIA_SCREENSHOTS=1. Measured on 16 of the 94: 0.2-2.6 s each (12 s in all) under
 * two spec files at a time, about a tenth of those files' time.
 */
const TAKE_SCREENSHOTS = process.env.ASSOCIA_SCREENSHOTS === '1' || (process.env.ASSOCIA_SCREENSHOTS !== '0' && !process.env.CI);
const WEB_DIR = path.resolve(process.env.ASSOCIA_WEB_DIR ?? 'dist/web');

export interface E2ePage extends Page {
  /** Uncaught page errors and console errors seen so far (a healthy page has none). */
  problems: string[];
  /** Answers of 400 and above, as 'STATUS METHOD path (on page path)' (the browser logs them as bare console errors). */
  failedResponses: string[];
  /**
   * Resolves once the page has had no request in flight for `quietMs` (default 100 ms), or after
   * `timeoutMs` (default 5 s) naming what is still in flight. Playwright's 'networkidle' waits
   * for 500 ms of silence: on the two walks over every route that was half their time.
   */
  quiet(options?: { quietMs?: number; timeoutMs?: number }): Promise<void>;
}

export interface Harness {
  baseUrl: string;
  server: E2eServer;
  browser: Browser;
  /** A page in a fresh browser context (own storage), 1280x800, pt-PT. */
  newPage(): Promise<E2ePage>;
  /** A fresh page already logged in as the demo account of that role (tokens in local storage). */
  loginAs(role: Role): Promise<E2ePage>;
  /** Calls the API as the demo administrator and answers the body's `data`; an error status throws with the body. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Saves a PNG of the viewport (or the full page) under test-output/screenshots/{name}.png, unless screenshots are off (TAKE_SCREENSHOTS). */
  screenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void>;
  close(): Promise<void>;
}

function assertBuilt(): void {
  const manifest = path.join(WEB_DIR, 'manifest.json');
  if (!fs.existsSync(manifest) || !(JSON.parse(fs.readFileSync(manifest, 'utf8')) as { host: unknown }).host) {
    throw new Error('End-to-end tests need the web build: run `npx rollup -c rollup.config.mjs` first.');
  }
}

/**
 * The worker's Chromium, launched by the first spec file that needs it and kept for the next
 * ones (spec files share their worker's modules): a launch and its close cost about 3 s of CPU
 * here, and 46 spec files launched one each. Every page still gets a context of its own, closed
 * with its spec file; the browser ends with the worker (playwright closes what it launched when
 * its process exits), and one that crashed is launched again.
 */
let workerBrowser: Promise<Browser> | undefined;

async function sharedBrowser(): Promise<Browser> {
  const current = workerBrowser && (await workerBrowser.catch(() => undefined));
  if (current?.isConnected()) return current;
  workerBrowser = chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  return workerBrowser;
}

/**
 * One real server (test mode, demo data) for a spec file, and the worker's Chromium. Pages get
 * their own contexts, so sessions never leak from one test to the next.
 */
export async function startHarness(options: E2eServerOptions = {}): Promise<Harness> {
  assertBuilt();
  const server = await startE2eServer(options);
  const browser = await sharedBrowser();
  const contexts = new Set<BrowserContext>();

  async function newPage(): Promise<E2ePage> {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, locale: 'pt-PT' });
    contexts.add(context);
    context.on('close', () => contexts.delete(context));
    const page = (await context.newPage()) as E2ePage;
    page.problems = [];
    page.failedResponses = [];
    page.on('pageerror', (error) => page.problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      // Failed loads are listed with their address in failedResponses instead.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) page.problems.push(`console: ${message.text()}`);
    });
    const inFlight = new Set<Request>();
    let lastActivity = performance.now();
    const settle = (request: Request) => {
      inFlight.delete(request);
      lastActivity = performance.now();
    };
    page.on('request', (request) => {
      inFlight.add(request);
      lastActivity = performance.now();
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    page.quiet = async ({ quietMs = 100, timeoutMs = 5_000 } = {}) => {
      const deadline = performance.now() + timeoutMs;
      while (inFlight.size > 0 || performance.now() - lastActivity < quietMs) {
        if (performance.now() > deadline) throw new Error(`still loading after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    page.on('response', (response) => {
      if (response.status() >= 400) page.failedResponses.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname} (on ${decodeURIComponent(new URL(page.url()).pathname)})`);
    });
    return page;
  }

  return {
    baseUrl: server.baseUrl,
    server,
    browser,
    newPage,
    async api<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
      const { access } = await server.tokensFor('admin');
      const response = await fetch(`${server.baseUrl}/api/${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 400) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: T }).data;
    },
    async loginAs(role) {
      const tokens = await server.tokensFor(role);
      const page = await newPage();
      // Stored on the origin before the app runs (the core reads tokens when it is created);
      // the API health address is a same-origin page that runs none of the app.
      await page.goto('/api/');
      await page.evaluate((pair) => {
        window.localStorage.setItem('access', pair.access);
        window.localStorage.setItem('refresh', pair.refresh);
      }, tokens);
      return page;
    },
    async screenshot(page, name, options = {}) {
      if (!TAKE_SCREENSHOTS) return;
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? false });
    },
    async close() {
      for (const context of [...contexts]) await context.close().catch(() => undefined);
      await server.close();
    },
  };
}
