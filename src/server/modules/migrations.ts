import { migrationOrder, type Migration } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import type { Module } from './define-module.js';
import { appModules } from './index.js';

/**
 * The engine's migrations then every module's, in migrationOrder: the released global names as
 * they always ran, then each module's `<module>/NNN_what` in module order. Throws (so the server
 * does not start) on a number taken twice, or on a module's migration named after another module.
 */
export function migrationsOf(engine: readonly Migration[], modules: readonly Module[]): Migration[] {
  const misplaced = modules.flatMap((module) =>
    module.migrations.filter((m) => m.name.includes('/') && !m.name.startsWith(`${module.name}/`)).map((m) => `migration ${m.name} is in module ${module.name}: name it ${module.name}/NNN_what`),
  );
  if (misplaced.length > 0) throw new Error(`Migrations out of order, nothing applied:\n- ${misplaced.join('\n- ')}`);
  return migrationOrder([...engine, ...modules.flatMap((module) => module.migrations)]);
}

export const appMigrations: readonly Migration[] = migrationsOf(migrations, appModules);
