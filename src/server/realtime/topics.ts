import { changedTopic, type ResourceChange } from '../../core/contract.js';
import type { AuthenticatedCaller } from '../auth/caller.js';
import type { Audience, BusEvent } from './bus.js';

/** The event to publish after a record was created, updated or deleted. */
export function resourceChanged(
  resource: string,
  action: ResourceChange['action'],
  id: number,
  audience?: Audience,
): BusEvent {
  const payload: ResourceChange = { resource, action, id };
  return { topic: changedTopic(resource), payload, ...(audience ? { audience } : {}) };
}

/** Between instances only: sockets of this caller must authenticate again. */
export const REAUTHENTICATE_TOPIC = 'realtime:reauthenticate';

export interface Reauthenticate {
  kind: AuthenticatedCaller['kind'];
  id: number;
}

/**
 * Published when an account or key loses rights its sockets may still hold (password
 * changed, account deactivated or deleted, role changed, key revoked or deleted).
 */
export function reauthenticate(kind: Reauthenticate['kind'], id: number): BusEvent {
  const payload: Reauthenticate = { kind, id };
  // An audience naming no role and no user: no socket receives it, every instance hears it.
  return { topic: REAUTHENTICATE_TOPIC, payload, audience: { roles: [] } };
}

/**
 * Heard on one instance only, when its bus listener is back after losing its connection:
 * events published meanwhile by other instances were never heard, so anything kept because
 * no event said otherwise (cached accounts, lists) must be dropped. No socket receives it.
 */
export const BUS_RESYNC_TOPIC = 'bus:resync';

export const busResync = (): BusEvent => ({ topic: BUS_RESYNC_TOPIC, payload: null, audience: { roles: [] } });
