import { defineElement } from '../../kit/define-element.js';
import { MemberHousehold } from './member-household.js';

/**
 * `<associa-member-household member-id="42" household-path="/socios/agregados/:id">`: for staff,
 * on the member's page, the household the member belongs to as a link to its page, and who pays
 * for it (the member themself, another member or a contact). Nothing when they belong to none.
 */
export const MemberHouseholdElement = defineElement('associa-member-household', MemberHousehold, { attributes: { memberId: 'string', householdPath: 'string' } });
