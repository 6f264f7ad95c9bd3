// What server code uses of the settings module: the session limit, the settings resource.
// Imported from outside settings through this file only.
export { SESSION_MAX_DAYS } from './organisation-settings.js';
// The resource itself, for a setting the server writes on an admin's behalf (setup/write-setting.ts).
export { settings } from './settings.js';
