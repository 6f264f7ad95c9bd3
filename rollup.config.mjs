// One multi-entry build of the browser side, so every page loads React, the runtime and
// the client core once however many elements it holds (separate builds would give each
// element its own React and its own session store).
//
//   dist/web/elements/{tag}.js   one module per element, stable name (embedding sites link it)
//   dist/web/host.js             the host app, when src/host/main.tsx exists
//   dist/web/chunks/react-*.js   react, react-dom, scheduler
//   dist/web/chunks/runtime-*.js styled-components, r2wc, the kit, the public card check
//   dist/web/chunks/core-*.js    the client core, signals and the kit's hooks reading them
//   dist/web/chunks/sentry-*.js  error reporting, imported dynamically only when a DSN is set
//   dist/web/chunks/qr-scanner-*.js jsQR, imported dynamically by verify multiple's camera
//   dist/web/manifest.json       entries and each file's static imports (size report, preload)
//   dist/web/**/*.{br,gz}        every file above compressed once, at the highest levels, served
//                                as they are to browsers that accept them (src/server/web/plugin.ts)
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const root = path.dirname(fileURLToPath(import.meta.url));
// ASSOCIA_WEB_DIR builds elsewhere (a second work tree's own build; the server reads the same variable).
const outDir = process.env.ASSOCIA_WEB_DIR ? path.resolve(process.env.ASSOCIA_WEB_DIR) : path.join(root, 'dist/web');
const widgetsDir = path.join(root, 'src/widgets');
const hostEntry = path.join(root, 'src/host/main.tsx');

/**
 * Each element.ts of a feature folder is an entry, named after the tag it defines: a feature
 * at the top (src/widgets/{feature}/element.ts) or inside its domain's folder
 * (src/widgets/{domain}/{feature}/element.ts).
 */
function elementFiles(dir = widgetsDir, depth = 0) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(dir, entry.name);
    const file = path.join(folder, 'element.ts');
    if (existsSync(file)) files.push(file);
    else if (depth === 0) files.push(...elementFiles(folder, 1));
  }
  return files;
}

function elementEntries() {
  const entries = {};
  for (const file of elementFiles()) {
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
const RUNTIME_PACKAGES = new Set(['styled-components', 'stylis', '@emotion/is-prop-valid', '@emotion/memoize', '@emotion/unitless', 'tslib', '@r2wc/core']);
// The core's own packages: signals (its state) and redaxios (its HTTP client).
const CORE_PACKAGES = new Set(['@preact/signals-core', '@preact/signals-react', 'use-sync-external-store', 'redaxios']);
const RUNTIME_SOURCES = ['src/widgets/kit/'];
// The client core (session, realtime, explainer, lists, signals...) is a chunk of its own,
// with the kit's hooks that read it: a public element that needs none of it (the card
// verifier, which must fit 90 KB gzip with React) loads React, the runtime and itself only.
// What such an element does use of the core, its anonymous check, stays in the runtime chunk.
const PUBLIC_CORE_SOURCES = ['src/core/api-error.ts', 'src/core/constants.ts', 'src/core/contract.ts', 'src/core/public-http.ts', 'src/core/xhr-upload.ts', 'src/core/modules/card-check.ts'];
// What only the public application form and confirmation use of the core stays out of both
// the core and the runtime chunk: rollup puts it beside the elements that import it, so the
// card verifier does not carry it and the form does not load the core. What they share with
// the core and the widgets (the upload calls, the messages they fail with, the 3:4 crop) is a
// small chunk of its own: left to rollup, the core chunk would take it in.
const PUBLIC_FORM_SOURCES = ['src/core/field-checks.ts', 'src/core/modules/application-form.ts'];
const UPLOAD_SOURCES = ['src/core/upload-calls.ts', 'src/core/texts.ts', 'src/widgets/shared/photo-crop.ts'];
// A domain's calls that only its own pages make (the assemblies': pages opened on demand, and
// the member home's section loaded after its summary): beside those pages, not in the core
// chunk every page loads (there they put the member home over its budget).
const ON_DEMAND_CORE_SOURCES = ['assemblies.ts', 'assembly-minutes.ts', 'assembly-session.ts'].map((file) => `src/core/modules/${file}`);
// The kit's index goes with them: importing it runs those hooks' modules. A public element
// imports the kit's modules by their own paths instead.
const CORE_SOURCES = ['src/core/', 'src/widgets/kit/index.ts', 'src/widgets/kit/use-query.ts', 'src/widgets/kit/use-action.ts', 'src/widgets/kit/use-signal-value.ts'];
// Pieces several feature elements share: one chunk rather than a handful of tiny ones, so a
// page with one element fetches four files, not nine. Elements that need none of it (the
// banner, future public verifiers) never load it.
const WIDGET_SOURCES = ['src/widgets/shared/', 'src/widgets/feature-kit/'];
// Shared parts only pages loaded on demand use (a member's files, treasury documents, a card's
// standing) and the
// public application form (moving its photo in the frame): left where rollup puts them, beside
// those pages, not on every page through the widgets chunk.
const ON_DEMAND_SHARED_SOURCES = ['photo-upload.tsx', 'photo-pan.ts', 'document-upload.tsx', 'upload-progress.tsx', 'upload-texts.ts', 'treasury-download.ts', 'card-standing.tsx']
  .map((file) => `src/widgets/shared/${file}`)
  // Staff elements' parts the host's first page never shows (finding a member, a list inside an
  // element, a reason asked before annulling, the rows of buttons and filters above a list, a
  // message sent to many members).
  .concat(['member-picker.tsx', 'resource-list-slot.tsx', 'reason-action.tsx', 'groups.ts', 'batch-send.tsx'].map((file) => `src/widgets/feature-kit/${file}`));

// The plain pieces the host's first page shares with the elements (the back office's fixed
// paths the client modules name, the feature words, the toolbar's commands) go with the core:
// otherwise rollup pulls them into the widgets chunk with the elements that import them, and
// that page loads the whole widgets chunk for them.
const PLAIN_SHARED_SOURCES = ['feature-kit/paths.ts', 'feature-kit/texts.ts', 'shared/commands.ts'].map((file) => `src/widgets/${file}`);

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
    if (CORE_PACKAGES.has(pkg)) return 'core';
    // Its own chunk, reached only by the core's dynamic import: loaded lazily, with a DSN.
    if (pkg.startsWith('@sentry/') || pkg.startsWith('@sentry-internal/')) return 'sentry';
    // The QR decoder of verify multiple's camera where BarcodeDetector is missing: its own
    // chunk, reached only by that page's dynamic import.
    if (pkg === 'jsqr') return 'qr-scanner';
    return undefined;
  }
  const source = path.relative(root, id.replace(/^\0/, '')).split(path.sep).join('/');
  if (PUBLIC_CORE_SOURCES.includes(source)) return 'runtime';
  if (PUBLIC_FORM_SOURCES.includes(source) || ON_DEMAND_CORE_SOURCES.includes(source)) return undefined;
  if (UPLOAD_SOURCES.includes(source)) return 'uploads';
  if (ON_DEMAND_SHARED_SOURCES.includes(source)) return undefined;
  if (PLAIN_SHARED_SOURCES.includes(source)) return 'core';
  if (CORE_SOURCES.some((dir) => source.startsWith(dir))) return 'core';
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

/**
 * Beside every file, its brotli (quality 11) and gzip (level 9) forms: compressed once here,
 * where time is cheap, instead of on every request. Source maps are left as they are: only
 * developer tools ask for them.
 */
function precompress() {
  return {
    name: 'precompress',
    generateBundle(_options, bundle) {
      const outputs = Object.values(bundle).filter((output) => !output.fileName.endsWith('.map'));
      for (const output of outputs) {
        const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        const brotli = brotliCompressSync(source, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        this.emitFile({ type: 'asset', fileName: `${output.fileName}.br`, source: brotli });
        this.emitFile({ type: 'asset', fileName: `${output.fileName}.gz`, source: gzipSync(source, { level: 9 }) });
      }
    },
  };
}

export default {
  input: entries(),
  // A part an element loads later (the dashboard's form) may import from the element's own
  // module: the module then exports a little more, instead of becoming a facade whose code
  // lives in a shared chunk (each element module must define its own tag).
  preserveEntrySignatures: 'allow-extension',
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
    // npm test builds beside the browser tests with one worker (ASSOCIA_TERSER_WORKERS); elsewhere, one per core.
    terser({ format: { comments: false }, ...(process.env.ASSOCIA_TERSER_WORKERS ? { maxWorkers: Number(process.env.ASSOCIA_TERSER_WORKERS) } : {}) }),
    manifest(),
    // Last: it compresses what the plugins before it emitted, the manifest included.
    precompress(),
  ],
  onwarn(warning, warn) {
    // Libraries' "use client" directives mean nothing outside a server-components bundler.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
    warn(warning);
  },
};
