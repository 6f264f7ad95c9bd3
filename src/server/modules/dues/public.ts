// What other domains use of dues: the ledger (recording and annulling payments, raising and
// resolving debts), the owed rule, balances and standing, fee periods, the steps of members
// long SQLite runs go in (member-steps.ts), and the port through
// which the treasury documents payments. The layering test (scripts/layering.mjs) lets other
// domains and server code import this file only.
export { announceLedger, type LedgerChange } from './announce.js';
export { balances, bringBalancesToToday, refreshBalances, STANDINGS } from './balances.js';
export { OWING, type DebtStatus } from './debts.js';
export { discounted, type FeeCharge } from './fee-categories.js';
export { tidyAfterBulk } from './generation.js';
export {
  annulPayment,
  applyCredit,
  dedupeKey,
  householdPayingMember,
  isHouseholdQuota,
  lockHousehold,
  lockMember,
  NOT_THE_HOUSEHOLDS_DEBT,
  raiseDebt,
  recordPayment,
  resolveDebt,
  type Allocation,
  type RecordedPayment,
} from './ledger.js';
export { annulLedgerPayment } from './ledger-action.js';
export { fromStep, memberRun, slicingFor, stepValue, type MemberStep, type Slicing } from './member-steps.js';
export { isOwed, owedDay, owedSql } from './owed.js';
export { announceReceipt, paymentReceipts, type PaidPayment, type PaymentReceipts, type PendingReceipt } from './payment-receipts-port.js';
export { HISTORICAL_PAYMENT, PAYMENT_METHODS } from './payments.js';
export { firstQuotaAmount, PERIODICITIES, periodsOf, periodsPerYear, type Period, type Periodicity } from './periods.js';
export { addReceiptTotals, rebuildReceiptTotals } from './receipt-totals.js';
