import { defineModule } from '../define-module.js';
import { commitJob, serveImportJobs } from './commit.js';
import { importsMigration } from './migration.js';
import { importRoutes } from './routes.js';

/**
 * Imports (decision 0045): an association's spreadsheet of members (and, from ./history, its
 * ledger history) checked row by row without writing, committed as one batch by a job, and
 * undone whole or but for what later work depends on.
 */
export const importsModule = defineModule({
  name: 'imports',
  resources: [],
  jobs: [commitJob],
  migrations: [importsMigration],
  routes: (app) => {
    serveImportJobs(app);
    importRoutes(app);
  },
});
