import { defineElement } from '../../kit/index.js';
import { NotifyMembers } from './notify-members.js';

/**
 * `<associa-notify-members plural="Sócios" messages-path="/mensagens">`: for staff, notify many:
 * members chosen by the unpaid list's filters (standing, fee category, years owed, or one of
 * the person's saved filters of that list), a reminder stage's message previewed for the first
 * of them, then sent to all once confirmed, followed as a server job when it is large.
 * `plural` is the terminology's word for members ("Sócios" when absent); `messages-path` the
 * messages list's route, linked once the messages are in the outbox.
 *
 * Events out: `associa-navigate` {path} when "Ver as mensagens" is followed.
 */
export const NotifyMembersElement = defineElement('associa-notify-members', NotifyMembers, { attributes: { plural: 'string', messagesPath: 'string' } });
