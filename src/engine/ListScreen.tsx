// A record list from its schema file: paged loading (button and infinite scroll), filters by
// kind (./filters) that start from and follow the route's query string, fields drawn through the
// format registry (./formats) with up/down colours, row actions by kind (./rowActions), pull to
// refresh, and skeleton/empty/error states.
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { filterQueryValue, filtersFromQuery } from './filters';
import { detailHref, listBack, ListRows, type Row } from './ListRows';
import { ListTable, serverSortValues } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { refusalText } from './refusalText';
import { stillOn } from './routeNow';
import { usePullToRefresh } from './usePullToRefresh';
import type { ScreenDef, ScreenModule } from './types';
import './engine.css';

export { detailHref } from './ListRows';

export interface ListState {
  rows: Row[];
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isFetchingMore: boolean;
  loadMore(): void;
  refetch(): Promise<unknown>;
  /** The server's count of every record the filters find (paged lists) */
  total?: number;
  /** Rows answered since the screen opened, none in flight (a cached page shown meanwhile is not) */
  fresh: boolean;
  /** The refusal's own words (a role the operator lacks), where the server said why */
  errorMessage?: string;
}

function useFresh(q: { isFetching: boolean; fulfilledTimeStamp?: number }): boolean {
  const [openedAt] = useState(() => Date.now());
  return !q.isFetching && (q.fulfilledTimeStamp ?? 0) >= openedAt;
}

// Rows of the current filters only (currentData): after a filter change the list shows
// skeleton rows until the new rows arrive, never the previous filter's rows.
function usePagedList(module: ScreenModule, args: Record<string, unknown>): ListState {
  const q = module.endpoint.useInfiniteQuery(args);
  const pages = (q.currentData?.pages ?? []) as { list: Row[]; total?: number }[];
  const settled = q.currentData !== undefined;
  const fresh = useFresh(q);
  return {
    rows: pages.flatMap((p) => p.list),
    total: pages[0]?.total,
    fresh,
    errorMessage: q.isError ? refusalText(q.error) : undefined,
    isLoading: !settled && (q.isLoading || q.isFetching),
    isError: q.isError && !q.isFetching,
    hasMore: settled && Boolean(q.hasNextPage),
    isFetchingMore: q.isFetchingNextPage,
    loadMore: () => void q.fetchNextPage(),
    refetch: () => q.refetch(),
  };
}

function usePlainList(module: ScreenModule, args: Record<string, unknown>): ListState {
  const q = module.endpoint.useQuery(args, { pollingInterval: (module.screen.list?.refreshSeconds ?? 0) * 1000 });
  const settled = q.currentData !== undefined;
  const fresh = useFresh(q);
  return {
    rows: (q.currentData?.list ?? []) as Row[],
    fresh,
    errorMessage: q.isError ? refusalText(q.error) : undefined,
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
            const v = filterQueryValue(f, next[f.field]);
            if (v === undefined) p.delete(f.field);
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

/** The server-side order, read from and written to the route's query string (?sort=-at). */
function useQuerySort(screen: ScreenDef): [string | undefined, (sort: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('sort') ?? undefined;
  const sort = value !== undefined && serverSortValues(screen).includes(value) ? value : undefined;
  const setSort = useCallback(
    (next: string | undefined) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === undefined) p.delete('sort');
          else p.set('sort', next);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [sort, setSort];
}

export default function ListScreen({ module }: { module: ScreenModule }) {
  const paged = Boolean(module.screen.endpoint.paging);
  const [filters, setFilters] = useQueryFilters(module.screen);
  const [sort, setSort] = useQuerySort(module.screen);
  const args = useMemo(() => (sort ? { ...filters, sort } : filters), [filters, sort]);
  // The screen's paging mode never changes while it is mounted, so the hook order is stable.
  const state = (paged ? usePagedList : usePlainList)(module, args);
  useOpenNext(module, state);
  return <ListView module={module} state={state} filters={args} setFilters={setFilters} sort={sort} setSort={setSort} />;
}

/**
 * list.openNext: with ?next=1 (a form's success.next after deciding an item), once fresh rows are
 * here the first row not passed over opens in place of the list, under the same filters; with none
 * the list stays, without ?next.
 */
function useOpenNext(module: ScreenModule, state: ListState): void {
  const list = module.screen.list!;
  const location = useLocation();
  const navigate = useNavigate();
  const wanted = Boolean(list.openNext) && new URLSearchParams(location.search).get('next') === '1';
  useEffect(() => {
    // the user has gone elsewhere while the rows came (this list is still drawn during that change)
    if (!wanted || !state.fresh || !stillOn(location)) return;
    const unless = list.openNext?.unless;
    const row = state.rows.find((r) => !(unless && r[unless] === true));
    const back = listBack(location);
    navigate(row && list.detailRoute ? detailHref(list, row, back) : back, { replace: true });
  }, [wanted, state.fresh, state.rows, list, location, navigate]);
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

/** Loads the next page when the sentinel (the load-more button's box) scrolls into view. */
function useLoadMoreOnScroll({ hasMore, isFetchingMore, loadMore }: ListState): RefObject<HTMLDivElement | null> {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingMore) loadMore();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, isFetchingMore, loadMore]);
  return sentinel;
}

function PullIndicator({ distance, refreshing, armed }: { distance: number; refreshing: boolean; armed: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="pull-indicator" style={{ height: distance }}>
      {t(refreshing ? 'common.refreshing' : armed ? 'common.releaseToRefresh' : 'common.pullToRefresh')}
    </div>
  );
}

function LoadFailed({ onRetry, message }: { onRetry(): void; message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert">
      <p>{message ?? t('common.loadFailed')}</p>
      <button type="button" className="btn btn-ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

function LoadMore({ sentinel, state }: { sentinel: RefObject<HTMLDivElement | null>; state: ListState }) {
  const { t } = useTranslation();
  return (
    <div ref={sentinel}>
      <button type="button" className="btn btn-ghost btn-block" disabled={state.isFetchingMore} onClick={state.loadMore}>
        {t(state.isFetchingMore ? 'common.loading' : 'common.loadMore')}
      </button>
    </div>
  );
}

export function ListView({
  module,
  state,
  filters,
  setFilters,
  sort,
  setSort,
}: {
  module: ScreenModule;
  state: ListState;
  filters: Record<string, string>;
  setFilters(f: Record<string, string>): void;
  sort?: string;
  setSort?(sort: string | undefined): void;
}) {
  const { screen } = module;
  const list = screen.list!;
  const { t } = useTranslation();
  const pull = usePullToRefresh(state.refetch);
  const sentinel = useLoadMoreOnScroll(state);

  return (
    <div className="list-screen" {...pull.handlers}>
      {pull.distance > 0 && <PullIndicator distance={pull.distance} refreshing={pull.refreshing} armed={pull.armed} />}
      {(screen.filters?.length || list.addRoute || list.export || list.links?.length) && (
        <ListToolbar screen={screen} filters={filters} setFilters={setFilters} />
      )}
      {list.totalLabel && state.total !== undefined && !state.isLoading && !state.isError && (
        <p className="state muted list-total" role="status">
          {t(list.totalLabel, { count: state.total })}
        </p>
      )}
      {state.isLoading && <SkeletonRows screen={screen} />}
      {state.isError && !state.isLoading && <LoadFailed onRetry={() => void state.refetch()} message={state.errorMessage} />}
      {!state.isLoading && !state.isError && state.rows.length === 0 && <p className="state state-empty">{t(list.empty ?? 'common.empty')}</p>}
      {!state.isLoading &&
        (list.layout === 'table' ? state.rows.length > 0 && <ListTable module={module} rows={state.rows} serverSort={setSort && { sort, setSort }} /> : <ListRows module={module} rows={state.rows} />)}
      {state.hasMore && <LoadMore sentinel={sentinel} state={state} />}
      {!state.hasMore && state.rows.length > 0 && screen.endpoint.paging && <p className="state muted">{t('common.noMore')}</p>}
    </div>
  );
}
