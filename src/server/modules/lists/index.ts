import { defineModule } from '../define-module.js';
import { bulkJob } from '../../resources/bulk/job.js';
import { bulkRoutes } from '../../resources/bulk/routes.js';
import { savedFiltersMigration } from './migration.js';
import { savedFilters } from './saved-filters.js';

/**
 * What every list offers beyond reading: a person's saved filters, and actions on many rows
 * at once (the bulk routes of every resource, and their job for large sets).
 */
export const listsModule = defineModule({
  name: 'lists',
  resources: [savedFilters],
  migrations: [savedFiltersMigration],
  jobs: [bulkJob],
  routes: bulkRoutes,
});
