// A record list as a table (list.layout "table", for the desktop back office): a column per shown
// field, sorted by a click on its heading (ascending, then descending) over the rows loaded so
// far, or, with list.serverSort, by the server across every page (only the columns its sort query
// names), each row's title a link to its detail, the row actions in the last column.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { compare } from '../../contract/decimal';
import { FieldValue } from './FieldValue';
import { formatRecordField } from './formats';
import { fieldLink } from './fieldLink';
import { detailHref, listBack, RowActionButton, type Row } from './ListRows';
import { actionShown } from './rowActions';
import type { FieldView, ScreenDef, ScreenModule } from './types';

type Sort = { field: string; dir: 1 | -1 } | null;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Numbers and decimal texts by value (exactly: contract/decimal), other texts by the language's order, empty last. */
function order(a: unknown, b: unknown, locale: string): number {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return Number(empty(a)) - Number(empty(b));
  const x = String(a);
  const y = String(b);
  if (DECIMAL.test(x) && DECIMAL.test(y)) return compare(x, y);
  return x.localeCompare(y, locale);
}

/** The values the endpoint's `sort` query takes (list.serverSort): "field" ascending, "-field" descending. */
export function serverSortValues(screen: ScreenDef): string[] {
  if (!screen.list?.serverSort) return [];
  const sort = (screen.payload?.properties as Record<string, { enum?: unknown[] }> | undefined)?.sort;
  return (sort?.enum ?? []).map(String);
}

export interface ServerSort {
  sort?: string;
  setSort(sort: string | undefined): void;
}

const sortOf = (value: string | undefined): Sort => (value ? { field: value.replace(/^-/, ''), dir: value.startsWith('-') ? -1 : 1 } : null);

export function ListTable({ module, rows, serverSort }: { module: ScreenModule; rows: Row[]; serverSort?: ServerSort }) {
  const list = module.screen.list!;
  const { t, i18n } = useTranslation();
  const [localSort, setLocalSort] = useState<Sort>(null);
  const back = listBack(useLocation());
  const sortable = serverSort ? serverSortValues(module.screen) : undefined;
  const sort = serverSort ? sortOf(serverSort.sort) : localSort;
  const columns: FieldView[] = [
    { field: list.titleField, label: list.titleLabel ?? '', format: list.titleFormat },
    ...(list.subtitleField ? [{ field: list.subtitleField, label: list.subtitleLabel ?? '' }] : []),
    ...(list.fields ?? []),
  ];
  const sorted = useMemo(
    () => (sort && !serverSort ? [...rows].sort((a, b) => order(a[sort.field], b[sort.field], i18n.language) * sort.dir) : rows),
    [rows, sort, serverSort, i18n.language],
  );
  const next = (s: Sort, field: string): Sort => (s?.field !== field ? { field, dir: 1 } : s.dir === 1 ? { field, dir: -1 } : null);
  const toggle = (field: string) => {
    if (!serverSort) return setLocalSort((s) => next(s, field));
    const n = next(sort, field);
    serverSort.setSort(n ? `${n.dir === -1 ? '-' : ''}${n.field}` : undefined);
  };
  const actions = (list.rowActions ?? []).length > 0;
  return (
    <div className="list-table-wrap">
      <table className="list-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.field} scope="col" aria-sort={sort?.field === c.field ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}>
                {sortable && !sortable.includes(c.field) ? (
                  c.label ? (
                    t(c.label)
                  ) : (
                    ''
                  )
                ) : (
                  <button type="button" onClick={() => toggle(c.field)}>
                    {c.label ? t(c.label) : ''}
                    <span aria-hidden="true">{sort?.field === c.field ? (sort.dir === 1 ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                )}
              </th>
            ))}
            {actions && <th scope="col" className="list-table-actions" />}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.ID ?? JSON.stringify(row)}>
              {columns.map((c, i) => {
                const shown = formatRecordField(c, row, i18n.language, t);
                const text = shown?.text ?? '';
                const href = i === 0 && list.detailRoute ? detailHref(list, row, back) : fieldLink(c, row);
                return (
                  <td key={c.field} className={shown?.tone}>
                    {href ? <Link to={href}>{text}</Link> : shown?.status ? <FieldValue shown={shown} /> : text}
                  </td>
                );
              })}
              {actions && (
                <td className="list-table-actions">
                  {list.rowActions
                    ?.filter((a) => actionShown(a, row))
                    .map((a) => (
                      <RowActionButton key={a.id} module={module} action={a} row={row} />
                    ))}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
