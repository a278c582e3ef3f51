// The back office's CSV exports: a header of column names, one line a row, a byte-order mark so
// spreadsheets read UTF-8, and cells a spreadsheet would run as a formula (=, +, -, @ first)
// quoted with a leading apostrophe.

function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvOf<Row extends object, Column extends keyof Row & string>(columns: readonly Column[], rows: readonly Row[]): string {
  const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => cell(String(r[c] ?? ''))).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A filter as given, without empty fields, for an export's own audit row. */
export const filterOf = (input: object): Record<string, unknown> => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ''));
