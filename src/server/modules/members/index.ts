import { defineModule } from '../define-module.js';
import { MEMBERSHIP_SETTINGS } from './member-settings.js';
import { members } from './members.js';
import { ownDataRoutes } from './own-data-route.js';

export const membersModule = defineModule({ name: 'members', resources: [members], settings: MEMBERSHIP_SETTINGS, routes: ownDataRoutes });
