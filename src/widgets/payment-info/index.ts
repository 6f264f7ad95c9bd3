// The public entry of <associa-payment-info>'s folder: the ways to pay and a request's details,
// which a member's own payment from the dashboard shows too.
export type { InfoRequest, PaymentMethod, TransferOption } from './api.js';
export { PaymentChoices } from './payment-choices.js';
export { RequestDetails } from './request-details.js';
