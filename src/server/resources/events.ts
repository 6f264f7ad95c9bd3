import type { ResourceChange } from '../../core/contract.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../realtime/bus.js';
import type { Resource } from './define.js';
import { readerRoles } from './permissions.js';

/** Users who own a record and so may hear about it whatever their role. */
export async function owningUsers(db: Db, resource: Resource, id: number): Promise<number[]> {
  return resource.owningUsers ? resource.owningUsers(db, id) : [];
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
