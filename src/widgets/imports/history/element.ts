import { defineElement } from '../../kit/index.js';
import { ImportHistory } from './history.js';

/**
 * `<associa-import-history>`: for staff, the imports done so far, newest first (GET imports: kind,
 * file, who, when, state, counts), each committed one with 'Anular importação' (POST
 * imports/:id/undo): asked first; when later work depends on it (409 import_blocked), that work
 * listed in plain words and 'Anular o resto' offered ({ rest: true }).
 */
export const ImportHistoryElement = defineElement('associa-import-history', ImportHistory, { attributes: {} });
