// The named checks live with the browser's public forms, which judge values by the same rules.
export { isValidNif, nifCheckDigit } from '../../core/field-checks.js';
