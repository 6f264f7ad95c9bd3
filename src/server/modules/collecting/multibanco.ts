// Local Multibanco references (the association's own entity and sub-entity, no provider):
// reference = sub-entity (3) + sequence (4) + 2 check digits. The check digits are SIBS's
// standard: over the 20 digits entity (5) + the first 7 digits of the reference + amount in
// cents (8, zero padded), weighted 51, 73, 17, ... 3 left to right, check = 98 - (sum mod 97).

const WEIGHTS = [51, 73, 17, 89, 38, 62, 45, 53, 15, 50, 5, 49, 34, 81, 76, 27, 90, 9, 30, 3] as const;

/** Largest amount a Multibanco reference can carry: 8 digits of cents (999 999,99 €). */
export const MAX_REFERENCE_CENTS = 99_999_999;

/** The two check digits of `entity` (5 digits), the reference's first 7 digits and the amount in cents. */
export function multibancoCheckDigits(entity: string, first7: string, cents: number): string {
  if (!/^\d{5}$/.test(entity)) throw new RangeError(`Multibanco entity must be 5 digits, got "${entity}"`);
  if (!/^\d{7}$/.test(first7)) throw new RangeError(`Multibanco reference prefix must be 7 digits, got "${first7}"`);
  if (!Number.isSafeInteger(cents) || cents < 1 || cents > MAX_REFERENCE_CENTS) throw new RangeError(`Multibanco amount must be 1..${MAX_REFERENCE_CENTS} cents, got ${cents}`);
  const digits = `${entity}${first7}${String(cents).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 20; i += 1) sum += Number(digits[i]) * WEIGHTS[i]!;
  return String(98 - (sum % 97)).padStart(2, '0');
}

/** The 9-digit reference of sub-entity (3 digits) and sequence (0..9999) for this entity and amount. */
export function localReference(entity: string, subEntity: string, sequence: number, cents: number): string {
  if (!/^\d{3}$/.test(subEntity)) throw new RangeError(`Multibanco sub-entity must be 3 digits, got "${subEntity}"`);
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > 9999) throw new RangeError(`Multibanco sequence must be 0..9999, got ${sequence}`);
  const first7 = `${subEntity}${String(sequence).padStart(4, '0')}`;
  return `${first7}${multibancoCheckDigits(entity, first7, cents)}`;
}

/** Whether a 9-digit reference's check digits agree with the entity and the amount. */
export function isValidReference(entity: string, reference: string, cents: number): boolean {
  if (!/^\d{9}$/.test(reference)) return false;
  try {
    return multibancoCheckDigits(entity, reference.slice(0, 7), cents) === reference.slice(7);
  } catch {
    return false;
  }
}

/**
 * A Portuguese mobile number as MB WAY wants it (9 digits, 91/92/93/96), from what a person
 * types: spaces, dots and dashes dropped, an optional +351 / 00351 prefix. Null when it is not one.
 */
export function portugueseMobile(text: string): string | null {
  const compact = text.replace(/[\s.\-()]/g, '').replace(/^(\+|00)351/, '');
  return /^9[1236]\d{7}$/.test(compact) ? compact : null;
}
