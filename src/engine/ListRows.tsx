// The rows of a record list: title, subtitle and fields through the format registry, a link to
// the row's detail route, and the row actions by kind (./rowActions).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { createActionKey } from '../api/actionKey';
import { CoinIcon } from '../ui/CoinIcon';
import { copyText } from '../ui/CopyButton';
import { confirmDialog, toast } from '../ui/overlays';
import { FieldValue } from './FieldValue';
import { formatRecordField } from './formats';
import { actionShown, resolveRowAction } from './rowActions';
import type { FieldView, RowAction, ScreenDef, ScreenModule } from './types';

export type Row = Record<string, unknown> & { ID: number };
type ListDef = NonNullable<ScreenDef['list']>;

/** The detail route of a row: its query from list.detailQuery (parameter -> record field), else ?id=<ID>. */
/** The list's own route and filters without the ?next= that opened a row (list.detailBack's ?back=). */
export function listBack(location: { pathname: string; search: string }): string {
  const query = new URLSearchParams(location.search);
  query.delete('next');
  const rest = query.toString();
  return rest ? `${location.pathname}?${rest}` : location.pathname;
}

/** A row's detail route; with list.detailBack and `back` (the list's route with its filters) the detail's forms return there. */
export function detailHref(list: ListDef, row: Row, back?: string): string {
  const query = new URLSearchParams(Object.entries(list.detailQuery ?? { id: 'ID' }).map(([param, field]) => [param, String(row[field] ?? '')]));
  if (list.detailBack && back) query.set('back', back);
  return `${list.detailRoute}?${query}`;
}

function RowFields({ fields, row }: { fields: FieldView[]; row: Row }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {fields.map((f) => {
        const shown = formatRecordField(f, row, i18n.language, t);
        if (!shown) return null;
        return (
          <p key={f.field} className="row-field">
            <span className="muted">{t(f.label)}</span> <FieldValue shown={shown} />
          </p>
        );
      })}
    </>
  );
}

/** The logo (the coin table's own, else the built-in one) or monogram of a coin row. */
function RowCoinIcon({ row, coin, name }: { row: Row; coin: unknown; name: unknown }) {
  if (typeof coin !== 'string' || coin === '') return null;
  return (
    <CoinIcon
      coin={coin.toUpperCase()}
      name={typeof name === 'string' ? name : undefined}
      logo={typeof row.logo === 'string' ? row.logo : undefined}
      size={24}
    />
  );
}

/** A row's text; with a detail route, a link to it (click or Enter). */
function RowMain({ list, row, title, open }: { list: ListDef; row: Row; title: string; open?(row: Row): void }) {
  return (
    <div
      className={`row-main${list.detailRoute ? ' row-link' : ''}`}
      role={list.detailRoute ? 'link' : undefined}
      tabIndex={list.detailRoute ? 0 : undefined}
      onClick={open ? () => open(row) : undefined}
      onKeyDown={open ? (e) => e.key === 'Enter' && open(row) : undefined}
    >
      <p className="row-title">
        {list.titleFormat === 'coin' && <RowCoinIcon row={row} coin={row[list.titleField]} name={list.subtitleField ? row[list.subtitleField] : undefined} />}
        {title}
      </p>
      {list.subtitleField && <p className="row-subtitle">{String(row[list.subtitleField] ?? '')}</p>}
      {list.fields && <RowFields fields={list.fields} row={row} />}
    </div>
  );
}

export function RowActionButton({ module, action, row }: { module: ScreenModule; action: RowAction; row: Row }) {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated mutation's initiate() thunk, read generically
  const dispatch = useDispatch<(a: any) => any>();
  const [busy, setBusy] = useState(false);
  const kind = resolveRowAction(action.kind);
  // another file's endpoint (calls) may take an Idempotency-Key: one per action, the same for a retry after a timeout
  const actionKey = useRef(createActionKey()).current;
  const mutate = async (arg: Record<string, unknown>) => {
    const call = dispatch(module.rowActions[action.id].initiate(action.calls ? { ...arg, idempotencyKey: actionKey.keyFor(arg) } : arg));
    try {
      const res = await call;
      actionKey.settle(res);
      return 'data' in res;
    } finally {
      call.reset?.();
    }
  };
  const onClick = async () => {
    setBusy(true);
    try {
      const list = module.screen.list!;
      const quoted: FieldView[] = [
        { field: list.titleField, label: '', format: list.titleFormat },
        ...(list.subtitleField ? [{ field: list.subtitleField, label: '' }] : []),
        ...(list.fields ?? []),
      ];
      const shown = Object.fromEntries(quoted.map((f) => [f.field, formatRecordField(f, row, i18n.language, t)?.text ?? '']));
      await kind.run({ action, row, shown, t, confirm: confirmDialog, toast, copy: copyText, mutate });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={action.tone === 'primary' ? 'btn btn-primary btn-small' : kind.className} disabled={busy} onClick={() => void onClick()}>
      {t(action.label)}
    </button>
  );
}

export function ListRows({ module, rows }: { module: ScreenModule; rows: Row[] }) {
  const list = module.screen.list!;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const back = listBack(useLocation());
  const title = (row: Row) => formatRecordField({ field: list.titleField, label: '', format: list.titleFormat }, row, i18n.language, t);
  const open = list.detailRoute ? (row: Row) => navigate(detailHref(list, row, back)) : undefined;
  return (
    <ul className="rows">
      {rows.map((row) => (
        <li key={row.ID ?? JSON.stringify(row)} className="row">
          <RowMain list={list} row={row} title={title(row)?.text ?? ''} open={open} />
          {list.rowActions
            ?.filter((a) => actionShown(a, row))
            .map((a) => (
              <RowActionButton key={a.id} module={module} action={a} row={row} />
            ))}
        </li>
      ))}
    </ul>
  );
}
