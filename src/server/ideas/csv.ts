/**
 * CSV for Excel: UTF-8 with a byte-order mark (so Excel shows Korean), CRLF rows, RFC 4180 quoting, and cells
 * that a spreadsheet would run as a formula (= + - @ tab CR) prefixed with an apostrophe.
 */
export const BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
