import type { Migration } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import { appModules } from './index.js';

/**
 * The engine's migrations and every module's, run together in name order (migrate sorts them):
 * a module's migration names its number in the one sequence, e.g. "010_dues".
 */
export const appMigrations: readonly Migration[] = [...migrations, ...appModules.flatMap((module) => module.migrations)];
