import { defineElement } from '../../kit/index.js';
import { StagePreview } from './stage-preview.js';

/**
 * `<associa-reminder-preview stage-id="3" singular="Sócio">`: for staff, a reminder stage's
 * message for a member picked by name or number, as the server would send it today (nothing
 * is sent). Without `stage-id` (a stage not yet saved) it asks to save the stage first.
 * `singular` is the terminology's word for a member ("Sócio" when absent).
 */
export const ReminderPreviewElement = defineElement('associa-reminder-preview', StagePreview, { attributes: { stageId: 'string', singular: 'string' } });
