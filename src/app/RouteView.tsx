import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaRoute, screensFor } from '../engine';
import { SCREEN_LOADERS } from '../screens';
import { NotAvailable } from './NotAvailable';
import type { RouteDef } from './routes';

const handWritten = Object.fromEntries(Object.entries(SCREEN_LOADERS).map(([name, load]) => [name, lazy(load)]));

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
