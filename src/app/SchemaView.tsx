// The schema engine's side of RouteView: the screens a route names, or "not available yet".
// Its own chunk: the screen manifest and the engine shell load only on a route without a
// hand-written screen, never on home.
import { use } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { routeHasScreens, SchemaRoute, screensFor, screensReady } from '../engine';
import { requestCaptchaEarly } from '../widgets/captcha/early';
import { NotAvailable } from './NotAvailable';

/** What the route's screens draw with, for the app's first render (RouteView's prepareRoute). */
export const prepareSchemaRoute = (path: string, query: URLSearchParams, lang: string) => screensReady(screensFor(path, query), lang);

export default function SchemaView({ path }: { path: string }) {
  const [query] = useSearchParams();
  const dispatch = useDispatch();
  const { t, i18n } = useTranslation();
  const entries = screensFor(path, query);
  if (entries.some((e) => e.captcha)) requestCaptchaEarly(dispatch);
  // the screens' modules, engines and texts (src/i18n/parts.ts): the route's Suspense shows Loading until they are all in
  use(screensReady(entries, i18n.language));
  if (entries.length) return <SchemaRoute key={`${path} ${entries.map((e) => e.id).join(' ')}`} entries={entries} />;
  // a route whose screens all need a query it lacks (/stake/detail without a product)
  if (routeHasScreens(path)) return <p className="state state-error">{t('errors.notFound')}</p>;
  return <NotAvailable />;
}
