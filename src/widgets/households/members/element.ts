import { defineElement } from '../../kit/define-element.js';
import { HouseholdMembers } from './household-members.js';

/**
 * `<associa-household-members household-id="7" member-path="/socios/:id">`: for staff, the
 * members of a household by number, each name a link to their page, the one who pays marked.
 * Staff who may change members add one found by name or number (a member of another household
 * moves only after saying so) and take one out after a question; both write the member's
 * `household` field (PATCH /api/members/{id}).
 */
export const HouseholdMembersElement = defineElement('associa-household-members', HouseholdMembers, { attributes: { householdId: 'string', memberPath: 'string' } });
