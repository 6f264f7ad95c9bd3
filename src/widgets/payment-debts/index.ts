// The public entry of <associa-payment-debts>'s folder for other features. A member's debts query
// and a debt's period now live in the core (modules/payments.ts) and widgets/shared/format.ts,
// so pages that only read them do not load the payment form.
export { formatDay } from './ledger.js';
export { LEDGER_RESOURCES } from './use-member-debts.js';
export { PaymentDebts } from './payment-debts.js';
// The table of debts to tick, the line above it, the ticks kept as debts settle, and the form
// that records a payment for them, for a payer other than one member (a household's payer:
// src/widgets/households/debts).
export { DebtsTable } from './debts-table.js';
export { DebtsHeader, keepOpen, toggled } from './debts-choice.js';
export { openDebts, totalOpen } from './ledger.js';
export { RecordForm } from './record-form.js';
// A payer's own request's panel and its reading of expiry, for a household payer's payment on the member home.
export { asInfo, PaymentPanel, PaymentPanelHead, type OwnRequest } from './own-request.js';
export type { RecordedPayment } from './types.js';
