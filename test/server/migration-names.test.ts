import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate, migrationOrder, type Migration } from '../../src/server/db/migrate.js';
import { migrations as engineMigrations } from '../../src/server/db/migrations/index.js';
import { defineModule } from '../../src/server/modules/define-module.js';
import { appModules } from '../../src/server/modules/index.js';
import { appMigrations, migrationsOf } from '../../src/server/modules/migrations.js';
import { openFreshDatabase } from './support/schema-snapshot.js';

/**
 * The names databases record in schema_migrations, in the order they ran, as released before
 * migrations were named per module (copied from the tree at 49efb76). A rename here would make
 * every existing database run that migration again.
 */
const RELEASED = [
  '001_core', '002_auth_throttle', '003_sessions', '004_totp', '005_audit', '006_record_versions', '007_ticket_origin', '008_files', '009_jobs',
  '010_dues', '011_collecting', '012_direct_debit', '013_reminders', '014_payment_links', '015_reconciliation', '016_message_html',
  '017_reconciliation_results', '020_membership_cards', '021_portuguese_order', '022_phone_e164', '023_card_checkins', '024_saved_filters',
  '025_member_state_history', '026_keyset_order_indexes', '027_member_applications', '028_member_files', '029_treasury', '030_donations',
  '031_report_indexes', '032_treasury_order_indexes', '034_treasury_series_jumps', '035_receipt_totals', '035_report_owed_indexes',
  '036_payments_annulled_partial', '037_balances_owed',
];

const noop = (name: string): Migration => ({ name, up: async () => {} });
const names = (list: readonly Migration[]) => list.map((m) => m.name);

describe('migration names', () => {
  it('the released names are kept, and run first in the order they always ran', () => {
    expect(names(appMigrations).slice(0, RELEASED.length)).toEqual(RELEASED);
    // Whatever comes after is named per module.
    for (const name of names(appMigrations).slice(RELEASED.length)) expect(name).toMatch(/^[a-z-]+\/\d{3}_/);
  });

  it("modules' own migrations run after the released ones, in module order, each module's by number", () => {
    const ordered = migrationOrder([noop('dues/039_b'), noop('010_dues'), noop('members/038_a'), noop('dues/038_a'), noop('001_core')]);
    expect(names(ordered)).toEqual(['001_core', '010_dues', 'dues/038_a', 'dues/039_b', 'members/038_a']);
  });

  it.each([
    [['dues/038_a', 'dues/038_b'], 'migrations dues/038_a and dues/038_b share the number 038 in module dues'],
    [['010_dues', '010_other'], 'migrations 010_dues and 010_other share the number 010'],
    [['038_new_global'], 'migration 038_new_global takes a new number in the closed global sequence: name it <module>/NNN_what'],
    [['dues/012_low'], "migration dues/012_low: a module's numbers start above the global sequence (37)"],
    [['dues/038_a', 'dues/038_a'], 'migration dues/038_a is listed twice'],
    [['Dues-038'], 'migration name "Dues-038" is neither a released global name (NNN_what) nor a module\'s (<module>/NNN_what)'],
  ])('refuses %j with a message saying why', (list, message) => {
    expect(() => migrationOrder(list.map(noop))).toThrow(message);
  });

  it('allows the one released duplicate number, 035', () => {
    expect(names(migrationOrder([noop('035_report_owed_indexes'), noop('035_receipt_totals')]))).toEqual(['035_receipt_totals', '035_report_owed_indexes']);
  });

  it("refuses a module's migration named after another module", () => {
    const stray = defineModule({ name: 'notices', resources: [], migrations: [noop('dues/038_notices')] });
    expect(() => migrationsOf(engineMigrations, [...appModules, stray])).toThrow('migration dues/038_notices is in module notices: name it notices/NNN_what');
  });

  it('a list out of order is refused before the database is touched (the server does not start)', async () => {
    const database = await openFreshDatabase();
    try {
      await expect(migrate(database.db, database.engine, [noop('dues/038_a'), noop('dues/038_b')])).rejects.toThrow('share the number 038');
      await expect(sql`SELECT name FROM schema_migrations`.execute(database.db)).rejects.toThrow();
    } finally {
      await database.drop();
    }
  });

  it('a database migrated under the released names migrates to this code without running any again', async () => {
    const database = await openFreshDatabase();
    try {
      // The database as the previous layout left it: every released migration applied, recorded
      // under its name. The migrations themselves are unchanged, only organised and checked.
      const released = appMigrations.filter((m) => RELEASED.includes(m.name));
      expect(await migrate(database.db, database.engine, released)).toEqual(RELEASED);
      const recorded = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(database.db);
      expect(recorded.rows.map((r) => r.name).sort()).toEqual([...RELEASED].sort());

      // Today's code plus a new module migration: only the new one runs.
      let ran = 0;
      const added: Migration = {
        name: 'lists/038_fixture',
        async up(db) {
          ran += 1;
          await db.schema.createTable('fixture_notes').addColumn('_id', 'integer', (c) => c.primaryKey()).execute();
        },
      };
      const lists = appModules.find((m) => m.name === 'lists')!;
      const modules = appModules.map((m) => (m === lists ? { ...lists, migrations: [...lists.migrations, added] } : m));
      // Unreleased migrations run in module order: the fixture after the lists module's own, before later modules'.
      const news = names(migrationsOf(engineMigrations, modules)).filter((name) => !RELEASED.includes(name));
      expect(news).toContain('lists/038_fixture');
      expect(news.length).toBe(names(appMigrations).filter((name) => !RELEASED.includes(name)).length + 1);
      expect(await migrate(database.db, database.engine, migrationsOf(engineMigrations, modules))).toEqual(news);
      expect(ran).toBe(1);
      expect(await migrate(database.db, database.engine, migrationsOf(engineMigrations, modules))).toEqual([]);
      expect(ran).toBe(1);
    } finally {
      await database.drop();
    }
  });
});
