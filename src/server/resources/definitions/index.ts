import type { Resource } from '../define.js';
import { apiSecrets } from './api-secrets.js';
import { withAuditLog } from './audit-log.js';
import { contacts } from './contacts.js';
import { countries } from './countries.js';
import { members } from './members.js';
import { memberStates } from './member-states.js';
import { messages } from './messages.js';
import { settings } from './settings.js';
import { tags } from './tags.js';
import { users } from './users.js';

/** Every resource served by the generic routes, in the order the explainer and OpenAPI list them. */
export const resources: readonly Resource[] = withAuditLog([members, memberStates, countries, tags, contacts, users, settings, apiSecrets, messages]);

const byName = new Map(resources.map((r) => [r.name, r]));
export const resourceByName = (name: string): Resource | undefined => byName.get(name);
