// What other domains use of collecting: payment requests (opening, storing, their expiry), the
// payment provider and the methods a payer may choose. Imported from outside collecting
// through this file only.
export { MAX_REFERENCE_CENTS } from './multibanco.js';
export { parseCents, parseDay } from './reconciliation-csv.js';
export { checkPayerChoice } from './payer-choice.js';
export { payerHouseholdDebts } from './household-scope.js';
export { HOUSEHOLD_DEBTS_SCHEMA } from './route-docs.js';
export { availableMethods, transferOption } from './payment-options.js';
export type { RequestMethod } from './payment-requests.js';
export { ifthenpayProvider } from './ifthenpay.js';
export { ProviderError, type IssuedReference, type PaymentProvider } from './provider.js';
export { currentProvider, openPaymentRequest, requestExpiry, storePaymentRequest } from './requests.js';
