// Money in the browser: the API carries integer cents; people read and type euros with a
// comma. Conversions go through the digits as text, never through a float (0,10 € stays 10).

const currency = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' });

/** Cents as pt-PT euros: 2400 → "24,00 €" (a no-break space before the sign, as Intl writes it). */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) return String(cents);
  const negative = cents < 0;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const euros = BigInt(digits.slice(0, -2)) * (negative ? -1n : 1n);
  // Intl lays out the whole euros (grouping, sign, symbol); the cents are put in as written.
  return currency
    .formatToParts(euros)
    .map((part) => (part.type === 'fraction' ? digits.slice(-2) : part.value))
    .join('');
}

/** Cents as a person types them in a field: 2450 → "24,50", 10 → "0,10". */
export function centsToInput(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) return String(cents);
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)},${digits.slice(-2)}`;
}

// Euros with a comma and at most two decimals; thousands grouped by a space or a dot, used
// the same way throughout (999 999,99 or 1.234,50), or not at all. A euro sign may follow.
const EUROS = /^(\d{1,3}(?:([ .\u00a0\u202f])\d{3})(?:\2\d{3})*|\d+)(?:,(\d{1,2}))?$/;

/** What a person typed, in cents, or undefined when it is not an amount in euros. */
export function parseEuros(text: string): number | undefined {
  const match = EUROS.exec(text.trim().replace(/\s*€$/, ''));
  if (!match) return undefined;
  const whole = match[1]!.replace(/[ .\u00a0\u202f]/g, '');
  const cents = Number(`${whole}${(match[3] ?? '').padEnd(2, '0')}`);
  return Number.isSafeInteger(cents) ? cents : undefined;
}
