import type { Role } from '../../core/contract.js';

/** Who may receive an event. Absent: every authenticated connection. */
export interface Audience {
  roles: readonly Role[];
  /** users._id values that may see it whatever their role (e.g. the member the record belongs to). */
  userIds?: readonly number[];
}

export interface BusEvent {
  topic: string;
  payload: unknown;
  audience?: Audience;
}

/**
 * Carries events to every server instance: in-process on SQLite (one instance per file),
 * LISTEN/NOTIFY on PostgreSQL.
 */
export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const listeners = new Set<(event: BusEvent) => void>();
  return {
    async publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
