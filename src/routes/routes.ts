// The route table of spec §2. Every route exists at /x/y and at /pages/x/y. It is generated
// (src/routes/generated/routes.ts, `npm run gen`) from where each route's screen is declared: a
// schema screen's `routes` in schemas/screens/*.json, a hand-written screen's in the
// *.screen.json beside it (src/screens/<area>/<Name>Screen.screen.json).
import type { StatusBarColor, TabId } from '../../contract/screen.ts';
import { ROUTE_TABLE } from './generated/routes.ts';

export type { StatusBarColor, TabId };

export interface RouteDef {
  path: string;
  /** Locale key of the nav-bar title */
  title: string;
  /** Open without a token (the guard's whitelist) */
  public?: boolean;
  tab?: TabId;
  statusBar?: StatusBarColor;
  /** Hand-written screen, by name (src/screens/generated/loaders.ts) */
  screen?: string;
  /** No nav bar (the home page draws its own header) */
  bare?: boolean;
}

/** route.<area>.<page>: the nav-bar title of /<area>/<page> unless its declaration names another */
export const ROUTES: readonly RouteDef[] = ROUTE_TABLE.map((route) => {
  const [, area, page] = route.path.split('/');
  return { title: `route.${area}.${page}`, ...route };
});

export const HOME = '/home/home';
export const LOGIN = '/login/login';
export { REAL_NAME } from '../../contract/app-path.ts';

export const TABS: readonly { id: TabId; path: string; label: string }[] = [
  { id: 'home', path: '/home/home', label: 'tabs.home' },
  { id: 'market', path: '/market/market', label: 'tabs.market' },
  { id: 'deal', path: '/deal/deal', label: 'tabs.deal' },
  { id: 'property', path: '/property/property', label: 'tabs.property' },
];

const byPath = new Map(ROUTES.map((route) => [route.path, route]));

/** Strips the /pages prefix: both forms name the same route. */
export function canonicalPath(pathname: string): string {
  const p = pathname.startsWith('/pages/') ? pathname.slice('/pages'.length) : pathname;
  return p === '/' || p === '' ? HOME : p;
}

export function findRoute(pathname: string): RouteDef | undefined {
  return byPath.get(canonicalPath(pathname));
}

export function isPublic(pathname: string): boolean {
  const p = pathname.startsWith('/pages/') ? pathname.slice('/pages'.length) : pathname;
  return p === '/' || p === '' || findRoute(pathname)?.public === true;
}
