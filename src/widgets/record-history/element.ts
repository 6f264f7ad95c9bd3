import { defineElement } from '../kit/index.js';
import { RecordHistory } from './record-history.js';

/**
 * `<associa-record-history resource="members" record-id="42" api="…">`: who changed which field
 * of one record, when, from what to what. Administrators see every entry; a person sees the
 * history of their own member and user records (what the server lets them read).
 */
export const RecordHistoryElement = defineElement('associa-record-history', RecordHistory, {
  attributes: { resource: 'string', recordId: 'string' },
});
