import type { Resource } from '../resources/define.js';
import type { Registry } from '../resources/registry.js';
import { isGranted, serves } from '../resources/served.js';

/**
 * Whether `GET /api/{res}/{id}/history` exists: for records someone may read and the API may
 * change (a granted write or a declared action), which are what the audit trail records. Rows
 * only the server writes (the audit trail itself, jobs, derived balances and allocations) have
 * no history to show.
 */
export const hasHistory =
  (registry: Pick<Registry, 'actionsOf'>) =>
  (resource: Resource): boolean =>
    serves(resource, 'read') && (serves(resource, 'create') || serves(resource, 'update') || serves(resource, 'delete') || registry.actionsOf(resource).some((a) => isGranted(a.access)));
