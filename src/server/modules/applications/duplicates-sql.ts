// How an application matches a member or another application: the members' own rule of the
// same person (members/same-person.ts), for the list's flag, its filter and the staff's
// duplicates view, so they never disagree with a new member's check.
import { DUPLICATE_REASONS, MATCHES } from '../members/public.js';

export { DUPLICATE_REASONS, MATCHES, type DuplicateReason } from '../members/public.js';

/** An accepted application's own member is no duplicate of it. */
export const notItsMember = (self: string, member: string) => `(${self}.member IS NULL OR ${member}._id <> ${self}.member)`;

const anyMatch = (self: string, other: string) => DUPLICATE_REASONS.map((reason) => MATCHES[reason](self, other)).join(' OR ');

/**
 * Whether application `self` has a duplicate: a member (not the one it became), or another
 * application not accepted (an accepted one is its member already, so it is left to the members' side).
 */
export const hasDuplicateSql = (self: string): string =>
  `EXISTS (SELECT 1 FROM members dm WHERE ${notItsMember(self, 'dm')} AND (${anyMatch(self, 'dm')})) OR ` +
  `EXISTS (SELECT 1 FROM member_applications da WHERE da._id <> ${self}._id AND da.state <> 'accepted' AND (${anyMatch(self, 'da')}))`;
