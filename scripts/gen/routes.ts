// The route table and the hand-written screens' loaders, generated so that each route is
// declared once, where its screen is: a schema screen's `routes` (with `public`, `statusBar`)
// in its screen file, a hand-written screen's in the `*.screen.json` beside it.
import type { HandWrittenScreen, ScreenFile } from '../../contract/screen.ts';
import { banner } from './module.ts';

export const ROUTES_DIR = 'src/routes/generated';
export const LOADERS_DIR = 'src/screens/generated';

interface RouteRow {
  path: string;
  /** Only when it is not route.<area>.<page> (src/routes/routes.ts fills that in: the home bundle carries the table) */
  title?: string;
  public?: true;
  tab?: string;
  statusBar?: string;
  screen?: string;
  bare?: true;
}

/** Code-point order: the same bytes on every machine, whatever its locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Leaves out the options a route does not have, so the table lists only what is set. */
function row(r: { path: string; title?: string; public?: boolean; tab?: string; statusBar?: string; screen?: string; bare?: boolean }): RouteRow {
  return {
    path: r.path,
    ...(r.title ? { title: r.title } : {}),
    ...(r.public ? { public: true } : {}),
    ...(r.tab ? { tab: r.tab } : {}),
    ...(r.statusBar ? { statusBar: r.statusBar } : {}),
    ...(r.screen ? { screen: r.screen } : {}),
    ...(r.bare ? { bare: true } : {}),
  };
}

/**
 * Every route once, by path. A route is drawn by one hand-written screen (which may embed schema
 * screens of the route) or by schema screens (several may share it, told apart by their
 * routeQuery); those must agree on what the shell does.
 */
export function routeRows(screens: readonly ScreenFile[], handWritten: readonly HandWrittenScreen[]): RouteRow[] {
  const rows = new Map<string, RouteRow>();
  const declaredIn = new Map<string, string>();
  for (const h of handWritten) {
    for (const r of h.routes) {
      const file = `src/screens/${h.module}.screen.json`;
      if (rows.has(r.path)) throw new Error(`route ${r.path}: declared in ${declaredIn.get(r.path)} and in ${file}`);
      rows.set(r.path, row({ ...r, screen: h.name }));
      declaredIn.set(r.path, file);
    }
  }
  for (const s of screens) {
    for (const path of s.routes ?? []) {
      const file = `schemas/screens/${s.id}.json`;
      const next = row({ path, public: s.public, statusBar: s.statusBar });
      const before = rows.get(path);
      // a hand-written screen may embed a schema screen of its route (/user/inform: the notice list); it decides what the shell does
      if (before?.screen) {
        if (s.public !== undefined || s.statusBar)
          throw new Error(`route ${path}: ${file} sets public or statusBar, but the hand-written screen "${before.screen}" draws it (${declaredIn.get(path)})`);
        continue;
      }
      if (before && JSON.stringify(before) !== JSON.stringify(next))
        throw new Error(`route ${path}: ${declaredIn.get(path)} and ${file} disagree on public or statusBar`);
      rows.set(path, next);
      declaredIn.set(path, declaredIn.get(path) ?? file);
    }
  }
  return [...rows.values()].sort((a, b) => byText(a.path, b.path));
}

const SOURCES = 'screens/*.json and src/screens/**/*.screen.json';

export function routesModule(rows: readonly RouteRow[]): string {
  const lines = rows.map(
    (r) =>
      `  { ${Object.entries(r)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : String(v)}`)
        .join(', ')} },`,
  );
  return [
    banner(SOURCES).trimEnd(),
    '',
    '/** Every route of the app, once; src/routes/routes.ts types and reads it. */',
    'export const ROUTE_TABLE = [',
    ...lines,
    '] as const;',
    '',
  ].join('\n');
}

export function loadersModule(handWritten: readonly HandWrittenScreen[]): string {
  const entries = [...handWritten]
    .sort((a, b) => byText(a.name, b.name))
    .map((h) => {
      const load = `() => import('../${h.module}')`;
      return `  ${h.name}: ${h.screenTexts ? `withScreenTexts(${load})` : load},`;
    });
  return [
    banner(SOURCES).trimEnd(),
    "import type { ComponentType } from 'react';",
    "import { screenTextsReady } from '../../i18n';",
    '',
    'type Loader = () => Promise<{ default: ComponentType }>;',
    '',
    '/**',
    ' * A screen whose texts are in the screen-text part of the locale (src/i18n/parts.ts) opens',
    ' * once that part is loaded too, as a schema screen does; it keeps those texts off home.',
    ' */',
    'const withScreenTexts =',
    '  (load: Loader): Loader =>',
    '  () =>',
    '    Promise.all([load(), screenTextsReady()]).then(([screen]) => screen);',
    '',
    '/** Hand-written screens by the name the route table uses. Each is its own chunk. */',
    'export const SCREEN_LOADERS: Record<string, Loader> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}
