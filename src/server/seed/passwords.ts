import { randomInt } from 'node:crypto';

// No look-alike characters (0/O, 1/l/I), so a password read off a terminal is typed right.
const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password from the operating system's CSPRNG: 16 characters, about 93 bits. */
export function randomPassword(length = 16): string {
  let password = '';
  for (let i = 0; i < length; i += 1) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}
