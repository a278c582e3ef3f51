// A record list from its schema file: paged loading (button and infinite
// scroll), filters, pull to refresh, empty/loading/error states, row actions.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { confirmDialog, toast } from '../ui/overlays';
import { formatField } from './format';
import { usePullToRefresh } from './usePullToRefresh';
import type { ScreenModule } from './types';

type Row = Record<string, unknown> & { ID: number };

interface ListState {
  rows: Row[];
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isFetchingMore: boolean;
  loadMore(): void;
  refetch(): Promise<unknown>;
}

function usePagedList(module: ScreenModule, args: Record<string, unknown>): ListState {
  const q = module.endpoint.useInfiniteQuery(args);
  const pages = (q.data?.pages ?? []) as { list: Row[] }[];
  return {
    rows: pages.flatMap((p) => p.list),
    isLoading: q.isLoading,
    isError: q.isError,
    hasMore: Boolean(q.hasNextPage),
    isFetchingMore: q.isFetchingNextPage,
    loadMore: () => void q.fetchNextPage(),
    refetch: () => q.refetch(),
  };
}

function usePlainList(module: ScreenModule, args: Record<string, unknown>): ListState {
  const q = module.endpoint.useQuery(args);
  return {
    rows: ((q.data?.list ?? []) as Row[]) ?? [],
    isLoading: q.isLoading,
    isError: q.isError,
    hasMore: false,
    isFetchingMore: false,
    loadMore: () => {},
    refetch: () => q.refetch(),
  };
}

export default function ListScreen({ module }: { module: ScreenModule }) {
  const paged = Boolean(module.screen.endpoint.paging);
  const [filters, setFilters] = useState<Record<string, string>>({});
  // The screen's paging mode never changes while it is mounted, so the hook order is stable.
  const state = (paged ? usePagedList : usePlainList)(module, filters);
  return <ListView module={module} state={state} filters={filters} setFilters={setFilters} />;
}

export function ListView({
  module,
  state,
  filters,
  setFilters,
}: {
  module: ScreenModule;
  state: ListState;
  filters: Record<string, string>;
  setFilters(f: Record<string, string>): void;
}) {
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

  return (
    <div className="list-screen" {...pull.handlers}>
      {pull.distance > 0 && (
        <div className="pull-indicator" style={{ height: pull.distance }}>
          {t(pull.refreshing ? 'common.refreshing' : pull.armed ? 'common.releaseToRefresh' : 'common.pullToRefresh')}
        </div>
      )}
      {(screen.filters?.length || list.addRoute) && (
        <div className="list-toolbar">
          {screen.filters?.map((f) => (
            <label key={f.field} className="filter">
              <span>{t(f.label)}</span>
              <select
                className="input"
                value={filters[f.field] ?? ''}
                onChange={(e) => setFilters({ ...filters, [f.field]: e.target.value })}
              >
                {(f.options ?? []).map((o) => (
                  <option key={String(o.value)} value={String(o.value)}>
                    {o.label ? t(o.label) : String(o.value)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {list.addRoute && (
            <Link className="btn btn-primary btn-small" to={list.addRoute}>
              + {t(list.addLabel ?? 'common.add')}
            </Link>
          )}
        </div>
      )}
      {state.isLoading && <p className="state">{t('common.loading')}</p>}
      {state.isError && !state.isLoading && (
        <div className="state state-error">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void state.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!state.isLoading && !state.isError && state.rows.length === 0 && (
        <p className="state state-empty">{t(list.empty ?? 'common.empty')}</p>
      )}
      <ul className="rows">
        {state.rows.map((row) => (
          <li key={row.ID} className="row">
            <div
              className={`row-main${list.detailRoute ? ' row-link' : ''}`}
              role={list.detailRoute ? 'link' : undefined}
              tabIndex={list.detailRoute ? 0 : undefined}
              onClick={list.detailRoute ? () => navigate(`${list.detailRoute}?id=${row.ID}`) : undefined}
            >
              <p className="row-title">{String(row[list.titleField] ?? '')}</p>
              {list.subtitleField && <p className="row-subtitle">{String(row[list.subtitleField] ?? '')}</p>}
              {list.fields?.map((f) => (
                <p key={f.field} className="row-field">
                  <span className="muted">{t(f.label)}</span> <span>{formatField(f, row[f.field], i18n.language, t)}</span>
                </p>
              ))}
            </div>
            {list.rowActions?.map((a) => (
              <RowActionButton key={a.id} module={module} actionId={a.id} row={row} />
            ))}
          </li>
        ))}
      </ul>
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

function RowActionButton({ module, actionId, row }: { module: ScreenModule; actionId: string; row: Row }) {
  const { t } = useTranslation();
  const [run, { isLoading }] = module.rowActions[actionId].useMutation();
  const action = module.screen.list!.rowActions!.find((a) => a.id === actionId)!;
  const onClick = async () => {
    if (action.confirm && !(await confirmDialog(t(action.confirm)))) return;
    const res = await run({ ID: row.ID });
    if ('data' in res && action.toast) toast(t(action.toast));
  };
  return (
    <button type="button" className="btn btn-danger btn-small" disabled={isLoading} onClick={() => void onClick()}>
      {t(action.label)}
    </button>
  );
}
