// `node scripts/new-migration.mjs <module file> <resource> [--name <module>/NNN_what] [--out <file>] [--print] [--force]`
//
// Writes the first migration of a new resource's table from its definition (the module file
// exports the module, defineModule): columns with the field registry's types, join tables, the
// search index and the sorted lists' (column, _id) indexes (src/server/db/generate-migration.ts).
// Review the file, list it in the module's `migrations` and commit it: migrations are frozen once
// released and never computed when migrating. A later change to the table is a migration written
// by hand.
//
//   --name   the migration's key; by default the module's next number above the global sequence
//   --out    where the file goes (its imports are relative to it); by default <resource>-migration.ts
//            beside the module file
//   --print  prints the text instead of writing it
//   --force  overwrites an existing file
//
// Node runs no TypeScript by itself: esbuild (a dev dependency) bundles the module and the
// generator, packages left out, into a file under node_modules/.cache that Node imports.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The module file's exports and the generator, loaded from their TypeScript sources. */
async function load(moduleFile) {
  const cache = path.join(root, 'node_modules/.cache/new-migration');
  mkdirSync(cache, { recursive: true });
  const outfile = path.join(cache, `bundle-${process.pid}-${Date.now()}.mjs`);
  const contents = [
    `export * as definitions from ${JSON.stringify(path.resolve(moduleFile))};`,
    "export { migrationSource, nextMigrationName } from './src/server/db/generate-migration.ts';",
    "export { LAST_GLOBAL_MIGRATION } from './src/server/db/migrate.ts';",
  ].join('\n');
  await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'new-migration-entry.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
}

/** The module the file exports (an object with a name and resources) holding `resourceName`. */
function findResource(definitions, resourceName) {
  const modules = Object.values(definitions).filter((value) => value && typeof value === 'object' && typeof value.name === 'string' && Array.isArray(value.resources));
  for (const module of modules) {
    const resource = module.resources.find((r) => r.name === resourceName);
    if (resource) return { module, resource };
  }
  const known = modules.flatMap((m) => m.resources.map((r) => r.name));
  throw new Error(`no module exported by the file serves a resource ${resourceName} (it serves: ${known.join(', ') || 'none'})`);
}

export async function newMigration(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, out: { type: 'string' }, print: { type: 'boolean' }, force: { type: 'boolean' } },
  });
  const [moduleFile, resourceName] = positionals;
  if (!moduleFile || !resourceName || positionals.length > 2) {
    throw new Error('usage: node scripts/new-migration.mjs <module file> <resource> [--name <module>/NNN_what] [--out <file>] [--print] [--force]');
  }
  const loaded = await load(moduleFile);
  const { module, resource } = findResource(loaded.definitions, resourceName);
  const name = values.name ?? loaded.nextMigrationName(module.name, resource.name, module.migrations.map((m) => m.name), loaded.LAST_GLOBAL_MIGRATION);
  const out = path.resolve(values.out ?? path.join(path.dirname(moduleFile), `${resource.name.replace(/_/g, '-')}-migration.ts`));
  const text = loaded.migrationSource(resource, { name, file: out, root });
  if (values.print) return { text, out: null, name };
  if (existsSync(out) && !values.force) throw new Error(`${path.relative(process.cwd(), out)} exists: pass --force to overwrite it`);
  writeFileSync(out, text);
  return { text, out, name };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { text, out, name } = await newMigration(process.argv.slice(2));
    if (out === null) process.stdout.write(text);
    else console.log(`${name}: written to ${path.relative(process.cwd(), out)}. Review it, then list it in the module's migrations.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
