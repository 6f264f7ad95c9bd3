// Checks the output of `npm run build:web` (run it first):
//   node --test test/build/
// The chunk layout, then the built element itself in Debian's Chromium.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/ensure-chromium.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = process.env.ASSOCIA_WEB_DIR ? path.resolve(process.env.ASSOCIA_WEB_DIR) : path.join(root, 'dist/web');
const manifestFile = path.join(webDir, 'manifest.json');
assert.ok(existsSync(manifestFile), 'dist/web/manifest.json is missing: run `npm run build:web` first');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const files = Object.keys(manifest.files);
const read = (file) => readFileSync(path.join(webDir, file), 'utf8');
const chunk = (name) => files.filter((file) => new RegExp(`^chunks/${name}-[\\w-]+\\.js$`).test(file));

// A string only React's own modules contain, in production and development builds alike.
const REACT_MARKER = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';
const STYLED_MARKER = 'data-styled';

describe('web build layout', () => {
  it('has one module per element.ts of a feature folder (src/widgets/*/ or src/widgets/*/*/), at elements/{tag}.js', () => {
    const folders = (dir, depth) =>
      readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) => {
          const folder = path.join(dir, entry.name);
          if (existsSync(path.join(folder, 'element.ts'))) return [folder];
          return depth === 0 ? folders(folder, 1) : [];
        });
    const features = folders(path.join(root, 'src/widgets'), 0);
    assert.equal(Object.keys(manifest.elements).length, features.length);
    for (const [tag, file] of Object.entries(manifest.elements)) {
      assert.match(tag, /^associa-[a-z0-9-]+$/);
      assert.equal(file, `elements/${tag}.js`);
      assert.match(read(file), new RegExp(`"${tag}"`), `${file} does not define <${tag}>`);
    }
  });

  it('holds React in exactly one chunk, production build', () => {
    const [react, ...others] = chunk('react');
    assert.ok(react, 'no react chunk');
    assert.deepEqual(others, []);
    const withReact = files.filter((file) => read(file).includes(REACT_MARKER));
    assert.deepEqual(withReact, [react]);
    assert.ok(read(react).includes('Minified React error'), 'React is not the production build');
  });

  it('holds styled-components and the kit in one runtime chunk that only imports React', () => {
    const [runtime, ...others] = chunk('runtime');
    assert.ok(runtime, 'no runtime chunk');
    assert.deepEqual(others, []);
    assert.deepEqual(files.filter((file) => read(file).includes(STYLED_MARKER)), [runtime]);
    assert.deepEqual(manifest.files[runtime].imports, chunk('react'));
    assert.deepEqual(manifest.files[chunk('react')[0]].imports, [], 'the react chunk imports another chunk (circular)');
  });

  it('keeps element modules small and apart: no element imports another', () => {
    const elementFiles = Object.values(manifest.elements);
    for (const file of elementFiles) {
      // The largest element's own code is the resource list's (table, filters and their chips,
      // saved filters, row selection and bulk changes, export with progress): about 29.7 KB
      // minified. Shared code leaking in would add the kit or React, tens of KB more.
      assert.ok(read(file).length < 32_000, `${file} is ${read(file).length} bytes: shared code leaked into it`);
      assert.ok(!manifest.files[file].imports.some((imported) => elementFiles.includes(imported)), `${file} imports an element`);
    }
  });

  it('keeps Sentry out of the shared chunks, reached only by a dynamic import', () => {
    for (const file of [...chunk('react'), ...chunk('runtime')]) {
      assert.ok(!/@sentry|sentry\.io|__SENTRY__/.test(read(file)), `${file} contains Sentry`);
    }
    for (const file of files) {
      assert.ok(!manifest.files[file].imports.some((imported) => imported.startsWith('chunks/sentry-')), `${file} imports Sentry statically`);
    }
  });

  it('keeps the QR scanner (jsQR) in a chunk of its own, reached only by the verify-multiple camera\'s dynamic import', () => {
    const scanner = chunk('qr-scanner');
    assert.equal(scanner.length, 1, 'one qr-scanner chunk');
    for (const file of files) {
      assert.ok(!manifest.files[file].imports.includes(scanner[0]), `${file} imports jsQR statically`);
      if (file !== scanner[0]) assert.ok(!read(file).includes('jsQR'), `${file} contains jsQR`);
    }
    assert.ok(files.some((file) => manifest.files[file].dynamicImports.includes(scanner[0])), 'nothing imports jsQR on demand');
  });

  it('keeps every page within its budgets (scripts/size.mjs: the card verifier <= 90 KB gzip, the application form <= 100 KB; each page <= 110 KB sent)', () => {
    const report = spawnSync(process.execPath, [path.join(root, 'scripts/size.mjs')], { cwd: root, encoding: 'utf8' });
    assert.match(report.stdout, /associa-card-verifier> only, budget 90,000/);
    assert.match(report.stdout, /associa-application-form> only, budget 100,000/);
    assert.match(report.stdout, /sent ok +the host, first page/);
    assert.doesNotMatch(report.stdout, /sent OVER/);
    assert.equal(report.status, 0, report.stdout + report.stderr);
  });

  it('writes a source map for every module', () => {
    for (const file of files) assert.ok(existsSync(path.join(webDir, `${file}.map`)), `${file}.map missing`);
  });
});

describe('built element in Chromium', () => {
  let server;
  let browser;
  let base;
  const requests = [];

  before(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url, 'http://localhost');
      requests.push(url.pathname);
      if (url.pathname === '/') {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(`<!doctype html><html lang="pt-PT"><body>
          <div style="--associa-color-warning-surface: rgb(10, 20, 30)">
            <associa-test-mode-banner></associa-test-mode-banner>
          </div>
          <script type="module" src="/elements/associa-test-mode-banner.js"></script>
          <script type="module" src="/elements/associa-test-mode-banner.js"></script>
        </body></html>`);
        return;
      }
      if (url.pathname === '/favicon.ico') {
        response.statusCode = 204;
        response.end();
        return;
      }
      const file = path.join(webDir, path.normalize(url.pathname));
      if (!file.startsWith(webDir) || !existsSync(file)) {
        response.statusCode = 404;
        response.end();
        return;
      }
      response.setHeader('content-type', 'text/javascript');
      response.end(readFileSync(file));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
    browser = await chromium.launch({
      executablePath: ensureChromium(),
      args: [...CHROMIUM_ARGS],
    });
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('renders the banner in its shadow root, themed by the page, without errors', async () => {
    const page = await browser.newPage();
    const problems = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${base}/`);
    const banner = page.locator('associa-test-mode-banner [role="status"]');
    await banner.waitFor();
    assert.equal(await banner.textContent(), 'Aplicação em modo de testes. Toda a informação é fictícia.');
    assert.equal(await banner.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(10, 20, 30)');
    assert.deepEqual(problems, []);
    const fetched = requests.filter((pathname) => pathname.endsWith('.js'));
    assert.deepEqual([...new Set(fetched)].sort(), [...fetched].sort(), 'a module was fetched twice');
    await page.close();
  });
});
