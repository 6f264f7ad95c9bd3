import { JOBS_TOPIC, STAFF_ROLES, type JobProgress } from '../../core/contract.js';
import type { EventBus } from '../realtime/bus.js';
import { resourceChanged } from '../realtime/topics.js';
import type { Job, Progress } from './store.js';

/** Progress bars (an on-demand run started from the back office) are shown to staff. */
export async function announceProgress(bus: EventBus, job: Job, state: Job['state'], progress: Progress, result?: { value: unknown }): Promise<void> {
  const payload: JobProgress = { id: job._id, name: job.name, state, progress: progress.done, total: progress.total, ...(result ? { result: result.value } : {}) };
  await bus.publish({ topic: JOBS_TOPIC, payload, audience: { roles: STAFF_ROLES } });
}

/**
 * A run changed state (`result`: a done run's, for a job whose definition says staff may read it): its progress event, and the jobs resource's change event, which
 * refreshes open lists of jobs (administrators only read them) and empties the list caches.
 */
export async function announceState(bus: EventBus, job: Job, state: Job['state'], progress: Progress, result?: { value: unknown }): Promise<void> {
  await announceProgress(bus, job, state, progress, result);
  await bus.publish(resourceChanged('jobs', 'updated', job._id, { roles: ['admin'] }));
}
