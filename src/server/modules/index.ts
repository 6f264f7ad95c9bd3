import { apiSecrets, revokeApiSecret } from '../resources/definitions/api-secrets.js';
import { contacts } from '../resources/definitions/contacts.js';
import { countries } from '../resources/definitions/countries.js';
import { members } from '../resources/definitions/members.js';
import { memberStates } from '../resources/definitions/member-states.js';
import { messages } from '../resources/definitions/messages.js';
import { settings } from '../resources/definitions/settings.js';
import { tags } from '../resources/definitions/tags.js';
import { users } from '../resources/definitions/users.js';
import { defineModule, type Module } from './define-module.js';

/**
 * Every module the application serves, in the order the explainer and OpenAPI list their
 * resources. The one place the list is written: buildApp passes it to the engine.
 */
export const appModules: readonly Module[] = [
  defineModule({ name: 'members', resources: [members] }),
  defineModule({ name: 'reference', resources: [memberStates, countries, tags, contacts] }),
  defineModule({ name: 'users', resources: [users, apiSecrets], actions: [revokeApiSecret] }),
  defineModule({ name: 'settings', resources: [settings] }),
  defineModule({ name: 'messages', resources: [messages] }),
];
