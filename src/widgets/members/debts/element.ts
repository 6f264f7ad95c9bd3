import { defineElement } from '../../kit/define-element.js';
import { MemberDebts } from './member-debts.js';

/**
 * `<associa-member-debts member-id="42">`: for staff, a member's open debts, the latest due
 * first (description, due date, open amount in euros), with the total owed today and what falls
 * due later. Read only: *Registar pagamento* (`<associa-payment-debts>`) records against them.
 * Read again whenever the ledger changes; nothing on a server without the dues module.
 */
export const MemberDebtsElement = defineElement('associa-member-debts', MemberDebts, { attributes: { memberId: 'string' } });
