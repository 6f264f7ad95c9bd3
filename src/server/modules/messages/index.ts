import { defineModule } from '../define-module.js';
import { MESSAGE_SETTINGS } from './message-settings.js';
import { messages } from './messages.js';
import { messageHtmlMigration } from './migration.js';
import { resendAction } from './resend.js';

export const messagesModule = defineModule({
  name: 'messages',
  resources: [messages],
  actions: [resendAction],
  settings: MESSAGE_SETTINGS,
  migrations: [messageHtmlMigration],
});
