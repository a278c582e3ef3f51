// The schema engine's side of RouteView: the screens a route names, or "not available yet".
// Its own chunk: the screen manifest and the engine shell load only on a route without a
// hand-written screen, never on home.
import { use } from 'react';
import { SchemaRoute, screensFor } from '../engine';
import { screenTextsReady } from '../i18n';
import { NotAvailable } from './NotAvailable';

export default function SchemaView({ path }: { path: string }) {
  // the screens' own texts (src/i18n/parts.ts): the route's Suspense shows Loading until they are in
  use(screenTextsReady());
  const entries = screensFor(path);
  return entries.length ? <SchemaRoute key={path} entries={entries} /> : <NotAvailable />;
}
