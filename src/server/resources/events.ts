import type { ResourceChange } from '../../core/contract.js';
import type { Db, Row } from '../db/database.js';
import type { EventBus } from '../realtime/bus.js';
import type { Resource } from './define.js';
import { readerRoles } from './permissions.js';
import { accountsOfMembers } from '../auth/guardianship.js';

/**
 * Users whose scope holds these rows (before and after a change), so they hear about them
 * whatever their role: the row's member's users (and a minor's guardian), or the user it names.
 */
export async function owningUsers(db: Db, resource: Resource, rows: readonly (Row | undefined)[], now: number): Promise<number[]> {
  const scope = resource.scope;
  if (!scope) return [];
  const values = [...new Set(rows.map((row) => row?.[scope.column]).filter((v) => v !== null && v !== undefined).map(Number))];
  if (values.length === 0) return [];
  if (scope.equals === 'callerUser') return values;
  return accountsOfMembers(db, values, now);
}

/** Publishes `{resource} changed` to the roles that may read the resource and to the record's owners. */
export async function publishChange(bus: EventBus, resource: Resource, change: Omit<ResourceChange, 'resource'>, userIds: number[]) {
  const roles = readerRoles(resource);
  const payload: ResourceChange = { resource: resource.name, ...change };
  await bus.publish({
    topic: `${resource.name} changed`,
    payload,
    ...(roles === 'anyone' ? {} : { audience: { roles, ...(userIds.length > 0 ? { userIds } : {}) } }),
  });
}
