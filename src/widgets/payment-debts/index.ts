// The public entry of <associa-payment-debts>'s folder for other features. A member's debts query
// and a debt's period now live in the core (modules/payments.ts) and widgets/shared/format.ts,
// so pages that only read them do not load the payment form.
export { formatDay } from './ledger.js';
export { LEDGER_RESOURCES } from './use-member-debts.js';
export { PaymentDebts } from './payment-debts.js';
