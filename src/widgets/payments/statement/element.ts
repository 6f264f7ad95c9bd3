// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { MemberStatement } from './statement.js';

/**
 * `<associa-member-statement member-id="42" receipt-path="/tesoouraria/:id">`: for staff, a
 * member's account (GET members/{id}/statement): every debt, payment, waiver and annulment with
 * the running balance and totals, their standing, what they owe and since when, each payment's
 * receipt (a link to `receipt-path` with its ':id', and its PDF), and *Imprimir* (on paper, the
 * statement alone). Read again whenever the ledger or a receipt changes.
 */
export const MemberStatementElement = defineElement('associa-member-statement', MemberStatement, { attributes: { memberId: 'string', receiptPath: 'string' } });
