// Browser tests in Debian's Chromium (never a downloaded browser).
// The test files are bundled by esbuild (esbuildBundlePlugin below).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROMIUM_ARGS, ensureChromium } from './scripts/ensure-chromium.mjs';
import { faultMiddleware, faultSocketPlugin } from './test/browser/support/fault-server.mjs';
import { screenshotPlugin } from './test/browser/support/screenshot-plugin.mjs';

const root = path.dirname(new URL(import.meta.url).pathname);

const BUNDLE_OPTIONS = {
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"development"' },
  logLevel: 'silent',
};

const isScript = (rel) => /\.(m?[jt]sx?)$/.test(rel);
const TEST_FILE = /\.test\.tsx?$/;

/**
 * Every test file under `under`, bundled by esbuild in one build with code splitting: React,
 * the kit and the features each test imports land once in shared chunks. Bundled one by one,
 * each test file took 1.2-3 s of esbuild and sent its page 12-23 MB (inline source maps);
 * all 96 at once take about 2 s. Answers each output (entries, chunks, their linked source
 * maps, which web-test-runner reads to map a failure's stack) by its path from the root.
 */
async function bundleTestFiles(under) {
  const entryPoints = readdirSync(path.join(root, under), { recursive: true, encoding: 'utf8' })
    .filter((file) => TEST_FILE.test(file))
    .map((file) => path.join(root, under, file));
  const result = await build({
    ...BUNDLE_OPTIONS,
    entryPoints,
    outbase: root,
    outdir: root,
    splitting: true,
    chunkNames: `${under}__chunks/[name]-[hash]`,
    sourcemap: 'linked',
  });
  return new Map(result.outputFiles.map((file) => [path.relative(root, file.path).split(path.sep).join('/'), file.text]));
}

/**
 * Serves the test files under `under` (and what they import) bundled: React ships CommonJS
 * only, which the dev server's file-by-file node-resolve cannot serve, and bundling also handles
 * TypeScript and JSX. The test files come from one shared build (made on the first request, for
 * the run: no watch mode here); any other script under `under` that a page loads by itself (a
 * frame's module) is bundled alone.
 */
export function esbuildBundlePlugin({ under = 'test/browser/' } = {}) {
  let shared;
  return {
    name: 'esbuild-bundle',
    async serve(context) {
      const rel = context.path.replace(/^\//, '');
      if (!rel.startsWith(under) || rel.includes('/support/fault-server')) return undefined;
      // A test file that does not build fails the shared build: each file is then bundled alone,
      // so only the broken one fails, with esbuild's message, as before.
      const outputs = await (shared ??= bundleTestFiles(under).catch(() => new Map()));
      const built = outputs.get(TEST_FILE.test(rel) ? rel.replace(/\.tsx?$/, '.js') : rel);
      if (built !== undefined) return { body: built, type: rel.endsWith('.map') ? 'json' : 'js' };
      if (!isScript(rel)) return undefined;
      const alone = await build({ ...BUNDLE_OPTIONS, entryPoints: [path.join(root, rel)], sourcemap: 'inline' });
      return { body: alone.outputFiles[0].text, type: 'js' };
    },
  };
}

const executablePath = ensureChromium();

export default {
  rootDir: root,
  files: ['test/browser/**/*.test.ts', 'test/browser/**/*.test.tsx'],
  // Background tabs get their timers throttled; the timing tests need the page in front.
  concurrency: 1,
  nodeResolve: false,
  middleware: [faultMiddleware],
  plugins: [esbuildBundlePlugin(), faultSocketPlugin(), screenshotPlugin()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath,
        headless: true,
        args: [...CHROMIUM_ARGS],
      },
    }),
  ],
  testFramework: { config: { timeout: 15000 } },
  testsFinishTimeout: 110_000,
};
