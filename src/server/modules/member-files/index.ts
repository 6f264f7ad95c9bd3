import { defineModule } from '../define-module.js';
import { memberFilesMigration } from './migration.js';
import { memberFilesRoutes } from './routes.js';


/**
 * Photos and PDF documents of members and of member applications (SPEC 7): a member's photo
 * is also the one their card shows.
 */
export const memberFilesModule = defineModule({
  name: 'member-files',
  resources: [],
  migrations: [memberFilesMigration],
  routes: memberFilesRoutes,
});
