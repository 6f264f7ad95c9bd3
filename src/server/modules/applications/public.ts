// What server code uses of applications: the consent version a form records (the demo).
// Imported from outside applications through this file only.
export { consentVersionOf } from './form-rules.js';
