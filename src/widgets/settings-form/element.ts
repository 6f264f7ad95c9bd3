import { defineElement } from '../kit/index.js';
import { SettingsForm } from './settings-form.js';

/**
 * `<associa-settings-form names="SendMessages,automatedMemberPayments" heading="…" api="…">`:
 * edits named settings (administrators; others read only). Sends `associa-saved`.
 * The names per settings page are exported by ./pages.ts.
 */
export const SettingsFormElement = defineElement('associa-settings-form', SettingsForm, {
  attributes: { names: 'string', heading: 'string' },
});
