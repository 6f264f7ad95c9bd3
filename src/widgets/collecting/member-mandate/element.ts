import { defineElement } from '../../kit/index.js';
import { MemberMandate } from './member-mandate.js';

/**
 * `<associa-member-mandate member-id="21" mandate-path="/quotas/debitoDireto/mandatos/:id" new-path="/quotas/debitoDireto/mandatos/novo">`:
 * for staff, the member's active SEPA direct-debit mandate (reference and IBAN) with a link to it,
 * or "Sem mandato ativo." with a link to `new-path`; nothing where the server has no direct debit.
 *
 * Events out: `associa-navigate` {path} for either link.
 */
export const MemberMandateElement = defineElement('associa-member-mandate', MemberMandate, { attributes: { memberId: 'string', mandatePath: 'string', newPath: 'string' } });
