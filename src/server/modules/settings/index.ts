import { defineModule } from '../define-module.js';
import { ORGANISATION_SETTINGS, SECURITY_SETTINGS, TREASURY_SETTINGS } from './organisation-settings.js';
import { settings } from './settings.js';

/** The settings resource and the organisation-wide settings (identity, security policy, treasury). */
export const settingsModule = defineModule({
  name: 'settings',
  resources: [settings],
  settings: [...ORGANISATION_SETTINGS, ...SECURITY_SETTINGS, ...TREASURY_SETTINGS],
});
