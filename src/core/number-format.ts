// Amounts and counts as people in Portugal read them, one rule for every screen, message, PDF and
// chart (docs/decisions/0044-money-grouping.md): pt-PT, thousands always grouped by a no-break
// space from four digits on ("8 834,04 €" beside "25 524,50 €", never "8834,04 €"). Intl's pt-PT
// default groups only from five digits (minimumGroupingDigits 2), which mixed both in one row.
// Plain and shared: the server's messages and PDFs format with it too.

const EUROS = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
const COUNT = new Intl.NumberFormat('pt-PT', { useGrouping: 'always' });

/**
 * Integer cents as pt-PT euros: 883404 → "8 834,04 €", 0 → "0,00 €" (no-break spaces, as Intl
 * writes them). Exact: the euros go through Intl as a whole number, the cents as written, never
 * through a float. Anything that is not a whole number of cents is shown as it is.
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) return String(cents);
  const negative = cents < 0;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const euros = BigInt(digits.slice(0, -2)) * (negative ? -1n : 1n);
  // -0,50 €: a negative amount under one euro keeps its sign (BigInt has no -0).
  const parts = EUROS.formatToParts(negative && euros === 0n ? -0 : euros);
  return parts.map((part) => (part.type === 'fraction' ? digits.slice(-2) : part.value)).join('');
}

/** A count or other number as pt-PT writes it, grouped by the same rule: 1200 → "1 200". */
export const formatCount = (n: number): string => COUNT.format(n);
