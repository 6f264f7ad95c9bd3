import { randomInt } from 'node:crypto';

/**
 * Card verification codes: 13 symbols of Crockford's base32 (65 random bits), printed in
 * groups as XXXX-XXXX-XXXXX. The alphabet has no I, L, O or U, so a code read aloud or typed
 * from a worn card is forgiving: lower case, spaces, hyphens, and O/I/L read as 0/1/1.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 13;
const CANONICAL = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

export function newCardCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The stored form of what someone typed or scanned, or null when it cannot be a code. */
export function normaliseCardCode(input: string): string | null {
  if (input.length > 40) return null;
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CANONICAL.test(code) ? code : null;
}

/** 'ABCD-EFGH-JKMNP': how a code is printed and shown. */
export const formatCardCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
