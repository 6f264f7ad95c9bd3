// The public entry of <associa-payment-debts>'s folder for other features: the ledger's reads
// and its way of writing a day and a period, which the payments and treasury elements share.
export { formatDay, periodText } from './ledger.js';
export { debtsQuery, LEDGER_RESOURCES } from './use-member-debts.js';
