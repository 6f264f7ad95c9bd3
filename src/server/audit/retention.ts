import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { readSetting } from '../settings/read.js';
import { AUDIT_TABLE } from './record.js';

const DAY_MS = 86_400_000;
// Small batches keep each delete short, so writers (SQLite has one) never wait long behind it.
const BATCH = 5000;

/** The retention in days (setting auditRetentionDays); a missing or malformed value keeps the default rather than deleting more. */
export async function retentionDays(db: Db): Promise<number> {
  return readSetting(db, 'auditRetentionDays');
}

/** Deletes audit entries older than the retention at time `now` (ms). Returns how many went. */
export async function pruneAudit(db: Db, now: number): Promise<number> {
  const cutoff = new Date(now - (await retentionDays(db)) * DAY_MS).toISOString();
  let removed = 0;
  for (;;) {
    const batch = db.selectFrom(AUDIT_TABLE).select('_id').where('at', '<', cutoff).orderBy('at').limit(BATCH);
    const result = await db.deleteFrom(AUDIT_TABLE).where('_id', 'in', batch).executeTakeFirst();
    const count = Number(result.numDeletedRows);
    removed += count;
    if (count < BATCH) return removed;
  }
}

export interface AuditPruner {
  /** Waits for a pass in progress, then stops. */
  stop(): Promise<void>;
}

/** Prunes at once and then once a day, on the server clock, until stopped (at shutdown). */
export function startAuditPruning(ctx: ServerContext, everyMs = DAY_MS): AuditPruner {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = running
      .then(() => pruneAudit(ctx.database.db, ctx.now()))
      .then(
        () => undefined,
        (error: unknown) => console.error('Audit trail pruning failed:', error),
      );
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
