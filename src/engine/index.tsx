// The app's screen registry and the component that draws the schema screens of a route.
import { createElement, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SCREENS } from '../api/generated/manifest';
import { retryableLazy, ScreenError } from '../ui/ErrorBoundary';
import { createRegistry } from './registry';
import type { ScreenComponent, ScreenEntry, ScreenModule } from './types';

export const registry = createRegistry();
// The form engine carries rjsf; it loads only when a form opens. A failed chunk rejects into
// the route's ErrorBoundary, and its Retry imports the chunk again.
const engines = { form: () => import('./FormScreen'), list: () => import('./ListScreen'), detail: () => import('./DetailScreen') };
registry.register('form', retryableLazy(engines.form) as unknown as ScreenComponent);
registry.register('list', retryableLazy(engines.list));
registry.register('detail', retryableLazy(engines.detail));

/**
 * Starts downloading the screen modules and the engine chunks of these screens, so they arrive
 * together with the screens' texts instead of one after another (import() runs each module once;
 * a failure shows where the screen renders, with its Retry).
 */
export function prefetchScreens(entries: readonly ScreenEntry[]): void {
  for (const entry of entries) {
    void entry.load().catch(() => undefined);
    if (entry.kind in engines) void engines[entry.kind as keyof typeof engines]().catch(() => undefined);
  }
}

/** Whether the route's query has what a screen's routeQuery asks for (a parameter, or a parameter with a value). */
function queryMatches(entry: ScreenEntry, query: URLSearchParams): boolean {
  return Object.entries(entry.routeQuery ?? {}).every(([param, value]) => (value === true ? !!query.get(param) : query.get(param) === value));
}

/** Whether any schema screen is drawn on this route (with some query). */
export function routeHasScreens(path: string): boolean {
  return SCREENS.some((s) => s.routes.includes(path));
}

/** The screens drawn on a route with this query. */
export function screensFor(path: string, query: URLSearchParams = new URLSearchParams()): ScreenEntry[] {
  return SCREENS.filter((s) => s.routes.includes(path) && queryMatches(s, query));
}

function Loading() {
  const { t } = useTranslation();
  return <p className="state">{t('common.loading')}</p>;
}

function LoadedScreen({ entry }: { entry: ScreenEntry }) {
  const [module, setModule] = useState<ScreenModule | null>(null);
  const [failed, setFailed] = useState(false);
  // bumped by Retry to run the load again
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    entry.load().then(
      (m) => live && setModule(m as ScreenModule),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [entry, attempt]);
  if (failed) {
    const retry = () => {
      setFailed(false);
      setAttempt((a) => a + 1);
    };
    return <ScreenError onRetry={retry} />;
  }
  if (!module) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      {createElement(registry.resolve(module.screen.kind), { module })}
    </Suspense>
  );
}

/** The screens a route names; several screens on one route are shown as tabs, ?tab=<screen id> picks one. */
export function SchemaRoute({ entries }: { entries: ScreenEntry[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = Math.max(0, entries.findIndex((e) => e.id === params.get('tab')));
  const setActive = (i: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', entries[i].id);
        return next;
      },
      { replace: true },
    );
  if (entries.length === 1) return <LoadedScreen entry={entries[0]} />;
  return (
    <>
      <div className="segmented" role="tablist">
        {entries.map((e, i) => (
          <button key={e.id} type="button" role="tab" aria-selected={i === active} className={i === active ? 'active' : ''} onClick={() => setActive(i)}>
            {t(e.tab ?? e.title ?? e.id)}
          </button>
        ))}
      </div>
      <LoadedScreen key={entries[active].id} entry={entries[active]} />
    </>
  );
}
