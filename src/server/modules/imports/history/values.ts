// A history file's cells as the ledger reads them: amounts in pt-PT ("12,50", "1.234,50", "€ 3")
// or with a decimal point, days as dd/mm/aaaa or ISO, debt kinds and payment methods by their
// Portuguese names. Each parser answers null for a cell it cannot read; the caller words the error.
import { formatCents } from '../../../../core/number-format.js';
import { PAYMENT_METHODS } from '../../dues/public.js';

/** Folded for comparison: no case, accents, spaces or punctuation ("Débito direto" -> "debitodireto"). */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** A non-negative amount in cents, by string arithmetic only; null when it is no amount. */
export function parseCents(text: string): number | null {
  const value = text.replace(/[\s\u00a0\u202f€]|EUR/gi, '');
  if (!/^\d[\d.,]*$/.test(value)) return null;
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  let whole = value;
  let fraction = '';
  if (lastComma >= 0 || lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    const at = value.lastIndexOf(decimal);
    const tail = value.slice(at + 1);
    // "1.234" alone groups thousands; "12,5" or "12.50" has decimals.
    if (tail.length === 3 && !value.includes(group) && decimal === '.' && /^\d{1,3}(\.\d{3})+$/.test(value)) whole = value.replace(/\./g, '');
    else {
      whole = value.slice(0, at);
      fraction = tail;
      if (whole.includes(group)) {
        if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return null;
        whole = whole.split(group).join('');
      }
    }
  }
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction) || whole.length > 11) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** "20/11/2024", "20-11-2024", "2024-11-20" -> "2024-11-20"; null when it is no real day. */
export function parseDay(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  let iso: string;
  if (match) iso = `${match[1]}-${match[2]}-${match[3]}`;
  else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?: .*)?$/.exec(value);
    if (!match) return null;
    iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  }
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** 'YYYY-MM-DD' as people in Portugal write it. */
export const ptDay = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** 1234 -> "12,34 €", as every page and message writes amounts (decision 0044). */
export const euros = formatCents;

/** What a history row says: a debt of one of the ledger's kinds, or that a member's quotas are paid up to its year. */
export type HistoryKind = 'quota' | 'joia' | 'capital' | 'other' | 'paid_up_to';

/** The kinds by their folded names, as people write them in a spreadsheet. */
const KIND_NAMES: Readonly<Record<HistoryKind, readonly string[]>> = {
  quota: ['quota', 'quotas', 'q'],
  joia: ['joia', 'joias', 'inscricao'],
  capital: ['capital', 'capitalsocial', 'subscricaodecapital'],
  other: ['outro', 'outra', 'outros', 'other'],
  paid_up_to: ['pagasate', 'quotaspagasate', 'pagoate', 'pagaate', 'quotaspagas'],
};

export const KIND_WORDS = 'Quota, Jóia, Capital social, Outro ou Quotas pagas até';

/** An empty kind is a quota (the usual history file lists quotas only). */
export function parseKind(text: string): HistoryKind | null {
  const folded = fold(text);
  if (folded === '') return 'quota';
  for (const [kind, names] of Object.entries(KIND_NAMES) as [HistoryKind, readonly string[]][]) if (names.includes(folded)) return kind;
  return null;
}

export const METHOD_WORDS = PAYMENT_METHODS.map((m) => m.label).join(', ');

/** A payment method by its label or value ("MB WAY", "mbway", "Transferência bancária" -> transferencia). */
export function parseMethod(text: string): string | null {
  const folded = fold(text);
  if (folded === '') return null;
  const exact = PAYMENT_METHODS.find((m) => fold(m.label) === folded || fold(m.value) === folded);
  if (exact) return exact.value;
  const aliases: Record<string, string> = { dinheiro: 'numerario', transferenciabancaria: 'transferencia', tb: 'transferencia', mb: 'multibanco', referenciamultibanco: 'multibanco', dd: 'debito_direto', sepa: 'debito_direto' };
  return aliases[folded] ?? null;
}

/** "2024", "2024/2" or "2024-2" (year and period in one cell). */
export function parseYearPeriod(text: string): { year: number; period: number | null } | null {
  const match = /^(\d{4})(?:\s*[/-]\s*(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return { year: Number(match[1]), period: match[2] === undefined ? null : Number(match[2]) };
}
