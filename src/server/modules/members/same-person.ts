// When two records look like the same person: the same NIF, the same e-mail (whatever its case),
// or the same name and birth date. One text for a new member's check (duplicate-members.ts) and
// the applications' flag, filter and duplicates view (applications/duplicates-sql.ts), so they
// never disagree.

/** The SQL condition that row `other` (a members or member_applications alias) matches row `self`, for `reason`. */
export const MATCHES = {
  nif: (self: string, other: string) => `(${self}.nif IS NOT NULL AND ${self}.nif <> '' AND ${other}.nif = ${self}.nif)`,
  email: (self: string, other: string) => `(${self}.email IS NOT NULL AND ${self}.email <> '' AND lower(${other}.email) = lower(${self}.email))`,
  name_birth: (self: string, other: string) => `(${self}.birth_date IS NOT NULL AND ${other}.birth_date = ${self}.birth_date AND lower(${other}.name) = lower(${self}.name))`,
} as const;
export type DuplicateReason = keyof typeof MATCHES;
export const DUPLICATE_REASONS = Object.keys(MATCHES) as DuplicateReason[];
