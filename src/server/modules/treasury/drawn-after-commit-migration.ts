import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';

const NULLABLE = [
  // What 029_treasury created, and what it becomes.
  { from: '"file" integer not null', to: '"file" integer' },
  { from: '"pdf_sha256" varchar(64) not null', to: '"pdf_sha256" varchar(64)' },
] as const;

interface Reference {
  table: string;
  column: string;
  notNull: boolean;
}

/** Every column of another table that references treasury_docs, as the database says (not as today's code would). */
async function referencesToDocs(db: Db): Promise<Reference[]> {
  const { rows } = await sql<{ table: string; column: string; notnull: number }>`
    SELECT t.name AS "table", f."from" AS "column", c."notnull" AS "notnull"
    FROM sqlite_master t, pragma_foreign_key_list(t.name) f, pragma_table_info(t.name) c
    WHERE t.type = 'table' AND t.name <> 'treasury_docs' AND f."table" = 'treasury_docs' AND c.name = f."from"
    ORDER BY t.name, f."from"`.execute(db);
  return rows.map((r) => ({ table: r.table, column: r.column, notNull: Number(r.notnull) === 1 }));
}

/**
 * SQLite cannot drop a NOT NULL: the table is made again from its own CREATE statement with the
 * two constraints removed, inside the migration's transaction, where foreign keys stay on (the
 * pragma is ignored in a transaction). Dropping the old table deletes its rows first, and a
 * reference to one left anywhere would fail the commit. So, for that moment, rows that must
 * reference a document (a payment's link, a status change) wait in temporary copies, optional
 * references (a donation's receipt) are emptied, and the new table's own links (a note's
 * `annuls`, the annulled document's `annulled_by_doc`) are written after the rename; then all
 * come back as they were.
 */
async function rebuildOnSqlite(db: Db): Promise<void> {
  const table = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'treasury_docs'`.execute(db);
  let create = table.rows[0]?.sql ?? '';
  for (const { from, to } of NULLABLE) {
    if (!create.includes(from)) throw new Error(`treasury/048: treasury_docs has no ${from}`);
    create = create.replace(from, to);
  }
  create = create.replace(/^create table "treasury_docs"/i, 'create table "treasury_docs_rebuilt"');
  if (!create.includes('"treasury_docs_rebuilt"')) throw new Error('treasury/048: unexpected CREATE TABLE of treasury_docs');
  const views = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'view' AND sql LIKE '%treasury_docs%'`.execute(db);
  if (views.rows.length > 0) throw new Error(`treasury/048: views read treasury_docs (${views.rows.map((v) => v.name).join(', ')})`);
  // Indexes and triggers go with the old table; their statements are run again on the new one.
  const attached = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE tbl_name = 'treasury_docs' AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name`.execute(db);
  const names = (await sql<{ name: string }>`SELECT name FROM pragma_table_info('treasury_docs')`.execute(db)).rows.map((c) => c.name);
  const ownLinks = ['annuls', 'annulled_by_doc'];
  const references = await referencesToDocs(db);

  // A table with a required reference waits whole in its copy; an optional one keeps only its links.
  const byTable = new Map<string, Reference[]>();
  for (const reference of references) byTable.set(reference.table, [...(byTable.get(reference.table) ?? []), reference]);
  const kept: { table: string; keep: string; whole: boolean; columns: string[] }[] = [];
  for (const [table, columns] of byTable) {
    const keep = `keep_treasury_048_${kept.length}`;
    const whole = columns.some((c) => c.notNull);
    const from = sql.table(table);
    if (whole) {
      await sql`CREATE TEMP TABLE ${sql.id(keep)} AS SELECT * FROM ${from}`.execute(db);
      await sql`DELETE FROM ${from}`.execute(db);
    } else {
      const any = sql.join(columns.map((c) => sql`${sql.id(c.column)} IS NOT NULL`), sql` OR `);
      await sql`CREATE TEMP TABLE ${sql.id(keep)} AS SELECT rowid AS kept_rowid, * FROM ${from} WHERE ${any}`.execute(db);
      await sql`UPDATE ${from} SET ${sql.join(columns.map((c) => sql`${sql.id(c.column)} = NULL`))} WHERE ${any}`.execute(db);
    }
    kept.push({ table, keep, whole, columns: columns.map((c) => c.column) });
  }
  await sql`CREATE TEMP TABLE keep_treasury_048_links AS SELECT _id, annuls, annulled_by_doc FROM treasury_docs WHERE annuls IS NOT NULL OR annulled_by_doc IS NOT NULL`.execute(db);

  // Nor may the old table's rows reference each other while its drop deletes them.
  await sql`UPDATE treasury_docs SET annuls = NULL, annulled_by_doc = NULL WHERE annuls IS NOT NULL OR annulled_by_doc IS NOT NULL`.execute(db);
  await sql.raw(create).execute(db);
  const copied = names.map((name) => (ownLinks.includes(name) ? sql`NULL` : sql.id(name)));
  await sql`INSERT INTO treasury_docs_rebuilt (${sql.join(names.map((name) => sql.id(name)))}) SELECT ${sql.join(copied)} FROM treasury_docs`.execute(db);
  await sql`DROP TABLE treasury_docs`.execute(db);
  await sql`ALTER TABLE treasury_docs_rebuilt RENAME TO treasury_docs`.execute(db);
  for (const { sql: statement } of attached.rows) await sql.raw(statement).execute(db);

  await sql`UPDATE treasury_docs SET annuls = k.annuls, annulled_by_doc = k.annulled_by_doc FROM keep_treasury_048_links k WHERE k._id = treasury_docs._id`.execute(db);
  await sql`DROP TABLE keep_treasury_048_links`.execute(db);
  for (const { table, keep, whole, columns } of kept) {
    const from = sql.table(table);
    if (whole) await sql`INSERT INTO ${from} SELECT * FROM ${sql.id(keep)}`.execute(db);
    else await sql`UPDATE ${from} SET ${sql.join(columns.map((c) => sql`${sql.id(c)} = k.${sql.id(c)}`))} FROM ${sql.id(keep)} k WHERE k.kept_rowid = ${from}.rowid`.execute(db);
    await sql`DROP TABLE ${sql.id(keep)}`.execute(db);
  }
  const broken = await sql<{ table: string }>`SELECT "table" FROM pragma_foreign_key_check`.execute(db);
  if (broken.rows.length > 0) throw new Error(`treasury/048: foreign keys broken in ${[...new Set(broken.rows.map((r) => r.table))].join(', ')}`);
}

/**
 * Receipts drawn after the commit (decision 0054): a document is numbered and its snapshot
 * chained in the issuing transaction; its PDF (`file`, `pdf_sha256`) is drawn and recorded after,
 * so both may be empty for a while. `chain_version` says what each link covers (chain.ts): 1
 * for every document issued before, which keep verifying as they were chained. The partial
 * index finds the documents still to draw without reading the others.
 */
export const treasuryDrawnAfterCommitMigration: Migration = {
  name: 'treasury/048_receipts_drawn_after_commit',
  async up(db, engine) {
    await db.schema.alterTable('treasury_docs').addColumn('chain_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    if (engine === 'postgres') {
      await sql`ALTER TABLE treasury_docs ALTER COLUMN file DROP NOT NULL, ALTER COLUMN pdf_sha256 DROP NOT NULL`.execute(db);
    } else {
      await rebuildOnSqlite(db);
    }
    await sql`CREATE INDEX treasury_docs_undrawn ON treasury_docs (_id) WHERE file IS NULL`.execute(db);
  },
};
