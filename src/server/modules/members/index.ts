import { defineModule } from '../define-module.js';
import { MEMBERSHIP_SETTINGS } from './member-settings.js';
import { members } from './members.js';

export const membersModule = defineModule({ name: 'members', resources: [members], settings: MEMBERSHIP_SETTINGS });
