import { DUES_YEARS } from '../../../core/contract.js';
import { badRequest } from '../../errors.js';
import { lisbonDay } from '../../../core/days.js';

/** The longest year range a report answers (the limit). */
export const MAX_REPORT_YEARS = 50;
/** Years a report may name: memberships go back further than the dues ledger (DUES_YEARS). */
export const REPORT_YEARS = { min: 1900, max: DUES_YEARS.max } as const;

export interface ReportParams {
  /** 'YYYY-MM-DD': the report counts what the ledger and the history held on that day. */
  asOf: string;
  from: number;
  to: number;
}

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function parseDay(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const valid = match && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === text;
  if (!valid) throw badRequest(`A data de referência (asOf) "${text}" não é uma data válida: use AAAA-MM-DD.`);
  return text;
}

function parseYear(name: 'from' | 'to', text: string): number {
  const year = /^\d{4}$/.test(text) ? Number(text) : NaN;
  if (!(year >= REPORT_YEARS.min && year <= REPORT_YEARS.max)) throw badRequest(`O ano ${name === 'from' ? 'inicial (from)' : 'final (to)'} tem de ser um número entre ${REPORT_YEARS.min} e ${REPORT_YEARS.max}.`);
  return year;
}

/**
 * A report's `asOf` (default today in Portugal, from the server clock) and year range (default
 * the `span` years up to the year of `asOf`). A future or malformed date, a reversed range, one
 * over MAX_REPORT_YEARS years or past the year of `asOf`: 400 in pt-PT.
 */
export function parseReportParams(query: Query, now: number, span: number): ReportParams {
  const today = lisbonDay(now);
  const asOfText = one(query.asOf);
  const asOf = asOfText === undefined || asOfText === '' ? today : parseDay(asOfText);
  if (asOf > today) throw badRequest(`A data de referência (asOf) não pode ser futura: hoje é ${today}.`);
  const asOfYear = Number(asOf.slice(0, 4));
  const toText = one(query.to);
  const fromText = one(query.from);
  const to = toText ? parseYear('to', toText) : asOfYear;
  const from = fromText ? parseYear('from', fromText) : Math.max(REPORT_YEARS.min, to - span + 1);
  if (from > to) throw badRequest(`O intervalo de anos está invertido: o ano inicial (${from}) é posterior ao final (${to}).`);
  if (to - from + 1 > MAX_REPORT_YEARS) throw badRequest(`O intervalo de anos não pode ter mais de ${MAX_REPORT_YEARS} anos.`);
  if (to > asOfYear) throw badRequest(`O ano final (${to}) não pode ser posterior ao ano da data de referência (${asOfYear}).`);
  return { asOf, from, to };
}

/** The years of the range, each with its cut-off day: 31 December, or `asOf` in its own year. */
export function yearCutoffs({ asOf, from, to }: ReportParams, before = 0): { year: number; cutoff: string }[] {
  return Array.from({ length: to - from + 1 + before }, (_, i) => {
    const year = from - before + i;
    const end = `${year}-12-31`;
    return { year, cutoff: end < asOf ? end : asOf };
  });
}

/**
 * The first instant after the day `asOf` in Portugal, as an ISO timestamp: record stamps
 * (annulments, waivers) are UTC, and Lisbon runs an hour ahead in summer.
 */
export function afterDay(asOf: string): string {
  const nextMidnightUtc = Date.parse(`${asOf}T00:00:00Z`) + 86_400_000;
  const anHourEarlier = nextMidnightUtc - 3_600_000;
  return new Date(lisbonDay(anHourEarlier) > asOf ? anHourEarlier : nextMidnightUtc).toISOString();
}
