// The public entry of <associa-payment-debts>'s folder for other features: the ledger's reads
// and its way of writing a day, a period and a payment method, which the payments, treasury and
// member's home elements share.
export { formatDay, periodText } from './ledger.js';
export { debtsQuery, LEDGER_RESOURCES } from './use-member-debts.js';
export { PaymentDebts } from './payment-debts.js';
