// What server code uses of the settings module: the session limit.
// Imported from outside settings through this file only.
export { SESSION_MAX_DAYS } from './organisation-settings.js';
