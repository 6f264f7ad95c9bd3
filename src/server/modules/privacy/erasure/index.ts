import type { PrivacyPart } from '../part.js';
import { leftOnHooks } from './left-on.js';
import { erasureMigration } from './migration.js';
import { dataSubjectRequests } from './requests.js';
import { retentionJob } from './retention.js';
import { erasureRoutes } from './routes.js';
import './tables.js';

// `as const`: the resources' literal names and fields type the tables (see part.ts).
export const ERASURE_RESOURCES = [dataSubjectRequests] as const;

/**
 * Erasure and retention, and the register of data-subject requests (issue 34, part 5): the
 * register (data_subject_requests), the day a member left (members.left_on, set by a hook on
 * members), the erasure's preview and action (routes.ts), and the nightly retention job.
 */
export const erasurePart: PrivacyPart = {
  actions: [],
  migrations: [erasureMigration],
  jobs: [retentionJob],
  routes: erasureRoutes,
  extends: { members: leftOnHooks },
};
