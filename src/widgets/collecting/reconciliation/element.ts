import { defineElement } from '../../kit/index.js';
import { Reconciliation } from './reconciliation.js';

/**
 * `<associa-reconciliation singular="Sócio" payment-path="/pagamentos/:id" receipt-path="/tesoouraria/:id">`:
 * for staff, a bank or Multibanco statement (CSV) uploaded, each line's proposed match reviewed
 * (changed to a member and debts chosen by hand, or rejected; every change previewed by the
 * server: POST reconciliation_imports/preview), then confirmed (…/confirm), with the payments and
 * receipts the import recorded, linked to `payment-path` and `receipt-path`.
 *
 * Events out: `associa-navigate` {path} for a payment or a receipt opened.
 */
export const ReconciliationElement = defineElement('associa-reconciliation', Reconciliation, { attributes: { singular: 'string', paymentPath: 'string', receiptPath: 'string' } });
