import { defineElement } from '../../kit/define-element.js';
import { CardCheckIn } from './check-in.js';

/**
 * `<associa-card-check-in>`: for staff, a general assembly's door (verify multiple). Codes come
 * from a keyboard-wedge scanner, the camera or typing, and go one at a time to the check-in
 * session the server keeps (POST card_checkins/{id}/scan), with the running counts of members
 * present and in full rights, duplicates flagged and the session as a CSV for the minutes.
 * `session-id` names the session; without it, one is started (named and dated) or a recent one
 * reopened. `session-path` ('/cartoessocio/verificarVarios/:id?') is the session's address the
 * element navigates to (`associa-navigate`); without it, sessions open in place.
 */
export const CardCheckInElement = defineElement('associa-card-check-in', CardCheckIn, { attributes: { sessionId: 'string', sessionPath: 'string' } });
