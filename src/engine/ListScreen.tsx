// A record list from its schema file: paged loading (button and infinite scroll), filters by
// kind (./filters) that start from and follow the route's query string, fields drawn through the
// format registry (./formats) with up/down colours, row actions by kind (./rowActions), pull to
// refresh, and skeleton/empty/error states.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmDialog, toast } from '../ui/overlays';
import { copyText } from '../ui/CopyButton';
import { download, fetchAll, toCsv } from './csv';
import { filterOptions, filtersFromQuery } from './filters';
import { formatRecordField } from './formats';
import { actionShown, resolveRowAction } from './rowActions';
import { usePullToRefresh } from './usePullToRefresh';
import type { FieldView, RowAction, ScreenDef, ScreenModule } from './types';
import './engine.css';

type Row = Record<string, unknown> & { ID: number };

export interface ListState {
  rows: Row[];
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isFetchingMore: boolean;
  loadMore(): void;
  refetch(): Promise<unknown>;
}

// Rows of the current filters only (currentData): after a filter change the list shows
// skeleton rows until the new rows arrive, never the previous filter's rows.
function usePagedList(module: ScreenModule, args: Record<string, unknown>): ListState {
  const q = module.endpoint.useInfiniteQuery(args);
  const pages = (q.currentData?.pages ?? []) as { list: Row[] }[];
  const settled = q.currentData !== undefined;
  return {
    rows: pages.flatMap((p) => p.list),
    isLoading: !settled && (q.isLoading || q.isFetching),
    isError: q.isError && !q.isFetching,
    hasMore: settled && Boolean(q.hasNextPage),
    isFetchingMore: q.isFetchingNextPage,
    loadMore: () => void q.fetchNextPage(),
    refetch: () => q.refetch(),
  };
}

function usePlainList(module: ScreenModule, args: Record<string, unknown>): ListState {
  const q = module.endpoint.useQuery(args);
  const settled = q.currentData !== undefined;
  return {
    rows: (q.currentData?.list ?? []) as Row[],
    isLoading: !settled && (q.isLoading || q.isFetching),
    isError: q.isError && !q.isFetching,
    hasMore: false,
    isFetchingMore: false,
    loadMore: () => {},
    refetch: () => q.refetch(),
  };
}

/** The screen's filter values, read from and written to the route's query string. */
function useQueryFilters(screen: ScreenDef): [Record<string, string>, (f: Record<string, string>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromQuery(screen.filters, params), [screen.filters, params]);
  const setFilters = useCallback(
    (next: Record<string, string>) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          for (const f of screen.filters ?? []) {
            const v = next[f.field];
            if (v === undefined || v === '') p.delete(f.field);
            else p.set(f.field, v);
          }
          return p;
        },
        { replace: true },
      ),
    [screen.filters, setParams],
  );
  return [filters, setFilters];
}

export default function ListScreen({ module }: { module: ScreenModule }) {
  const paged = Boolean(module.screen.endpoint.paging);
  const [filters, setFilters] = useQueryFilters(module.screen);
  // The screen's paging mode never changes while it is mounted, so the hook order is stable.
  const state = (paged ? usePagedList : usePlainList)(module, filters);
  return <ListView module={module} state={state} filters={filters} setFilters={setFilters} />;
}

const SKELETON_ROWS = 3;

/** Placeholder rows in the layout of the real ones while the first page loads. */
function SkeletonRows({ screen }: { screen: ScreenDef }) {
  const { t } = useTranslation();
  const list = screen.list!;
  return (
    <ul className="rows" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <li key={i} className="row row-skeleton" aria-hidden="true">
          <div className="row-main">
            <p className="row-title">
              <span className="skeleton skeleton-title" />
            </p>
            {list.subtitleField && (
              <p className="row-subtitle">
                <span className="skeleton skeleton-subtitle" />
              </p>
            )}
            {list.fields?.map((f) => (
              <p key={f.field} className="row-field">
                <span className="skeleton skeleton-field" />
              </p>
            ))}
          </div>
          {list.rowActions?.map((a) => (
            <span key={a.id} className="skeleton skeleton-button" />
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The detail route of a row: its query from list.detailQuery (parameter -> record field), else ?id=<ID>. */
export function detailHref(list: NonNullable<ScreenDef['list']>, row: Row): string {
  const query = new URLSearchParams(Object.entries(list.detailQuery ?? { id: 'ID' }).map(([param, field]) => [param, String(row[field] ?? '')]));
  return `${list.detailRoute}?${query}`;
}

function ExportButton({ screen, filters }: { screen: ScreenDef; filters: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      download(screen.id, toCsv(screen, await fetchAll(screen, filters), i18n.language, t));
    } catch {
      toast(t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={() => void onClick()}>
      {t(busy ? 'common.loading' : 'common.export')}
    </button>
  );
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
            <span className="muted">{t(f.label)}</span> <span className={shown.tone}>{shown.text}</span>
          </p>
        );
      })}
    </>
  );
}

export function ListView({ module, state, filters, setFilters }: { module: ScreenModule; state: ListState; filters: Record<string, string>; setFilters(f: Record<string, string>): void }) {
  const { screen } = module;
  const list = screen.list!;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const sentinel = useRef<HTMLDivElement>(null);
  const pull = usePullToRefresh(state.refetch);
  const { hasMore, isFetchingMore, loadMore } = state;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingMore) loadMore();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, isFetchingMore, loadMore]);

  const title = (row: Row) => formatRecordField({ field: list.titleField, label: '', format: list.titleFormat }, row, i18n.language, t);

  return (
    <div className="list-screen" {...pull.handlers}>
      {pull.distance > 0 && (
        <div className="pull-indicator" style={{ height: pull.distance }}>
          {t(pull.refreshing ? 'common.refreshing' : pull.armed ? 'common.releaseToRefresh' : 'common.pullToRefresh')}
        </div>
      )}
      {(screen.filters?.length || list.addRoute || list.export || list.links?.length) && (
        <div className="list-toolbar">
          {screen.filters?.map((f) => (
            <label key={f.field} className="filter">
              <span>{t(f.label)}</span>
              <select className="input" value={filters[f.field] ?? ''} onChange={(e) => setFilters({ ...filters, [f.field]: e.target.value })}>
                {filterOptions(f).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label ? t(o.label) : o.text}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {list.export && <ExportButton screen={screen} filters={filters} />}
          {list.links?.map((l) => (
            <Link key={l.to} className="btn btn-ghost btn-small" to={l.to}>
              {t(l.label)}
            </Link>
          ))}
          {list.addRoute && (
            <Link className="btn btn-primary btn-small" to={list.addRoute}>
              + {t(list.addLabel ?? 'common.add')}
            </Link>
          )}
        </div>
      )}
      {state.isLoading && <SkeletonRows screen={screen} />}
      {state.isError && !state.isLoading && (
        <div className="state state-error" role="alert">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void state.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!state.isLoading && !state.isError && state.rows.length === 0 && <p className="state state-empty">{t(list.empty ?? 'common.empty')}</p>}
      {!state.isLoading && (
        <ul className="rows">
          {state.rows.map((row) => (
            <li key={row.ID ?? JSON.stringify(row)} className="row">
              <div
                className={`row-main${list.detailRoute ? ' row-link' : ''}`}
                role={list.detailRoute ? 'link' : undefined}
                tabIndex={list.detailRoute ? 0 : undefined}
                onClick={list.detailRoute ? () => navigate(detailHref(list, row)) : undefined}
                onKeyDown={list.detailRoute ? (e) => e.key === 'Enter' && navigate(detailHref(list, row)) : undefined}
              >
                <p className="row-title">{title(row)?.text ?? ''}</p>
                {list.subtitleField && <p className="row-subtitle">{String(row[list.subtitleField] ?? '')}</p>}
                {list.fields && <RowFields fields={list.fields} row={row} />}
              </div>
              {list.rowActions
                ?.filter((a) => actionShown(a, row))
                .map((a) => (
                  <RowActionButton key={a.id} module={module} action={a} row={row} />
                ))}
            </li>
          ))}
        </ul>
      )}
      {state.hasMore && (
        <div ref={sentinel}>
          <button type="button" className="btn btn-ghost btn-block" disabled={state.isFetchingMore} onClick={state.loadMore}>
            {t(state.isFetchingMore ? 'common.loading' : 'common.loadMore')}
          </button>
        </div>
      )}
      {!state.hasMore && state.rows.length > 0 && screen.endpoint.paging && <p className="state muted">{t('common.noMore')}</p>}
    </div>
  );
}

function RowActionButton({ module, action, row }: { module: ScreenModule; action: RowAction; row: Row }) {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated mutation's initiate() thunk, read generically
  const dispatch = useDispatch<(a: any) => any>();
  const [busy, setBusy] = useState(false);
  const kind = resolveRowAction(action.kind);
  const mutate = async (arg: { ID: number }) => {
    const call = dispatch(module.rowActions[action.id].initiate(arg));
    try {
      const res = await call;
      return 'data' in res;
    } finally {
      call.reset?.();
    }
  };
  const onClick = async () => {
    setBusy(true);
    try {
      const shown = Object.fromEntries((module.screen.list?.fields ?? []).map((f) => [f.field, formatRecordField(f, row, i18n.language, t)?.text ?? '']));
      await kind.run({ action, row, shown, t, confirm: confirmDialog, toast, copy: copyText, mutate });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={kind.className} disabled={busy} onClick={() => void onClick()}>
      {t(action.label)}
    </button>
  );
}
