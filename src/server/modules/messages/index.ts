import { defineModule } from '../define-module.js';
import { MESSAGE_SETTINGS } from './message-settings.js';
import { messages } from './messages.js';

export const messagesModule = defineModule({ name: 'messages', resources: [messages], settings: MESSAGE_SETTINGS });
