import { defineElement } from '../../kit/define-element.js';
import { HouseholdDebts } from './household-debts.js';

/**
 * `<associa-household-debts household-id="7" payment-path="/pagamentos/:id">`: for staff, what a
 * household owes (its members' open debts and those charged to it, oldest due first, each naming
 * the member it belongs to), who pays, and *Registar pagamento do agregado*: one payment by the
 * household's payer for the chosen debts (none chosen: the oldest first), through
 * POST /api/payments/record with `household`. The recorded payment links to `payment-path`.
 *
 * Events out: `associa-payment-recorded` with the payment as the server saved it.
 */
export const HouseholdDebtsElement = defineElement('associa-household-debts', HouseholdDebts, { attributes: { householdId: 'string', paymentPath: 'string' } });
