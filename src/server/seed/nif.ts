/**
 * Portuguese tax numbers (NIF) for fictitious records. A NIF has nine digits; the last is a
 * mod-11 check digit over the first eight, weighted 9 down to 2.
 */
export function nifCheckDigit(firstEight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(firstEight[i]) * (9 - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Individuals' NIFs start with 1, 2 or 3. */
const PERSON_PREFIXES = ['1', '2', '3'] as const;

/**
 * A valid individual NIF. `randomInt(max)` returns an integer in 0..max; a seeded one always
 * yields the same numbers.
 */
export function generateNif(randomInt: (max: number) => number): string {
  let body = PERSON_PREFIXES[randomInt(PERSON_PREFIXES.length - 1)] ?? '2';
  for (let i = 0; i < 7; i += 1) body += String(randomInt(9));
  return body + String(nifCheckDigit(body));
}
