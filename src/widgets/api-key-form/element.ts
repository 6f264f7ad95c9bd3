import { defineElement } from '../kit/index.js';
import { ApiKeyForm } from './api-key-form.js';

/**
 * `<associa-api-key-form record-id="…" api="…">`: creates an API key (secret shown once) or,
 * with record-id, renames or revokes one. Sends `associa-saved` and `associa-navigate`
 * ('/developers' when done).
 */
export const ApiKeyFormElement = defineElement('associa-api-key-form', ApiKeyForm, { attributes: { recordId: 'string' } });
