import type { AuthenticatedCaller } from '../auth/caller.js';
import type { Audience } from './bus.js';

/** Whether a caller may receive an event meant for this audience (absent: everyone signed in). */
export function mayReceive(caller: AuthenticatedCaller, audience: Audience | undefined): boolean {
  if (!audience) return true;
  if (audience.roles.includes(caller.role)) return true;
  return caller.kind === 'user' && (audience.userIds?.includes(caller.id) ?? false);
}
