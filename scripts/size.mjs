// `npm run size`: gzip bytes of every file of the web build and of the pages a visitor
// loads: one element alone (its module and every chunk it imports, transitively), and the
// host's first page; beside them the bytes the server actually sends, the build's own brotli
// form of each file (rollup.config.mjs writes it; src/server/web/plugin.ts sends it).
// Run after `npm run build:web`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = process.env.ASSOCIA_WEB_DIR ? path.resolve(process.env.ASSOCIA_WEB_DIR) : path.join(root, 'dist/web');

function readManifest() {
  try {
    return JSON.parse(readFileSync(path.join(webDir, 'manifest.json'), 'utf8'));
  } catch {
    console.error('dist/web/manifest.json not found: run `npm run build:web` first.');
    process.exit(1);
  }
}

const manifest = readManifest();
const gzipBytes = new Map(
  Object.keys(manifest.files).map((file) => [file, gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length]),
);

/** What a browser that accepts brotli receives: the .br beside the file, or the file itself. */
const sentBytes = new Map(
  Object.keys(manifest.files).map((file) => {
    const compressed = path.join(webDir, `${file}.br`);
    return [file, statSync(existsSync(compressed) ? compressed : path.join(webDir, file)).size];
  }),
);

/** The file and everything it statically imports: what the browser fetches before it runs. */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of manifest.files[file]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/** Pages that must stay small, gzip bytes: over budget, the report says so and exits 1. */
const PAGE_BUDGETS = {
  // A steward's phone on a poor connection at the door, and an association's own website.
  'associa-card-verifier': 90_000,
  // An association's own website, where people apply to join (issue 13).
  'associa-application-form': 100_000,
};

/** Pages a visitor opens, bytes sent (brotli, as served): over budget, the report says so and exits 1. */
const SENT_BUDGETS = { host: 110_000, element: 110_000 };

const number = (bytes) => bytes.toLocaleString('en-GB').padStart(9);
const total = (files, sizes = gzipBytes) => [...files].reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0);

console.log('gzip bytes per file (dist/web)');
for (const [file, bytes] of [...gzipBytes].sort((a, b) => b[1] - a[1])) console.log(`${number(bytes)}  ${file}`);

console.log('\ngzip bytes per page, and bytes sent (brotli)');
const pages = Object.entries(manifest.elements).map(([tag, file]) => [`a page with <${tag}> only`, file, SENT_BUDGETS.element]);
if (manifest.host) pages.unshift(['the host, first page', manifest.host, SENT_BUDGETS.host]);
else console.log('          (no host entry yet: src/host/main.tsx does not exist)');
let over = 0;
for (const [label, file, budget] of pages) {
  const files = staticClosure(file);
  const sent = total(files, sentBytes);
  const fits = sent <= budget;
  if (!fits) over += 1;
  console.log(`${number(total(files))} gzip ${number(sent)} sent ${fits ? 'ok  ' : 'OVER'}  ${label}: ${files.size} files (${[...files].join(', ')})`);
}
console.log(`          (sent budgets: the host's first page ${SENT_BUDGETS.host.toLocaleString('en-GB')}, a page with one element ${SENT_BUDGETS.element.toLocaleString('en-GB')})`);

console.log('\nbudgets (gzip bytes per page)');
for (const [tag, budget] of Object.entries(PAGE_BUDGETS)) {
  const file = manifest.elements[tag];
  if (!file) {
    console.log(`  MISSING  <${tag}>: not in the build`);
    over += 1;
    continue;
  }
  const bytes = total(staticClosure(file));
  const fits = bytes <= budget;
  if (!fits) over += 1;
  console.log(`${number(bytes)}  ${fits ? 'ok  ' : 'OVER'} a page with <${tag}> only, budget ${budget.toLocaleString('en-GB')}`);
}
if (over > 0) process.exit(1);
