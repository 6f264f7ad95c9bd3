import { CHANGED_TOPIC_SUFFIX, type ResourceChange } from './contract.js';
import type { Realtime } from './realtime.js';

/**
 * The resource change a realtime message announces ('{resource} changed' with
 * {resource, action, id}), or null for any other topic. The resource named in the payload
 * wins over the topic; a payload without an action or id still names its resource.
 */
export interface AnnouncedChange {
  resource: string;
  action: ResourceChange['action'] | null;
  id: number | null;
}

export function resourceChangeOf(topic: string, payload: unknown): AnnouncedChange | null {
  if (!topic.endsWith(CHANGED_TOPIC_SUFFIX)) return null;
  const body = payload !== null && typeof payload === 'object' ? (payload as Partial<ResourceChange>) : {};
  const resource = typeof body.resource === 'string' ? body.resource : topic.slice(0, -CHANGED_TOPIC_SUFFIX.length);
  const action = body.action === 'created' || body.action === 'updated' || body.action === 'deleted' ? body.action : null;
  const id = typeof body.id === 'number' && Number.isFinite(body.id) ? body.id : null;
  return { resource, action, id };
}

/**
 * Calls `listener` when another write to one record is announced (updated or deleted).
 * Returns the unsubscribe function.
 */
export function watchRecord(
  realtime: Realtime,
  resource: string,
  id: string | number,
  listener: (action: 'updated' | 'deleted') => void,
): () => void {
  return realtime.subscribe('*', (payload, topic) => {
    const change = resourceChangeOf(topic, payload);
    if (!change || change.resource !== resource || change.id === null || String(change.id) !== String(id)) return;
    if (change.action === 'updated' || change.action === 'deleted') listener(change.action);
  });
}
