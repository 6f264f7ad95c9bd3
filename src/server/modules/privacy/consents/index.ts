import type { PrivacyPart } from '../part.js';
import { broadcastAction, broadcastJob } from './broadcast.js';
import { consents } from './consents.js';
import { consentRoutes } from './member-routes.js';
import { consentsMigration } from './migration.js';
import { consentPurposes } from './purposes.js';
import './tables.js';

// `as const`: the resources' literal names and fields type the tables (see part.ts).
export const CONSENT_RESOURCES = [consentPurposes, consents] as const;

/**
 * The consent register (issue 34, part 4): purposes (Configuração › Privacidade), each person's
 * consents (GET/POST /members/{id}/consents, the application form and its acceptance), and
 * messages to many members by purpose that leave out who did not consent (POST /members/broadcast).
 */
export const consentsPart: PrivacyPart = { actions: [broadcastAction], migrations: [consentsMigration], jobs: [broadcastJob], routes: consentRoutes };
