import { csvTable } from '../../core/index.js';
import { csvFileName, downloadBlob } from '../shared/download.js';
import { csvValue, type TableModel } from './table-model.js';

/**
 * The table as a CSV file for a Portuguese Excel (core/csv.ts: semicolons, UTF-8 with a byte
 * order mark): amounts in euros with a decimal comma and no currency sign, so they stay numbers.
 */
function reportCsv(table: TableModel): string {
  return csvTable([table.columns.map((column) => column.label), ...table.rows.map((row) => row.cells.map((cell, c) => csvValue(table.columns[c]!.kind, cell)))]);
}

/** Downloads the table as 'valores-em-divida-por-ano-2026-11-26.csv' (the title and the as-of date). */
export function downloadReportCsv(table: TableModel, title: string, asOf: string): void {
  downloadBlob(new Blob([reportCsv(table)], { type: 'text/csv;charset=utf-8' }), csvFileName(title, new Date(`${asOf}T00:00:00Z`)));
}
