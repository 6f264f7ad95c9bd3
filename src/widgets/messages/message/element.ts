import { defineElement } from '../../kit/define-element.js';
import { MessageDetail } from './message.js';

/**
 * `<associa-message message-id="5" message-path="/mensagens/:id">`: for staff, one message of
 * the outbox as it was sent: its subject, recipient, when it was queued and sent, its delivery
 * state (attempts and last error when it failed), the message itself (its HTML part in a
 * sandboxed frame: no script, form or navigation of its own; the text version beside it, or
 * alone when there is no HTML), and "Reenviar" for a message sent or given up (POST
 * messages/{id}/resend, confirmed first), which then opens the copy at `message-path`.
 *
 * Events out: `associa-navigate` {path} for the copy's page.
 */
export const MessageElement = defineElement('associa-message', MessageDetail, { attributes: { messageId: 'string', messagePath: 'string' } });
