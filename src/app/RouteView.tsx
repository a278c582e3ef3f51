import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { bundlesFor } from '../i18n';
import { SCREEN_LOADERS } from '../screens';
import { retryableLazy } from '../ui/ErrorBoundary';
import { preloadRoute } from './routeFiles';
import type { RouteDef } from '../routes/routes';

// A chunk that fails to load rejects into the route's ErrorBoundary (Layout); its Retry mounts
// the route again and retryableLazy imports the chunk afresh (lazy() alone caches the rejection).
const handWritten = Object.fromEntries(Object.entries(SCREEN_LOADERS).map(([name, load]) => [name, retryableLazy(load)]));
// The schema engine and its screen manifest: only routes without a hand-written screen need them.
const SchemaView = retryableLazy(() => import('./SchemaView'));

/**
 * Loads what the route's screen draws with. main.tsx waits for it before the app's first render,
 * so the screen is in that render, not Loading and the screen 300 ms later (React holds back
 * each reveal after a fallback by that much). index.html's boot script has already asked for
 * these files, so the wait is for files the screen needs anyway.
 */
export function prepareRoute(route: RouteDef, query: URLSearchParams, lang: string): Promise<unknown> {
  if (route.screen) return handWritten[route.screen]?.preload() ?? Promise.resolve();
  return Promise.all([SchemaView.preload(), import('./SchemaView').then((m) => m.prepareSchemaRoute(route.path, query, lang))]);
}

/** A hand-written screen, the schema screens naming this route, or "not available yet". */
export function RouteView({ route }: { route: RouteDef }) {
  const { t, i18n } = useTranslation();
  // everything the route's screen needs, at once (the chunks below would otherwise ask for their imports one after another)
  preloadRoute(route.path, bundlesFor(i18n.language));
  const Screen = route.screen ? handWritten[route.screen] : null;
  return (
    <Suspense fallback={<p className="state">{t('common.loading')}</p>}>
      {Screen ? <Screen /> : <SchemaView path={route.path} />}
    </Suspense>
  );
}
