import { defineElement } from '../kit/index.js';
import { SettingsForm } from './settings-form.js';

/**
 * `<associa-settings-form page="messages" heading="…" api="…">`: edits the settings of a
 * settings page, as the server's schema places them (or `names="a,b"`: those settings, in
 * that order). Administrators edit; others read only. Sends `associa-saved`.
 */
export const SettingsFormElement = defineElement('associa-settings-form', SettingsForm, {
  attributes: { page: 'string', names: 'string', heading: 'string' },
});
