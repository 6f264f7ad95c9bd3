import { sql } from 'kysely';
import type { Db, Engine } from './database.js';

export interface Migration {
  /** Sorts in the order migrations run, e.g. "001_core". Never renamed once released. */
  name: string;
  up(db: Db, engine: Engine): Promise<void>;
}

// Kysely's Migrator runs every pending migration in one transaction on PostgreSQL and in
// none on SQLite; we want each migration in its own transaction on both engines.
const MIGRATION_LOCK_KEY = 742_001;

/**
 * Applies the pending migrations of `list` (the application's is modules/migrations.ts) in order,
 * each in its own transaction. Returns the names applied.
 */
export async function migrate(db: Db, engine: Engine, list: readonly Migration[]): Promise<string[]> {
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('applied_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  const applied: string[] = [];
  for (const migration of [...list].sort((a, b) => a.name.localeCompare(b.name))) {
    await db.transaction().execute(async (trx) => {
      // Two PostgreSQL instances starting together: the second waits here, then sees the row.
      if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
      const done = await trx
        .selectFrom('schema_migrations')
        .select('name')
        .where('name', '=', migration.name)
        .executeTakeFirst();
      if (done) return;
      await migration.up(trx, engine);
      await trx
        .insertInto('schema_migrations')
        .values({ name: migration.name, applied_at: new Date().toISOString() })
        .execute();
      applied.push(migration.name);
    });
  }
  return applied;
}
