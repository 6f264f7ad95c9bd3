// Browser tests in Debian's Chromium (never a downloaded browser).
// Each test file is bundled by esbuild: React ships CommonJS only, which the dev server's
// file-by-file node-resolve cannot serve, and bundling also handles TypeScript and JSX.
import path from 'node:path';
import { build } from 'esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROMIUM_ARGS, ensureChromium } from './scripts/ensure-chromium.mjs';
import { faultMiddleware, faultSocketPlugin } from './test/browser/support/fault-server.mjs';
import { screenshotPlugin } from './test/browser/support/screenshot-plugin.mjs';

const root = path.dirname(new URL(import.meta.url).pathname);

/** Bundles any .ts/.tsx/.js/.jsx served from test/browser/ (test files and what they import). */
export function esbuildBundlePlugin({ under = 'test/browser/' } = {}) {
  return {
    name: 'esbuild-bundle',
    async serve(context) {
      const rel = context.path.replace(/^\//, '');
      if (!rel.startsWith(under) || !/\.(m?[jt]sx?)$/.test(rel) || rel.includes('/support/fault-server')) return undefined;
      const result = await build({
        entryPoints: [path.join(root, rel)],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        sourcemap: 'inline',
        jsx: 'automatic',
        define: { 'process.env.NODE_ENV': '"development"' },
        logLevel: 'silent',
      });
      return { body: result.outputFiles[0].text, type: 'js' };
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
