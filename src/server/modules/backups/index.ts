import { defineModule } from '../define-module.js';
import { BACKUP_SETTINGS } from './backup-settings.js';
import { backupJob } from './job.js';
import { backupsMigration } from './migration.js';
import { backupRoutes } from './routes.js';
import './tables.js';

/**
 * Backups: a daily one (and one on demand) of the database and the stored files, online on both
 * engines, each read back and checked after writing, rotated by day and week; the operator's
 * `npm run admin -- backup|restore` (src/server/admin/backup-commands.ts). Decision 0046.
 */
export const backupsModule = defineModule({
  name: 'backups',
  resources: [],
  settings: BACKUP_SETTINGS,
  migrations: [backupsMigration],
  jobs: [backupJob],
  routes: backupRoutes,
});
