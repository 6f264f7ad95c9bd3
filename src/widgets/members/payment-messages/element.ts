// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { MemberPaymentMessages } from './member-payment-messages.js';

/**
 * `<associa-member-payment-messages member-id="42" message-path="/mensagens/:id">`: for staff, the
 * latest automatic payment messages the member was sent (GET payment_messages?_member=42):
 * reminders, notices and payment requests, with their kind, subject linked to the message,
 * date and delivery state. Shows nothing where payment messages are not served to the caller.
 */
export const MemberPaymentMessagesElement = defineElement('associa-member-payment-messages', MemberPaymentMessages, {
  attributes: { memberId: 'string', messagePath: 'string' },
});
