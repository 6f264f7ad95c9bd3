import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { badRequest } from '../../errors.js';

/**
 * An uploaded spreadsheet as rows of text: CSV (UTF-8 with or without BOM, or Windows-1252 as
 * Excel saves it in Portugal; `;`, `,` or tab) or XLSX (its first sheet). The first non-empty
 * row names the columns. Cells are text as a person typed them: an XLSX date cell becomes
 * aaaa-mm-dd and a number its plain digits, so both formats read the same file the same way.
 */
export interface Sheet {
  header: string[];
  /** Data rows, each with its line in the file (the header is line 1 in a file without blank lines). */
  rows: SheetRow[];
}

export interface SheetRow {
  line: number;
  cells: string[];
}

/** More rows than an association has members: a file this big is a mistake or an attack. */
const MAX_IMPORT_ROWS = 200_000;
const DELIMITERS = [';', ',', '\t'] as const;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

type SheetFormat = 'csv' | 'xlsx';

const formatOf = (bytes: Buffer): SheetFormat => (bytes.subarray(0, 4).equals(ZIP_MAGIC) ? 'xlsx' : 'csv');

/**
 * Windows-1252's bytes 0x80-0x9F (€, curly quotes, dashes, Š, Œ...): the rest is Latin-1. Node 20's
 * TextDecoder('windows-1252') decodes these as Latin-1's control characters (U+0080-U+009F:
 * nodejs/node#56542), so they are mapped here; the five bytes Windows-1252 leaves undefined stay as read.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252: the two encodings spreadsheets are saved in here. */
export function decodeText(bytes: Buffer): string {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
  }
}

/** The delimiter that splits the first line into the most cells (outside quotes); `;` on a tie, as Excel writes it here. */
function delimiterOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let best: string = DELIMITERS[0];
  let most = -1;
  for (const delimiter of DELIMITERS) {
    const count = unquoted.split(delimiter).length - 1;
    if (count > most) [best, most] = [delimiter, count];
  }
  return best;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

function tooMany(): never {
  throw badRequest(`O ficheiro tem mais de ${MAX_IMPORT_ROWS.toLocaleString('pt-PT')} linhas: divida-o em partes.`);
}

function fromRows(rows: SheetRow[]): Sheet {
  const filled = rows.filter((row) => !isBlank(row.cells));
  const [first, ...data] = filled;
  if (!first) throw badRequest('O ficheiro está vazio.');
  if (data.length > MAX_IMPORT_ROWS) tooMany();
  const header = first.cells.map((cell) => cell.trim());
  // Trailing columns without a header and without a value (Excel's stray separators) are dropped.
  let width = header.length;
  while (width > 0 && header[width - 1] === '' && data.every((row) => (row.cells[width - 1] ?? '').trim() === '')) width -= 1;
  if (width === 0) throw badRequest('A primeira linha do ficheiro deve ter os nomes das colunas.');
  return {
    header: header.slice(0, width),
    rows: data.map((row) => ({ line: row.line, cells: Array.from({ length: width }, (_, i) => (row.cells[i] ?? '').trim()) })),
  };
}

function readCsv(bytes: Buffer): Sheet {
  const text = decodeText(bytes);
  if (text.trim() === '') throw badRequest('O ficheiro está vazio.');
  try {
    const records = parse(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: true, info: true, to: MAX_IMPORT_ROWS + 2 }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return fromRows(records.map(({ record, info }) => ({ line: info.lines, cells: record })));
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    const line = (error as { lines?: number }).lines;
    throw badRequest(`O ficheiro não é um CSV válido${line ? ` (linha ${line})` : ''}: verifique as aspas e o separador.`);
  }
}

/** An XLSX cell as the text a person sees: dates as aaaa-mm-dd (the day Excel shows), whole numbers without ".0". */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  let data: unknown[][];
  try {
    data = (await readSheet(bytes));
  } catch {
    throw badRequest('Não foi possível ler o ficheiro Excel: guarde-o de novo como .xlsx ou exporte-o como CSV.');
  }
  if (data.length > MAX_IMPORT_ROWS + 1) tooMany();
  return fromRows(data.map((row, index) => ({ line: index + 1, cells: row.map(cellText) })));
}

/** Reads a CSV or XLSX upload; a file that is neither, or has no header, is a 400 in pt-PT. */
export async function readSpreadsheet(bytes: Buffer): Promise<Sheet> {
  return formatOf(bytes) === 'xlsx' ? readXlsx(bytes) : readCsv(bytes);
}
