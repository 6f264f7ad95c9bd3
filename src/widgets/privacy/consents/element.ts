import { defineElement } from '../../kit/index.js';
import { MemberConsentsPanel } from './member-consents.js';

/**
 * `<associa-member-consents member-id="12">`: for staff, a member's consents (every active purpose,
 * its state, when and from where), with the buttons that record a consent or a withdrawal
 * handed in on paper (GET/POST members/{id}/consents).
 */
export const MemberConsentsElement = defineElement('associa-member-consents', MemberConsentsPanel, { attributes: { memberId: 'string' } });
