import { defineElement } from '../../kit/define-element.js';
import { MemberMessages } from './member-messages.js';

/**
 * `<associa-member-messages member-id="42" message-path="/mensagens/:id">`: for staff, the latest
 * messages sent (or waiting, or failed) to the member's e-mail address, newest first: subject (a
 * link to the message), date and state. Read again when the outbox changes.
 */
export const MemberMessagesElement = defineElement('associa-member-messages', MemberMessages, { attributes: { memberId: 'string', messagePath: 'string' } });
