/**
 * A stored phone (E.164, "+351912345678") as people in Portugal write it: Portuguese numbers in
 * the national groups ("912 345 678", "21 234 5678"), others as stored. A small rule instead of
 * libphonenumber-js in the browser, whose metadata would weigh more than the pages it serves.
 */
export function formatPhone(value: string): string {
  const national = /^\+351(\d{9})$/.exec(value)?.[1];
  if (!national) return value;
  // Lisbon (21) and Porto (22) have two-digit area codes; every other number groups by three.
  const groups = /^2[12]/.test(national) ? [2, 3, 4] : [3, 3, 3];
  let at = 0;
  return groups.map((size) => national.slice(at, (at += size))).join(' ');
}
