import { describe, expect, it } from 'vitest';
import { isValidReference, localReference, multibancoCheckDigits, portugueseMobile } from '../../../src/server/modules/collecting/multibanco.js';

/**
 * Known-good references. Sources:
 * - Miguel-Frazao/sibs-check-digits-php-python (check_digits.php and .py): entity 90150, first
 *   digits 1231234, 432,11 € -> reference 123123451, the output printed in the repository.
 * - ifthenpay/Algoritmos-e-Rotinas (Python/mb.py, the provider's own published routine, with
 *   the weights listed right to left): its example call GenerateMbRef("93999", "99", "0404", 14.5)
 *   prints "990 040 478"; the other rows are that same routine run on the inputs shown (the
 *   vladyslavkotyk/ifthenpay README's 12345/123/39,99 among them).
 */
const KNOWN: readonly { entity: string; first7: string; cents: number; reference: string }[] = [
  { entity: '90150', first7: '1231234', cents: 43_211, reference: '123123451' },
  { entity: '93999', first7: '9900404', cents: 1_450, reference: '990040478' },
  { entity: '12345', first7: '1231234', cents: 3_999, reference: '123123456' },
  { entity: '11604', first7: '9990001', cents: 100, reference: '999000165' },
  { entity: '21312', first7: '0019999', cents: 99_999_999, reference: '001999989' },
  { entity: '99999', first7: '9990042', cents: 5_000, reference: '999004243' },
];

/** ISO 7064 MOD 97-10, the identity the weights encode: 98 - (N x 100 mod 97) over the 20 digits. */
const mod97 = (entity: string, first7: string, cents: number) =>
  String(98n - ((BigInt(`${entity}${first7}${String(cents).padStart(8, '0')}`) * 100n) % 97n)).padStart(2, '0');

describe('Multibanco check digits', () => {
  it.each(KNOWN)('$entity $first7 $cents cents -> $reference', ({ entity, first7, cents, reference }) => {
    expect(`${first7}${multibancoCheckDigits(entity, first7, cents)}`).toBe(reference);
    expect(isValidReference(entity, reference, cents)).toBe(true);
    expect(isValidReference(entity, reference, cents + 1)).toBe(false);
  });

  it('agree with the mod-97 identity over many inputs', () => {
    for (let i = 0; i < 2_000; i += 1) {
      const entity = String(10_000 + ((i * 7919) % 90_000));
      const first7 = String((i * 104_729) % 10_000_000).padStart(7, '0');
      const cents = 1 + ((i * 15_485_863) % 99_999_999);
      expect(multibancoCheckDigits(entity, first7, cents)).toBe(mod97(entity, first7, cents));
    }
  });

  it('builds a local reference from sub-entity and sequence, and refuses what does not fit', () => {
    expect(localReference('93999', '990', 404, 1_450)).toBe(`9900404${multibancoCheckDigits('93999', '9900404', 1_450)}`);
    expect(localReference('90150', '123', 1234, 43_211)).toBe('123123451');
    expect(() => localReference('9015', '123', 1, 100)).toThrow(RangeError);
    expect(() => localReference('90150', '12', 1, 100)).toThrow(RangeError);
    expect(() => localReference('90150', '123', 10_000, 100)).toThrow(RangeError);
    expect(() => localReference('90150', '123', 1, 0)).toThrow(RangeError);
    expect(() => localReference('90150', '123', 1, 100_000_000)).toThrow(RangeError);
  });
});

describe('Portuguese mobile numbers', () => {
  it.each([
    ['912345678', '912345678'],
    ['+351 962 345 678', '962345678'],
    ['00351932345678', '932345678'],
    ['926-345-678', '926345678'],
  ])('%s is %s', (text, expected) => expect(portugueseMobile(text)).toBe(expected));

  it.each(['212345678', '94123456', '9123456789', '951234567', '+34912345678', 'abc'])('%s is not one', (text) => expect(portugueseMobile(text)).toBeNull());
});
