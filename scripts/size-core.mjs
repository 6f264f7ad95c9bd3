#!/usr/bin/env node
// Gzip size of the client core without Sentry: src/core/index.ts bundled and minified by
// esbuild with only @sentry/browser left external (it is loaded lazily, and only with a DSN).
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

const result = await build({
  entryPoints: ['src/core/index.ts'],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  external: ['@sentry/browser'],
  logLevel: 'silent',
});
const code = result.outputFiles[0].contents;
const gz = gzipSync(code, { level: 9 });
console.log(`core (without Sentry): ${code.length} bytes minified, ${gz.length} bytes gzip`);
