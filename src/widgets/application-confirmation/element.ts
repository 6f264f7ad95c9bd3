// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../kit/define-element.js';
import { ApplicationConfirmation } from './application-confirmation.js';

/**
 * `<associa-application-confirmation verification-code="…" api="…">`: confirms a membership
 * applicant's e-mail address from the link of their confirmation message, without login, and
 * says so in pt-PT: confirmed, already confirmed, expired or unknown.
 */
export const ApplicationConfirmationElement = defineElement('associa-application-confirmation', ApplicationConfirmation, {
  attributes: { verificationCode: 'string' },
});
