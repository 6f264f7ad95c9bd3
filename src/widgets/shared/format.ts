import type { ExplainerField, UnsettledPayment } from '../../core/index.js';
import { formatCount } from '../../core/index.js';
import { formatMoney } from './money.js';
import { formatPhone } from './phone.js';
import { RESOURCE_TEXTS } from './texts.js';

/** Reference names by id for one resource. */
export type LabelsById = Record<string, string> | undefined;

const dateFormat = new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' });

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function referenceName(id: unknown, labels: LabelsById): string {
  return labels?.[String(id)] ?? `#${String(id)}`;
}

/**
 * A value as a person reads it (pt-PT): Sim/Não, dd/mm/aaaa, option labels, the names of
 * referenced records. Empty values are ''.
 */
export function formatValue(field: ExplainerField, value: unknown, labels?: LabelsById): string {
  if (isEmpty(value)) return '';
  switch (field.type) {
    case 'boolean':
      return value === true || value === 1 || value === 'true' ? RESOURCE_TEXTS.yes : RESOURCE_TEXTS.no;
    case 'date': {
      // Dates are calendar days ('YYYY-MM-DD'): formatted in UTC so no time zone moves them.
      const d = new Date(`${String(value)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? String(value) : dateFormat.format(d);
    }
    case 'datetime': {
      const d = new Date(String(value));
      return Number.isNaN(d.getTime()) ? String(value) : dateTimeFormat.format(d);
    }
    case 'integer':
      // Identifiers and member numbers read better without thousands separators.
      return String(value);
    case 'float32':
      return typeof value === 'number' ? formatCount(value) : String(value);
    case 'money':
      return typeof value === 'number' ? formatMoney(value) : String(value);
    case 'enum':
      return field.options?.find((o) => o.value === String(value))?.label ?? String(value);
    case 'reference':
      return referenceName(value, labels);
    case 'references':
      return Array.isArray(value) ? value.map((id) => referenceName(id, labels)).join(', ') : referenceName(value, labels);
    case 'password':
      return '';
    case 'phone':
      return formatPhone(String(value));
    default:
      return String(value);
  }
}

/** A stored day ('YYYY-MM-DD…') as people in Portugal write it (dd/mm/aaaa); anything else as it is. */
export function formatDay(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (value ?? '');
}

// The part of the year the server names at the end of a schedule debt's description:
// 'Quota 2026 (2.º semestre)', 'Quota 2026 (3.º trimestre)', 'Quota 2026 (março)'.
const PART_OF_YEAR = /\((\d{1,2}\.º (?:semestre|trimestre)|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\)\s*$/;

/** The period a debt covers: its year, and the part of it when the debt is for less than a year. */
export function periodText(debt: Pick<UnsettledPayment, 'year' | 'period' | 'description'>): string {
  if (debt.year === null) return '';
  const part = PART_OF_YEAR.exec(debt.description ?? '')?.[1];
  if (part) return `${part} de ${debt.year}`;
  // Period 1 is also the whole year of an annual quota: only a later one says something more.
  return debt.period !== null && debt.period > 1 ? `${debt.year}, período ${debt.period}` : String(debt.year);
}
