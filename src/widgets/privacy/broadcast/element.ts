import { defineElement } from '../../kit/index.js';
import { MemberBroadcast } from './broadcast.js';

/**
 * `<associa-member-broadcast messages-path="/mensagens">`: for staff, "Enviar mensagem aos sócios":
 * a purpose, a subject and a text for the members chosen by state and fee category; before
 * sending, how many receive it and how many are left out and why (no consent, no e-mail, left);
 * then the messages queued (POST members/broadcast), followed as a job when they are many.
 *
 * Events out: `associa-navigate` {path} when "Ver as mensagens" is followed.
 */
export const MemberBroadcastElement = defineElement('associa-member-broadcast', MemberBroadcast, { attributes: { messagesPath: 'string' } });
