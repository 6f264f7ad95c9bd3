// The public entry of <associa-two-factor>'s folder: the code field, the enrolment and the
// recovery codes, which the login's second step shows too.
export { cleanCode } from './api.js';
export { CodeField } from './code-field.js';
export { Enrolment } from './enrolment.js';
export { RecoveryCodes } from './recovery-codes.js';
export { TWO_FACTOR_TEXTS } from './texts.js';
