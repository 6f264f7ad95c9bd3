import type { ResourceChange } from '../../core/contract.js';
import type { Audience, BusEvent } from './bus.js';

/** Topics of the realtime channel (SPEC 7). */
export const TOPIC = {
  handshake: 'handshake',
  ping: 'ping',
  pong: 'pong',
  error: 'error',
  settingsUpdated: 'settings updated',
  /** Shown to the user as a short toast. */
  debug: 'debug',
} as const;

export const resourceChangedTopic = (resource: string) => `${resource} changed`;

/** The event to publish after a record was created, updated or deleted. */
export function resourceChanged(
  resource: string,
  action: ResourceChange['action'],
  id: number,
  audience?: Audience,
): BusEvent {
  const payload: ResourceChange = { resource, action, id };
  return { topic: resourceChangedTopic(resource), payload, ...(audience ? { audience } : {}) };
}
