import type { JobProgress } from '../contract.js';

const STATES: readonly string[] = ['queued', 'running', 'done', 'failed'] satisfies JobProgress['state'][];

/** A `jobs` topic payload, or null when the message is not one (the socket carries what the server sends). */
export function jobProgressOf(payload: unknown): JobProgress | null {
  if (payload === null || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.id !== 'number' || typeof p.state !== 'string' || !STATES.includes(p.state)) return null;
  return {
    id: p.id,
    name: typeof p.name === 'string' ? p.name : '',
    state: p.state as JobProgress['state'],
    progress: typeof p.progress === 'number' ? p.progress : 0,
    total: typeof p.total === 'number' ? p.total : null,
    ...(p.state === 'done' && 'result' in p ? { result: p.result } : {}),
  };
}
