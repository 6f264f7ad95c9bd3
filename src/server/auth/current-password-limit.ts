import type { ServerContext } from '../context.js';
import { tooManyRequests } from '../errors.js';

/** Wrong current passwords an account may send in a window before it has to wait. */
export const CURRENT_PASSWORD_FAILURES = 5;
export const CURRENT_PASSWORD_WINDOW_MS = 15 * 60_000;

interface Failures {
  count: number;
  since: number;
}

// Kept in memory, per server: the check runs inside the write's transaction, where a record
// in the database would be rolled back with the refused write. Several instances each allow
// the few tries above, still far from guessing.
const byServer = new WeakMap<ServerContext, Map<number, Failures>>();

function failuresOf(ctx: ServerContext, userId: number): Failures | undefined {
  const entry = byServer.get(ctx)?.get(userId);
  if (entry && ctx.now() - entry.since > CURRENT_PASSWORD_WINDOW_MS) {
    byServer.get(ctx)!.delete(userId);
    return undefined;
  }
  return entry;
}

/**
 * Someone holding an open session (a borrowed or stolen one) must not be able to guess the
 * password through the password change: after a few wrong tries, the account waits.
 */
export function assertMayTryCurrentPassword(ctx: ServerContext, userId: number): void {
  if ((failuresOf(ctx, userId)?.count ?? 0) >= CURRENT_PASSWORD_FAILURES) {
    throw tooManyRequests('Demasiadas tentativas com a palavra-passe atual errada. Aguarde alguns minutos e tente novamente.');
  }
}

export function recordCurrentPassword(ctx: ServerContext, userId: number, right: boolean): void {
  let failures = byServer.get(ctx);
  if (right) {
    failures?.delete(userId);
    return;
  }
  if (!failures) byServer.set(ctx, (failures = new Map<number, Failures>()));
  const entry = failuresOf(ctx, userId);
  failures.set(userId, entry ? { count: entry.count + 1, since: entry.since } : { count: 1, since: ctx.now() });
}
