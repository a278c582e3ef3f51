// A list's records as CSV: the columns the list shows (title and fields), formatted as on
// screen, so an export reads like the list. Cells that a spreadsheet would run as a formula
// are quoted with a leading apostrophe; signed numbers (+1.5, -2) stay numbers.
import { callApi } from '../api/baseQuery';
import { formatRecordField } from './formats';
import type { FieldView, ScreenDef } from './types';

type Rec = Record<string, unknown>;
type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** The most records one export fetches (100 pages of the largest page size). */
export const EXPORT_MAX_ROWS = 10_000;
const EXPORT_PAGE_SIZE = 100;

function cell(text: string): string {
  const safe = /^[=@\t\r]/.test(text) || /^[+-](?![\d.])/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function columnsOf(screen: ScreenDef): FieldView[] {
  const list = screen.list!;
  return [{ field: list.titleField, label: list.titleLabel ?? screen.title ?? list.titleField, format: list.titleFormat }, ...(list.fields ?? [])];
}

/** CSV text (with a byte-order mark, so spreadsheets read it as UTF-8) of the records. */
export function toCsv(screen: ScreenDef, records: Rec[], locale: string, t: Translate): string {
  const columns = columnsOf(screen);
  const lines = [columns.map((c) => cell(t(c.label))).join(',')];
  for (const r of records) lines.push(columns.map((c) => cell(formatRecordField(c, r, locale, t)?.text ?? '')).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Every record of the list under the current filters, page by page (at most EXPORT_MAX_ROWS). */
export async function fetchAll(screen: ScreenDef, filters: Record<string, string>): Promise<Rec[]> {
  const e = screen.endpoint;
  const base = { ...filters, ...(e.query ?? {}) };
  if (!e.paging) {
    const res = await callApi({ path: e.path, method: 'GET', params: base });
    if ('error' in res) throw new Error(res.error.message);
    return ((res.data as { list?: Rec[] }).list ?? []) as Rec[];
  }
  const out: Rec[] = [];
  for (let page = 1; out.length < EXPORT_MAX_ROWS; page++) {
    const res = await callApi({ path: e.path, method: 'GET', params: { ...base, page, pageSize: EXPORT_PAGE_SIZE } });
    if ('error' in res) throw new Error(res.error.message);
    const data = res.data as { list: Rec[]; total: number };
    out.push(...data.list);
    if (data.list.length < EXPORT_PAGE_SIZE || out.length >= data.total) break;
  }
  return out.slice(0, EXPORT_MAX_ROWS);
}

/** Hands the CSV to the browser as a download named after the screen and the day. */
export function download(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
