// Money in the browser: the API carries integer cents; people read and type euros with a
// comma. Conversions go through the digits as text, never through a float (0,10 € stays 10).
import { formatCents } from '../../core/index.js';

/**
 * Cents as pt-PT euros: 2400 → "24,00 €", 883404 → "8 834,04 €" (no-break spaces, as Intl writes
 * them; thousands always grouped: the one rule of core/number-format.ts, the server's too).
 */
export const formatMoney = (cents: number): string => formatCents(cents);

/** Cents as a person types them in a field: 2450 → "24,50", 10 → "0,10". */
export function centsToInput(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) return String(cents);
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)},${digits.slice(-2)}`;
}

// Euros with a comma (or a decimal point, see DECIMAL_POINT) and at most two decimals; thousands grouped by a space or a dot, used
// the same way throughout (999 999,99 or 1.234,50), or not at all. A euro sign may follow.
const EUROS = /^(\d{1,3}(?:([ .\u00a0\u202f])\d{3})(?:\2\d{3})*|\d+)(?:,(\d{1,2}))?$/;

// Without a comma, a lone dot before one or two final digits is the decimal point ("12.50", as a
// keypad or another program writes it); before three it still groups thousands ("1.234").
const DECIMAL_POINT = /\.(\d{1,2})$/;

/**
 * What a person typed, in cents, or undefined when it is not an amount in euros: "12,50" and
 * "12.50" alike. The one parser of every money input.
 */
export function parseEuros(text: string): number | undefined {
  const typed = text.trim().replace(/\s*€$/, '');
  const pointOnly = !typed.includes(',') && typed.indexOf('.') === typed.lastIndexOf('.');
  const match = EUROS.exec(pointOnly ? typed.replace(DECIMAL_POINT, ',$1') : typed);
  if (!match) return undefined;
  const whole = match[1]!.replace(/[ .\u00a0\u202f]/g, '');
  const cents = Number(`${whole}${(match[3] ?? '').padEnd(2, '0')}`);
  return Number.isSafeInteger(cents) ? cents : undefined;
}
