import { LIST_MAX_LIMIT, queryParams, type Core, type ExplainerField, type ListQuery, type QueryParams } from '../../core/index.js';
import { csvFileName, downloadBlob } from '../shared/download.js';

/** How far an export is: pages read, and pages in all (null while the list's total is unknown). */
export interface ExportProgress {
  pages: number;
  total: number | null;
}

/**
 * Rows per "page" of the progress: the toolbar counts pages of the size the list reads at most,
 * as it did when the export read them one by one; the server now sends the rows in one answer.
 */
const ROWS_PER_PAGE = LIST_MAX_LIMIT;

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Counts the CSV's lines as its bytes arrive: line ends outside quotes (a cell's own line breaks
 * are always quoted, and a quote inside one is doubled, so the parity of quotes tells). UTF-8
 * never uses these bytes inside a character, so the chunks need no decoding.
 */
function lineCounter(): (bytes: Uint8Array) => number {
  let quoted = false;
  let lines = 0;
  return (bytes) => {
    for (const byte of bytes) {
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LINE_FEED && !quoted) lines += 1;
    }
    return lines;
  };
}

/** The list's query (search, filters, sort) and the columns shown, in order, as the export's parameters; no page. */
function exportParams(query: ListQuery, fields: readonly ExplainerField[]): QueryParams {
  const params = queryParams(query);
  delete params._page;
  delete params._limit;
  return { ...params, _columns: fields.map((f) => f.name).join(',') };
}

export interface ExportRequest {
  core: Core;
  resource: string;
  label: string;
  /** The columns the list shows, in order: the file's columns. */
  fields: readonly ExplainerField[];
  query: ListQuery;
  /** How many rows the list said match, for the progress; null when it does not know. */
  total: number | null;
  /** Aborting stops the reading; nothing is downloaded after it. */
  signal: AbortSignal;
  onProgress(progress: ExportProgress): void;
}

/**
 * Asks the server once for the list's CSV (GET {resource}/export.csv: every row of the query, in
 * its order, the cells as the table shows them), counts its rows as they arrive against the
 * list's total, and downloads it; false when cancelled before the download.
 */
export async function exportCsv({ core, resource, label, fields, query, total, signal, onProgress }: ExportRequest): Promise<boolean> {
  const expected = total === null ? null : Math.max(1, Math.ceil(total / ROWS_PER_PAGE));
  let shown: ExportProgress = { pages: 0, total: expected };
  onProgress(shown);
  const { data: body } = await core.http.get<ReadableStream<Uint8Array> | null>(`${resource}/export.csv`, { params: exportParams(query, fields), signal, stream: true });
  const chunks: Uint8Array[] = [];
  const count = lineCounter();
  let rows = 0;
  if (body) {
    const reader = body.getReader();
    // Once the headers are in, cancelling stops the download through its reader.
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    for (let read = await reader.read(); !read.done && !signal.aborted; read = await reader.read()) {
      chunks.push(read.value);
      // The first line is the header.
      rows = Math.max(0, count(read.value) - 1);
      const pages = Math.floor(rows / ROWS_PER_PAGE);
      if (pages !== shown.pages) {
        // Rows added while exporting may make a page more than the list's total said.
        shown = { pages, total: expected === null ? null : Math.max(expected, pages) };
        onProgress(shown);
      }
    }
  }
  if (signal.aborted) return false;
  const pages = Math.max(1, Math.ceil(rows / ROWS_PER_PAGE));
  if (pages !== shown.pages || pages !== shown.total) onProgress({ pages, total: pages });
  downloadBlob(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), csvFileName(label));
  return true;
}
