import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaRoute, screensFor } from '../engine';
import { SCREEN_LOADERS } from '../screens';
import { retryableLazy } from '../ui/ErrorBoundary';
import { NotAvailable } from './NotAvailable';
import type { RouteDef } from './routes';

// A chunk that fails to load rejects into the route's ErrorBoundary (Layout); its Retry mounts
// the route again and retryableLazy imports the chunk afresh (lazy() alone caches the rejection).
const handWritten = Object.fromEntries(Object.entries(SCREEN_LOADERS).map(([name, load]) => [name, retryableLazy(load)]));

/** A hand-written screen, the schema screens naming this route, or "not available yet". */
export function RouteView({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  if (route.screen) {
    const Screen = handWritten[route.screen];
    return (
      <Suspense fallback={<p className="state">{t('common.loading')}</p>}>
        <Screen />
      </Suspense>
    );
  }
  const entries = screensFor(route.path);
  return entries.length ? <SchemaRoute key={route.path} entries={entries} /> : <NotAvailable />;
}
