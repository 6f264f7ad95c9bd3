// One multi-entry build of the browser side, so every page loads React, the runtime and
// the client core once however many elements it holds (separate builds would give each
// element its own React and its own session store).
//
//   dist/web/elements/{tag}.js   one module per element, stable name (embedding sites link it)
//   dist/web/host.js             the host app, when src/host/main.tsx exists
//   dist/web/chunks/react-*.js   react, react-dom, scheduler
//   dist/web/chunks/runtime-*.js styled-components, signals, r2wc, the kit, the core
//   dist/web/chunks/sentry-*.js  error reporting, imported dynamically only when a DSN is set
//   dist/web/manifest.json       entries and each file's static imports (size report, preload)
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const root = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(root, 'dist/web');
const widgetsDir = path.join(root, 'src/widgets');
const hostEntry = path.join(root, 'src/host/main.tsx');

/** Each src/widgets/{feature}/element.ts is an entry, named after the tag it defines. */
function elementEntries() {
  const entries = {};
  for (const feature of readdirSync(widgetsDir, { withFileTypes: true })) {
    const file = path.join(widgetsDir, feature.name, 'element.ts');
    if (!feature.isDirectory() || !existsSync(file)) continue;
    const tag = /defineElement\(\s*['"](associa-[a-z0-9-]+)['"]/.exec(readFileSync(file, 'utf8'))?.[1];
    if (!tag) throw new Error(`${path.relative(root, file)} must call defineElement('associa-...', ...)`);
    if (entries[`elements/${tag}`]) throw new Error(`Two elements define <${tag}>`);
    entries[`elements/${tag}`] = file;
  }
  return entries;
}

function entries() {
  const all = elementEntries();
  if (existsSync(hostEntry)) all.host = hostEntry;
  return all;
}

const REACT_PACKAGES = new Set(['react', 'react-dom', 'scheduler']);
const RUNTIME_PACKAGES = new Set([
  'styled-components',
  'stylis',
  '@emotion/is-prop-valid',
  '@emotion/memoize',
  '@emotion/unitless',
  'tslib',
  '@preact/signals-core',
  '@preact/signals-react',
  'use-sync-external-store',
  '@r2wc/core',
  'redaxios',
]);
const RUNTIME_SOURCES = ['src/core/', 'src/widgets/kit/'];
// Pieces several feature elements share: one chunk rather than a handful of tiny ones, so a
// page with one element fetches four files, not nine. Elements that need none of it (the
// banner, future public verifiers) never load it.
const WIDGET_SOURCES = ['src/widgets/shared/', 'src/widgets/feature-kit/'];

function packageOf(id) {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return match ? match[1].replace('\\', '/') : null;
}

/** Anything unlisted stays where rollup puts it (wouter, with the host). */
function manualChunks(id) {
  // Rollup's CommonJS helpers go with React, whose modules need them first: elsewhere they
  // make the react and runtime chunks import each other.
  if (id.startsWith('\0commonjsHelpers')) return 'react';
  const pkg = packageOf(id);
  if (pkg) {
    if (REACT_PACKAGES.has(pkg)) return 'react';
    if (RUNTIME_PACKAGES.has(pkg)) return 'runtime';
    // Its own chunk, reached only by the core's dynamic import: loaded lazily, with a DSN.
    if (pkg.startsWith('@sentry/') || pkg.startsWith('@sentry-internal/')) return 'sentry';
    return undefined;
  }
  const source = path.relative(root, id.replace(/^\0/, '')).split(path.sep).join('/');
  if (RUNTIME_SOURCES.some((dir) => source.startsWith(dir))) return 'runtime';
  if (WIDGET_SOURCES.some((dir) => source.startsWith(dir))) return 'widgets';
  return undefined;
}

/** Starts from an empty dist/web: hashed chunks of earlier builds would mislead the size report. */
function cleanOutput() {
  return {
    name: 'clean-output',
    buildStart() {
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** dist/web/manifest.json: which file each entry is, and what every file imports. */
function manifest() {
  return {
    name: 'web-manifest',
    generateBundle(_options, bundle) {
      const files = {};
      const elements = {};
      let host = null;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        files[output.fileName] = { imports: output.imports, dynamicImports: output.dynamicImports };
        if (!output.isEntry) continue;
        if (output.name === 'host') host = output.fileName;
        else elements[output.name.replace(/^elements\//, '')] = output.fileName;
      }
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.json',
        source: `${JSON.stringify({ host, elements, files }, null, 2)}\n`,
      });
    },
  };
}

export default {
  input: entries(),
  output: {
    dir: outDir,
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    manualChunks,
  },
  plugins: [
    cleanOutput(),
    replace({
      preventAssignment: true,
      values: { 'process.env.NODE_ENV': JSON.stringify('production'), __SENTRY_DEBUG__: 'false' },
    }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
    commonjs(),
    typescript({ tsconfig: path.join(root, 'tsconfig.web.json') }),
    terser({ format: { comments: false } }),
    manifest(),
  ],
  onwarn(warning, warn) {
    // Libraries' "use client" directives mean nothing outside a server-components bundler.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
    warn(warning);
  },
};
