// The reminder stages as the collecting elements read them: every stage for the pickers, and a
// stage's message rendered by the server for one member (nothing is sent).
import type { Core } from '../../core/index.js';
import { useQuery } from '../kit/index.js';
import { useCore } from '../feature-kit/use-core.js';

export const STAGES = 'reminder_stages';
export const DECISIONS = 'reminder_decisions';

/** What the pickers need of a stage (the generated record types do not cover reminder_stages yet). */
export interface StageChoice {
  _id: number;
  name: string;
}

/** A stage's message as the server would send it today (POST reminder_stages/{id}/preview). */
export interface RenderedMessage {
  recipient: string | null;
  subject: string;
  text: string;
  html: string;
}

/** A job an action queued, as the action answers with it (null: nothing to do). */
export type QueuedJob = { _id: number; state: 'queued' | 'running' | 'done' | 'failed' } | null;

/** Every stage, in the order they come into play (a handful: read whole). */
export function useStages(): StageChoice[] {
  const core = useCore();
  const view = useQuery<StageChoice[]>(core.queries, { path: STAGES, params: { _page: 1, _limit: -1, _sort: 'offset_days' }, resources: [STAGES] });
  return Array.isArray(view.data) ? view.data : [];
}

/** `purpose` 'notify' renders the message notify many sends (not a staged reminder's). */
export async function previewStage(core: Core, stageId: string, member: number, purpose?: 'notify'): Promise<RenderedMessage> {
  const res = await core.http.post<{ data: RenderedMessage }>(`${STAGES}/${encodeURIComponent(stageId)}/preview`, purpose ? { member, purpose } : { member });
  return res.data.data;
}
