import { defineElement } from '../../kit/index.js';
import { Reminders } from './reminders.js';

/**
 * `<associa-reminders stage-edit-path="/quotas/avisos/etapas/:id" new-stage-path="/quotas/avisos/etapas/novo">`:
 * for staff, the staged payment reminders: the stages (a generic list whose rows open
 * `stage-edit-path`, with "Nova etapa" to `new-stage-path`), then the log of what the planner
 * decided, filtered by stage and decision, with "Planear agora" and "Aprovar" (for callers
 * the server lets plan) followed as server jobs to their end.
 *
 * Events out: `associa-navigate` {path} when a stage row or "Nova etapa" is opened.
 */
export const RemindersElement = defineElement('associa-reminders', Reminders, { attributes: { stageEditPath: 'string', newStagePath: 'string' } });
