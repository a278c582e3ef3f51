// The app's screen registry and the component that draws the schema screens of a route.
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SCREENS } from '../api/generated/manifest';
import { screenTextsReady } from '../i18n';
import { SIGN_IN_SCREENS } from '../i18n/parts';
import { forgetOnRetry, type PreloadableComponent, retryableLazy } from '../ui/ErrorBoundary';
import { createRegistry } from './registry';
import type { ScreenComponent, ScreenEntry, ScreenKind, ScreenModule } from './types';

export const registry = createRegistry();
// The form engine carries rjsf; it loads only when a form opens. A failed chunk rejects into
// the route's ErrorBoundary, and its Retry imports the chunk again.
const engines: Record<string, PreloadableComponent<{ module: ScreenModule }>> = {
  form: retryableLazy(() => import('./FormScreen')),
  list: retryableLazy(() => import('./ListScreen')),
  detail: retryableLazy(() => import('./DetailScreen')),
};
for (const [kind, engine] of Object.entries(engines)) registry.register(kind as ScreenKind, engine as ScreenComponent);

/** Screen modules that have loaded (screensReady): LoadedScreen draws them. */
const loadedModules = new Map<ScreenEntry, ScreenModule>();
const ready = new Map<string, Promise<void>>();

/**
 * Everything the screens of a route draw with: their modules, their engines and the screens'
 * texts, loaded at once. The route suspends on it (SchemaView), so it shows one Loading and
 * then the whole screen, not a Loading per step (each would hold the screen back by React's
 * reveal throttle). A failure is forgotten at the route's Retry, which loads again.
 */
export function screensReady(entries: readonly ScreenEntry[], lang: string): Promise<void> {
  const key = `${lang} ${entries.map((e) => e.id).join(' ')}`;
  let all = ready.get(key);
  if (!all) {
    const loads = entries.flatMap((entry) => [entry.load().then((m) => void loadedModules.set(entry, m as ScreenModule)), engines[entry.kind]?.preload()]);
    all = Promise.all([screenTextsReady(entries.every((e) => SIGN_IN_SCREENS.includes(e.id))), ...loads]).then(() => undefined);
    all.catch(() => forgetOnRetry(() => ready.delete(key)));
    ready.set(key, all);
  }
  return all;
}

/** Whether the route's query has what a screen's routeQuery asks for (a parameter, or a parameter with a value). */
export function queryMatches(entry: ScreenEntry, query: URLSearchParams): boolean {
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

function LoadedScreen({ entry }: { entry: ScreenEntry }) {
  // SchemaView draws a route's screens only once screensReady has loaded every one of them and its engine
  const module = loadedModules.get(entry)!;
  return createElement(registry.resolve(module.screen.kind), { module });
}

/** The screens a route names; several screens on one route are shown as tabs, ?tab=<screen id> picks one. */
export function SchemaRoute({ entries }: { entries: ScreenEntry[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = Math.max(
    0,
    entries.findIndex((e) => e.id === params.get('tab')),
  );
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
