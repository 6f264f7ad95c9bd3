// One line of a history file read into what it says, or the pt-PT reason, field by field, why it
// cannot be read. Nothing here reads the database: who the member is and what their ledger holds
// is the plan's business (plan.ts).
import type { HistoryField } from './fields.js';
import { euros, KIND_WORDS, METHOD_WORDS, parseCents, parseDay, parseKind, parseMethod, parseYearPeriod, ptDay, type HistoryKind } from './values.js';

export interface FieldError {
  field: HistoryField;
  message: string;
}

export interface HistoryRow {
  /** The file's line (1 = the header). */
  line: number;
  /** The member as the file names them: a member number or a NIF. */
  memberText: string;
  year: number;
  period: number;
  /** Whether the file named a period (a quota of another period than the first). */
  periodGiven: boolean;
  kind: HistoryKind;
  /** Cents; null: the cell was empty. */
  owed: number | null;
  paid: number | null;
  date: string | null;
  method: string | null;
  reference: string | null;
  description: string | null;
}

export type RawRow = Partial<Record<HistoryField, string>>;

const text = (raw: RawRow, field: HistoryField) => (raw[field] ?? '').trim();

/** Reads a line; `today` (Lisbon) bounds years and dates. */
export function readHistoryRow(raw: RawRow, line: number, today: string): { row: HistoryRow | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const fail = (field: HistoryField, message: string) => void errors.push({ field, message });
  const memberText = text(raw, 'member');
  if (memberText === '') fail('member', 'Indique o sócio (número de sócio ou NIF).');

  const currentYear = Number(today.slice(0, 4));
  const yearCell = text(raw, 'year');
  const yearPeriod = parseYearPeriod(yearCell);
  if (yearCell === '') fail('year', 'Indique o ano.');
  else if (!yearPeriod || yearPeriod.year < 1900) fail('year', `O ano não é válido: «${yearCell}» (escreva-o com quatro algarismos, por exemplo 2024).`);
  else if (yearPeriod.year > currentYear) fail('year', `O ano ${yearPeriod.year} ainda não começou: o histórico vai até ${currentYear}.`);

  const periodCell = text(raw, 'period');
  let period = yearPeriod?.period ?? 1;
  let periodGiven = yearPeriod?.period !== null && yearPeriod?.period !== undefined;
  if (periodCell !== '') {
    if (!/^\d{1,2}$/.test(periodCell)) fail('period', `O período não é um número de 1 a 12: «${periodCell}».`);
    else [period, periodGiven] = [Number(periodCell), true];
  }
  if (period < 1 || period > 12) fail('period', `O período não é um número de 1 a 12: «${period}».`);

  const kindCell = text(raw, 'kind');
  const kind = parseKind(kindCell);
  if (!kind) fail('kind', `Tipo desconhecido: «${kindCell}». Use ${KIND_WORDS}.`);

  const amount = (field: 'owed' | 'paid', what: string): number | null => {
    const cell = text(raw, field);
    if (cell === '') return null;
    const cents = parseCents(cell);
    if (cents === null) fail(field, `O ${what} não é um número: «${cell}» (por exemplo 12,50).`);
    return cents;
  };
  const owed = amount('owed', 'valor em dívida');
  const paid = amount('paid', 'valor pago');
  const owedCell = text(raw, 'owed');
  const paidCell = text(raw, 'paid');
  if (kind !== 'paid_up_to' && owedCell === '' && paidCell === '') fail('owed', 'Indique o valor em dívida, o valor pago, ou ambos.');
  if (kind === 'paid_up_to' && paid !== null) fail('paid', 'Numa linha de quotas pagas até um ano, o valor de cada quota vem da tabela de quotas (ou da coluna Valor em dívida).');

  const dateCell = text(raw, 'date');
  let date: string | null = null;
  if (dateCell !== '') {
    date = parseDay(dateCell);
    if (!date) fail('date', `A data não é válida: «${dateCell}» (use dd/mm/aaaa).`);
    else if (date > today) fail('date', `A data ${ptDay(date)} ainda não chegou.`);
  }
  const methodCell = text(raw, 'method');
  const method = methodCell === '' ? null : parseMethod(methodCell);
  if (methodCell !== '' && !method) fail('method', `Meio de pagamento desconhecido: «${methodCell}». Use ${METHOD_WORDS}.`);
  if (paid !== null && paid > 0) {
    if (dateCell === '') fail('date', `Indique a data do pagamento de ${euros(paid)}.`);
    if (methodCell === '') fail('method', `Indique o meio de pagamento de ${euros(paid)}.`);
  }

  const reference = text(raw, 'reference') || null;
  if (reference && reference.length > 100) fail('reference', 'A referência tem no máximo 100 caracteres.');
  const description = text(raw, 'description') || null;
  if (description && description.length > 200) fail('description', 'A descrição tem no máximo 200 caracteres.');
  if (kind === 'other' && !description) fail('description', 'Diga na descrição o que é a dívida do tipo Outro.');

  if (errors.length > 0 || !yearPeriod || !kind) return { row: null, errors };
  return {
    row: { line, memberText, year: yearPeriod.year, period, periodGiven, kind, owed, paid, date, method, reference, description },
    errors,
  };
}
