// The schema engine's side of RouteView: the screens a route names, or "not available yet".
// Its own chunk: the screen manifest and the engine shell load only on a route without a
// hand-written screen, never on home.
import { SchemaRoute, screensFor } from '../engine';
import { NotAvailable } from './NotAvailable';

export default function SchemaView({ path }: { path: string }) {
  const entries = screensFor(path);
  return entries.length ? <SchemaRoute key={path} entries={entries} /> : <NotAvailable />;
}
