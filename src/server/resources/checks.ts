/**
 * Named checks a field's validation may list (`checks: ['nif']`). Each returns a pt-PT
 * message when the value is wrong, or null.
 */

/** The mod-11 check digit of the first 8 digits of a Portuguese NIF (for generating test data too). */
export function nifCheckDigit(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(first8[i]) * (9 - i);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Portuguese tax number: 9 digits, a first digit in use, and a correct check digit. */
export function isValidNif(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  // First digits in use: 1-3 people, 45 non-residents, 5 companies, 6 public bodies,
  // 70/74/75/77/79 special cases, 8 sole traders, 90/91/98/99 other entities.
  if (!/^([1235689]|45|7[04579]|9[0189])/.test(value)) return false;
  return nifCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

export const CHECKS: Record<string, (value: string) => string | null> = {
  nif: (v) => (isValidNif(v) ? null : 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto.'),
  postalCode: (v) => (/^\d{4}-\d{3}$/.test(v) ? null : 'Código postal inválido: use o formato NNNN-NNN.'),
  color: (v) => (/^#[0-9a-fA-F]{6}$/.test(v) ? null : 'Cor inválida: use o formato #RRGGBB.'),
};
