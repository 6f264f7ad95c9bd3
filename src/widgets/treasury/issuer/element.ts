// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { IssuerWarning } from './issuer-warning.js';

/**
 * `<associa-issuer-warning settings-path="/utilizadores">`: for staff, a pt-PT warning
 * while the organisation's NIF or address (settings orgNif, orgAddress) is empty, which every
 * receipt issued meanwhile goes out without; nothing when both are filled in. Never blocks issuing.
 */
export const IssuerWarningElement = defineElement('associa-issuer-warning', IssuerWarning, { attributes: { settingsPath: 'string' } });
