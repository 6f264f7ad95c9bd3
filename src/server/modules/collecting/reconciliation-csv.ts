import { parse } from 'csv-parse/sync';
import { invalidRecord } from '../../errors.js';

/**
 * Statements of received payments, as CSV: a Multibanco export (ifthenpay's or another
 * provider's: entity, reference, amount, date, transaction id) or a bank statement (date,
 * description, amount, optional reference). Delimiter `;`, `,` or tab; UTF-8 with or without
 * BOM; amounts in pt-PT ("1.234,50", "12,50") or with a decimal point ("12.50"); dates
 * dd/mm/aaaa (also with - or .) or ISO, a time after them ignored. Up to 20 lines before the
 * header (a bank's account details) are skipped. Header names are matched without case,
 * accents, spaces or punctuation; the accepted ones are in COLUMN_NAMES.
 */
export type StatementSource = 'multibanco' | 'bank';

export interface StatementLine {
  /** The line's number in the file (1 = first line), for people. */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Integer cents; negative for money going out. */
  amount: number;
  entity: string | null;
  reference: string | null;
  description: string | null;
  transactionId: string | null;
}

export interface Statement {
  source: StatementSource;
  lines: StatementLine[];
}

type Column = 'date' | 'amount' | 'entity' | 'reference' | 'description' | 'transactionId';

/** Accepted header names per column, folded (see fold). */
const COLUMN_NAMES: Readonly<Record<Column, readonly string[]>> = {
  date: ['data', 'datamovimento', 'datamov', 'datavalor', 'datapagamento', 'datadopagamento', 'datahora', 'dataoperacao', 'date', 'paymentdate', 'paymentdatetime'],
  amount: ['valor', 'montante', 'importancia', 'valorpago', 'credito', 'valoreur', 'montanteeur', 'amount'],
  entity: ['entidade', 'ent', 'entity'],
  reference: ['referencia', 'ref', 'referenciamultibanco', 'refmultibanco', 'referenciamb', 'reference'],
  description: ['descricao', 'descritivo', 'movimento', 'detalhe', 'designacao', 'observacoes', 'description'],
  transactionId: ['idtransacao', 'transacao', 'ntransacao', 'numerotransacao', 'idpagamento', 'id', 'requestid', 'transactionid'],
};

const HEADER_SEARCH_ROWS = 20;
const DELIMITERS = [';', ',', '\t'] as const;
const MAX_LINES = 20_000;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const refuse = (message: string): never => {
  throw invalidRecord({ file: message });
};

/** "1.234,50", "12,5", "-12.50", "€ 3,00" -> cents, by string arithmetic only; null when it is no amount. */
export function parseCents(text: string): number | null {
  let value = text.replace(/[\s\u00a0\u202f€]|EUR/g, '');
  let sign = 1;
  if (value.startsWith('-')) [sign, value] = [-1, value.slice(1)];
  else if (value.startsWith('+')) value = value.slice(1);
  if (!/^[0-9.,]+$/.test(value)) return null;
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  let whole: string;
  let fraction = '';
  if (lastComma >= 0 && lastDot >= 0) {
    const [decimal, group] = lastComma > lastDot ? [',', '.'] : ['.', ','];
    const at = value.lastIndexOf(decimal);
    whole = value.slice(0, at);
    fraction = value.slice(at + 1);
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})*$`).test(whole)) return null;
    whole = whole.split(group).join('');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const separator = lastComma >= 0 ? ',' : '.';
    const parts = value.split(separator);
    // One separator followed by one or two digits is the decimal one; "1.234.567" groups thousands.
    if (parts.length === 2 && parts[1]!.length <= 2) [whole, fraction] = [parts[0]!, parts[1]!];
    else if (separator === '.' && /^\d{1,3}(\.\d{3})+$/.test(value)) whole = parts.join('');
    else return null;
  } else whole = value;
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction) || whole.length > 11) return null;
  return sign * (Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
}

/** "20/11/2026", "20-11-2026 14:32", "2026-11-20T10:00:00Z" -> "2026-11-20"; null when it is no real date. */
export function parseDay(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  let [year, month, day] = match ? [match[1]!, match[2]!, match[3]!] : ['', '', ''];
  if (!match) {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?: .*)?$/.exec(value);
    if (!match) return null;
    [year, month, day] = [match[3]!, match[2]!.padStart(2, '0'), match[1]!.padStart(2, '0')];
  }
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The columns a header row names, or null when it is not a header of a known shape. */
function mapHeader(cells: readonly string[]): { source: StatementSource; columns: Partial<Record<Column, number>> } | null {
  const columns: Partial<Record<Column, number>> = {};
  cells.forEach((cell, index) => {
    const name = fold(cell);
    for (const [column, names] of Object.entries(COLUMN_NAMES) as [Column, readonly string[]][]) {
      if (columns[column] === undefined && names.includes(name)) columns[column] = index;
    }
  });
  const has = (...wanted: Column[]) => wanted.every((c) => columns[c] !== undefined);
  if (has('entity', 'reference', 'amount', 'date')) return { source: 'multibanco', columns };
  if (has('date', 'description', 'amount')) return { source: 'bank', columns };
  return null;
}

/** The rows with the file line each ends on (a quoted cell may span lines). */
function rowsOf(text: string, delimiter: string): { cells: string[]; line: number }[] {
  try {
    const records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true, bom: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ cells: record, line: info.lines }));
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return refuse(`O ficheiro não é um CSV válido${line ? ` (linha ${line})` : ''}: verifique as aspas e o separador.`);
  }
}

/**
 * Reads a statement, all or nothing: any line that cannot be read is a 422 naming it (in pt-PT,
 * on the field `file`), so a half-read file is never matched.
 */
export function parseStatement(bytes: Buffer): Statement {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('O ficheiro não está em UTF-8: exporte-o de novo como CSV UTF-8.');
  }
  if (text.trim() === '') return refuse('O ficheiro está vazio.');
  const candidates: { rows: { cells: string[]; line: number }[]; headerAt: number; header: NonNullable<ReturnType<typeof mapHeader>> }[] = [];
  for (const delimiter of DELIMITERS) {
    let rows: string[][];
    try {
      rows = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, bom: true, to: HEADER_SEARCH_ROWS });
    } catch {
      continue;
    }
    const headerAt = rows.findIndex((row) => mapHeader(row) !== null);
    if (headerAt >= 0) candidates.push({ rows: rowsOf(text, delimiter), headerAt, header: mapHeader(rows[headerAt]!)! });
  }
  const found = candidates[0];
  if (!found) {
    return refuse(
      'Não foi possível reconhecer as colunas: a primeira linha deve ter os nomes das colunas, separados por ";" ou ",". ' +
        'Para um extrato Multibanco: Entidade, Referência, Valor, Data (e ID Transação); para um extrato bancário: Data, Descrição, Valor (e Referência).',
    );
  }
  const { rows, header } = found;
  const dataRows = rows.slice(found.headerAt + 1);
  if (dataRows.length === 0) return refuse('O ficheiro não tem movimentos depois da linha dos nomes das colunas.');
  if (dataRows.length > MAX_LINES) return refuse(`O ficheiro tem mais de ${MAX_LINES} movimentos: divida-o em partes.`);
  const { columns } = header;
  const cell = (row: string[], column: Column) => {
    const at = columns[column];
    return at === undefined ? '' : (row[at] ?? '').trim();
  };
  const lines = dataRows.map(({ cells: row, line }): StatementLine => {
    const rawAmount = cell(row, 'amount');
    const amount = parseCents(rawAmount);
    if (amount === null) refuse(`Linha ${line}: o valor «${rawAmount}» não é um montante (use, por exemplo, 12,50).`);
    const rawDate = cell(row, 'date');
    const date = parseDay(rawDate);
    if (date === null) refuse(`Linha ${line}: a data «${rawDate}» não é válida (use dd/mm/aaaa ou aaaa-mm-dd).`);
    const optional = (column: Column, transform = (v: string) => v) => {
      const value = transform(cell(row, column));
      return value === '' ? null : value;
    };
    const digits = (v: string) => v.replace(/[\s.]/g, '');
    return {
      line,
      date: date!,
      amount: amount!,
      entity: optional('entity', digits),
      reference: optional('reference', digits),
      description: optional('description'),
      transactionId: optional('transactionId'),
    };
  });
  return { source: header.source, lines };
}
