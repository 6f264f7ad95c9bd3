import { sql } from 'kysely';
import type { Db, Engine } from './database.js';

export interface Migration {
  /**
   * The key recorded in schema_migrations once applied: never renamed once released. New
   * migrations are named per module, `<module>/NNN_what` (e.g. "dues/038_refunds"), NNN above
   * the closed global sequence and unique within the module; the global names ("001_core" to
   * "037_balances_owed") stay as released, since databases record them.
   */
  name: string;
  up(db: Db, engine: Engine): Promise<void>;
}

/**
 * The global sequence every migration was numbered from before they were named per module: closed
 * at 037. Two migrations were released as 035 (receipt totals, report owed indexes); they ran in
 * name order and databases record both, so that pair is the one duplicate allowed.
 * @public scripts/new-migration.mjs reads it through the bundle it builds, which knip cannot follow.
 */
export const LAST_GLOBAL_MIGRATION = 37;
const RELEASED_DUPLICATE_NUMBERS: ReadonlySet<number> = new Set([35]);
const GLOBAL_NAME = /^(\d{3})_[a-z0-9_]+$/;
const MODULE_NAME = /^([a-z][a-z0-9-]*(?:\/[a-z][a-z0-9-]*)*)\/(\d{3})_[a-z0-9_]+$/;

/**
 * `list` in the order it runs, or an error naming what is wrong: the released global names first,
 * in name order as they always ran; then each module's own, modules in the order they first
 * appear in `list` (the app's module order) and each module's by number. Refuses a name twice, a
 * number twice in the global sequence (but the released 035 pair) or in one module, a new global
 * number, a module number not above the global sequence, and a name of neither form.
 */
export function migrationOrder(list: readonly Migration[]): Migration[] {
  const problems: string[] = [];
  const global: Migration[] = [];
  const byModule = new Map<string, { number: number; migration: Migration }[]>();
  const seenNames = new Set<string>();
  const globalNumbers = new Map<number, string>();
  for (const migration of list) {
    const { name } = migration;
    if (seenNames.has(name)) problems.push(`migration ${name} is listed twice`);
    seenNames.add(name);
    const globalMatch = GLOBAL_NAME.exec(name);
    const moduleMatch = MODULE_NAME.exec(name);
    if (globalMatch) {
      const number = Number(globalMatch[1]);
      if (number > LAST_GLOBAL_MIGRATION) problems.push(`migration ${name} takes a new number in the closed global sequence: name it <module>/NNN_what`);
      const other = globalNumbers.get(number);
      if (other !== undefined && other !== name && !RELEASED_DUPLICATE_NUMBERS.has(number)) problems.push(`migrations ${other} and ${name} share the number ${globalMatch[1]}`);
      globalNumbers.set(number, name);
      global.push(migration);
    } else if (moduleMatch) {
      const [, module, digits] = moduleMatch;
      const number = Number(digits);
      if (number <= LAST_GLOBAL_MIGRATION) problems.push(`migration ${name}: a module's numbers start above the global sequence (${LAST_GLOBAL_MIGRATION})`);
      const own = byModule.get(module!) ?? [];
      const other = own.find((m) => m.number === number);
      if (other && other.migration.name !== name) problems.push(`migrations ${other.migration.name} and ${name} share the number ${digits} in module ${module}`);
      own.push({ number, migration });
      byModule.set(module!, own);
    } else {
      problems.push(`migration name ${JSON.stringify(name)} is neither a released global name (NNN_what) nor a module's (<module>/NNN_what)`);
    }
  }
  if (problems.length > 0) throw new Error(`Migrations out of order, nothing applied:\n- ${problems.join('\n- ')}`);
  global.sort((a, b) => a.name.localeCompare(b.name));
  return [...global, ...[...byModule.values()].flatMap((own) => own.sort((a, b) => a.number - b.number).map((m) => m.migration))];
}

// Kysely's Migrator runs every pending migration in one transaction on PostgreSQL and in
// none on SQLite; we want each migration in its own transaction on both engines.
const MIGRATION_LOCK_KEY = 742_001;

/**
 * Applies the pending migrations of `list` (the application's is modules/migrations.ts) in
 * migrationOrder, each in its own transaction. Returns the names applied. A list out of order
 * (a number twice...) is refused before anything is applied, so the server does not start.
 */
export async function migrate(db: Db, engine: Engine, list: readonly Migration[]): Promise<string[]> {
  const ordered = migrationOrder(list);
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('applied_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  const applied: string[] = [];
  for (const migration of ordered) {
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
