import { defineElement } from '../../kit/define-element.js';
import { MemberCard } from './member-card.js';

/**
 * `<associa-member-card member-id="42" card-path="/cartoessocio/:id" letter-path="/cartaCartoessocio/:id" verify-path="/v/:id">`:
 * for staff, a member's current card (active, else the latest): its code (a link to `card-path`),
 * issue date and validity, then `<associa-card-actions>` for it (standing today, PDF, reissue in
 * place, revoke, cover letter, public check), loaded on first show. Older cards are counted.
 * Nothing on a server without cards.
 */
export const MemberCardElement = defineElement('associa-member-card', MemberCard, {
  attributes: { memberId: 'string', cardPath: 'string', letterPath: 'string', verifyPath: 'string' },
});
