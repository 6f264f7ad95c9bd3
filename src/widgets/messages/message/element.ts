import { defineElement } from '../../kit/define-element.js';
import { MessageDetail } from './message.js';

/**
 * `<associa-message message-id="5" message-path="/mensagens/:id">`: for staff, below a message's
 * read-only form: its HTML part in a sandboxed frame (no script, form or navigation of its own),
 * and "Reenviar" for a message sent or given up (POST messages/{id}/resend, confirmed first),
 * which then opens the copy at `message-path`.
 *
 * Events out: `associa-navigate` {path} for the copy's page.
 */
export const MessageElement = defineElement('associa-message', MessageDetail, { attributes: { messageId: 'string', messagePath: 'string' } });
