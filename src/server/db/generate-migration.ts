// The first migration of a new resource's table, written from its definition by
// scripts/new-migration.mjs: the columns (their types from the field registry), the join tables of
// its lists of references, its search index and the indexes its sorted lists walk. The text is
// written to a file, reviewed and committed like any migration, never computed when migrating:
// a released migration is frozen, and states its names literally, so what it creates never
// follows later definitions.
import path from 'node:path';
import { FIELD_KINDS } from '../fields/index.js';
import { isColumn, type Field, type Resource } from '../resources/define.js';
import { searchColumns } from '../resources/search.js';
import { isPersonText } from '../resources/text-order.js';

export interface GenerateMigrationOptions {
  /** The migration's key, `<module>/NNN_what` (migrate.ts migrationOrder). */
  name: string;
  /** Where the file will live: the imports are written relative to it. */
  file: string;
  /** The repository's root, where src/ is. */
  root: string;
  /** The exported constant; `<camelCased table>Migration` unless given. */
  exportName?: string;
}

/** Columns withRecordColumns makes (and _version, added right after). */
const RECORD_COLUMNS = new Set(['_id', '_version', 'created_at', 'updated_at']);

const camel = (name: string) => name.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The column's constraints as a Kysely column builder chain, or '' for none. */
function constraints(field: Field): string {
  const parts: string[] = [];
  if (field.validation.required) parts.push('notNull()');
  if (field.type === 'reference' && field.ref) parts.push(`references(${quote(`${field.ref}._id`)})`);
  if (field.type === 'file' || field.type === 'image') parts.push("references('files._id')");
  return parts.length === 0 ? '' : `, (c) => c.${parts.join('.')}`;
}

/** The `(column, _id)` index a list sorted by `field` walks (text a person reads: in Portuguese order). */
function orderIndex(table: string, field: Field): { text: boolean; line: string } {
  if (isPersonText(field)) return { text: true, line: `await createTextOrderIndex(db, engine, ${quote(table)}, ${quote(field.name)});` };
  const index = `${table}_${field.name}_keyset`;
  // Lists sort empty values first (text-order.ts listOrder): PostgreSQL's index must say so for an
  // optional column; SQLite sorts them first anyway and takes no NULLS clause.
  const optional = !field.validation.required && !RECORD_COLUMNS.has(field.name);
  const nulls = optional ? "${engine === 'postgres' ? sql` NULLS FIRST` : sql``}" : '';
  return { text: false, line: `await sql\`CREATE INDEX ${index} ON ${table} (${field.name}${nulls}, _id)\`.execute(db);` };
}

/** The TypeScript source of the migration that creates `resource`'s table. */
export function migrationSource(resource: Resource, options: GenerateMigrationOptions): string {
  const table = resource.name;
  if (!/^[a-z][a-z0-9_]*$/.test(table)) throw new Error(`${table}: a table name is lower-case letters, digits and _`);
  const fields = resource.fields.filter((f) => !RECORD_COLUMNS.has(f.name));
  const columns = fields.filter(isColumn);
  const joins = fields.filter((f) => f.type === 'references');
  const searched = searchColumns(resource);
  // _id is the key: its order needs no index of its own.
  const sorted = resource.fields.filter((f) => f.sortable && f.name !== '_id' && isColumn(f)).map((f) => orderIndex(table, f));

  const lines: string[] = [];
  lines.push(`await withRecordColumns(db.schema.createTable(${quote(table)}), engine)`);
  lines.push("  .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))");
  for (const field of columns) lines.push(`  .addColumn(${quote(field.name)}, ${quote(FIELD_KINDS[field.type].column)}${constraints(field)})`);
  lines.push('  .execute();');
  for (const field of joins) {
    if (!field.through || !field.ref) throw new Error(`${table}.${field.name}: a list of references needs its ref and through table`);
    const { table: join, self, other } = field.through;
    lines.push(
      'await db.schema',
      `  .createTable(${quote(join)})`,
      `  .addColumn(${quote(self)}, 'integer', (c) => c.notNull().references(${quote(`${table}._id`)}).onDelete('cascade'))`,
      `  .addColumn(${quote(other)}, 'integer', (c) => c.notNull().references(${quote(`${field.ref}._id`)}).onDelete('cascade'))`,
      `  .addPrimaryKeyConstraint(${quote(`${join}_pk`)}, [${quote(self)}, ${quote(other)}])`,
      '  .execute();',
      `await db.schema.createIndex(${quote(`${join}_${other}`)}).on(${quote(join)}).columns([${quote(other)}, ${quote(self)}]).execute();`,
    );
  }
  if (searched.length > 0) {
    const indexed = searched.map((f) => (FIELD_KINDS[f.type].searchAsText ? `{ name: ${quote(f.name)}, integer: true }` : `{ name: ${quote(f.name)} }`));
    lines.push(`await createSearchIndex(db, engine, ${quote(table)}, [${indexed.join(', ')}]);`);
  }
  for (const index of sorted) lines.push(index.line);

  const from = (target: string) => {
    const relative = path.relative(path.dirname(path.resolve(options.root, options.file)), path.join(options.root, target)).split(path.sep).join('/');
    return quote(relative.startsWith('.') ? relative : `./${relative}`);
  };
  const imports: string[] = [];
  if (sorted.some((i) => !i.text)) imports.push("import { sql } from 'kysely';");
  imports.push(`import type { Migration } from ${from('src/server/db/migrate.js')};`);
  imports.push(`import { withRecordColumns } from ${from('src/server/db/migrations/schema-helpers.js')};`);
  if (searched.length > 0) imports.push(`import { createSearchIndex } from ${from('src/server/resources/search.js')};`);
  if (sorted.some((i) => i.text)) imports.push(`import { createTextOrderIndex } from ${from('src/server/resources/text-order.js')};`);

  const parts = [`the ${table} table`];
  if (joins.length > 0) parts.push(`its join table${joins.length > 1 ? 's' : ''}`);
  if (searched.length > 0) parts.push('its search index');
  if (sorted.length > 0) parts.push('the indexes its sorted lists walk');
  const summary = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return [
    `// Written by scripts/new-migration.mjs from the definition of ${table}, then reviewed. Frozen once`,
    '// released: its names are literal, so a later change to the definition needs a migration of its own.',
    ...imports,
    '',
    `/** ${summary.charAt(0).toUpperCase()}${summary.slice(1)}. */`,
    `export const ${options.exportName ?? `${camel(table)}Migration`}: Migration = {`,
    `  name: ${quote(options.name)},`,
    '  async up(db, engine) {',
    ...lines.map((line) => `    ${line}`),
    '  },',
    '};',
    '',
  ].join('\n');
}

/** The next name in `module`'s own sequence: above the closed global one and its migrations so far. */
export function nextMigrationName(module: string, table: string, existing: readonly string[], lastGlobal: number): string {
  const own = existing.map((name) => new RegExp(`^${module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(\\d{3})_`).exec(name)).filter((m) => m !== null);
  const next = Math.max(lastGlobal, ...own.map((m) => Number(m[1]))) + 1;
  return `${module}/${String(next).padStart(3, '0')}_${table}`;
}
