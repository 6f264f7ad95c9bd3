// How an application matches a member or another application: the same NIF, the same e-mail
// (whatever its case), or the same name and birth date. One text for the list's flag, its
// filter and the staff's duplicates view, so they never disagree.

/** The SQL condition that row `other` (a members or member_applications alias) matches application `self`, for `reason`. */
export const MATCHES = {
  nif: (self: string, other: string) => `(${self}.nif IS NOT NULL AND ${self}.nif <> '' AND ${other}.nif = ${self}.nif)`,
  email: (self: string, other: string) => `(${self}.email IS NOT NULL AND ${self}.email <> '' AND lower(${other}.email) = lower(${self}.email))`,
  name_birth: (self: string, other: string) => `(${self}.birth_date IS NOT NULL AND ${other}.birth_date = ${self}.birth_date AND lower(${other}.name) = lower(${self}.name))`,
} as const;
export type DuplicateReason = keyof typeof MATCHES;
export const DUPLICATE_REASONS = Object.keys(MATCHES) as DuplicateReason[];

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
