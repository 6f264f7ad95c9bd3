/**
 * Semicolon, not comma: Excel set to Portuguese uses the comma as the decimal separator and
 * the semicolon as its list separator, so a comma-separated file opens as one column there.
 */
export const CSV_SEPARATOR = ';';
/** Excel reads a file without a byte-order mark as ANSI and garbles accents ('SÃ³cio'). */
export const UTF8_BOM = '\uFEFF';
export const LINE_END = '\r\n';

/** RFC 4180 quoting: fields holding the separator, quotes or line breaks are quoted, quotes doubled. */
export function csvCell(text: string): string {
  // A leading =, +, - or @ makes spreadsheets run the cell as a formula (CSV injection): a
  // quote character keeps it text. Numbers and phone numbers ('+351 912 345 678') stay as they are.
  const formula = /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().,]*$/.test(text));
  const safe = formula ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of text already as shown (the first one the header) as a CSV document. Shared by the browser's exports and the server's (a member's own data). */
export function csvTable(rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(CSV_SEPARATOR)).join(LINE_END) + LINE_END;
}
