// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { MemberStanding } from './member-standing.js';

/**
 * `<associa-member-standing member-id="42" statement-path="/quotas/dividas/:memberId">`: for
 * staff, a member's standing ('Em dia', 'Em atraso (2 anos, 48,00 €)', 'Isento') with a link to
 * their statement (`statement-path`, its `:memberId` or `:id` filled in). Nothing on a server
 * without the dues module.
 */
export const MemberStandingElement = defineElement('associa-member-standing', MemberStanding, { attributes: { memberId: 'string', statementPath: 'string' } });
