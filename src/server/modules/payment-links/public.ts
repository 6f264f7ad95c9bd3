// What other domains use of payment links: issuing one, and the port through which reminders
// compose hand-over's e-mail. Imported from outside payment-links through this file only.
export { linkMail } from './link-mail-port.js';
export { issuePaymentLink } from './tokens.js';
