// The route table of spec §2. Every route exists at /x/y and at /pages/x/y.
// A route is drawn by a hand-written screen (`screen`), by the schema engine
// (any schema file naming the path) or, until its issue lands, by NotAvailable.

export type TabId = 'home' | 'market' | 'deal' | 'property';
export type StatusBarColor = 'teal' | 'green' | 'dark';

export interface RouteDef {
  path: string;
  /** Locale key of the nav-bar title */
  title: string;
  /** Open without a token (the guard's whitelist) */
  public?: boolean;
  tab?: TabId;
  statusBar?: StatusBarColor;
  /** Hand-written screen, by name in src/screens/index.ts */
  screen?: string;
  /** No nav bar (the home page draws its own header) */
  bare?: boolean;
}

const r = (path: string, extra: Omit<RouteDef, 'path' | 'title'> = {}): RouteDef => {
  const [, area, page] = path.split('/');
  return { path, title: `route.${area}.${page}`, ...extra };
};

export const ROUTES: readonly RouteDef[] = [
  r('/home/home', { public: true, tab: 'home', screen: 'home', bare: true }),
  r('/market/market', { tab: 'market', screen: 'market' }),
  r('/deal/deal', { tab: 'deal', screen: 'spot' }),
  r('/deal/chart', { screen: 'chart' }),
  r('/deal/history'),
  r('/deal/detail'),
  r('/property/property', { tab: 'property', screen: 'assets' }),
  r('/property/detail'),
  r('/contract/contract', { screen: 'futures' }),
  r('/contract/futures', { screen: 'futures' }),
  r('/contract/history'),
  r('/contract/detail'),
  r('/IEO/IEO', { statusBar: 'green' }),
  r('/IEO/detail'),
  r('/IEO/history'),
  r('/stake/list'),
  r('/stake/detail'),
  r('/stake/order'),
  r('/stake/earningsCurve', { screen: 'earningsCurve' }),
  r('/stake/earningsList'),
  r('/user/my', { statusBar: 'teal', screen: 'my' }),
  r('/user/realName'),
  r('/user/lang', { public: true, screen: 'language' }),
  r('/user/address'),
  r('/user/addAddress'),
  r('/user/affiche'),
  r('/user/afficheDetail'),
  r('/user/inform', { screen: 'inform' }),
  r('/user/informDetail'),
  r('/user/invite', { screen: 'invite' }),
  r('/user/about', { screen: 'about' }),
  r('/user/MSB', { screen: 'msb' }),
  r('/user/bank'),
  r('/user/addBank'),
  r('/user/service', { public: true, screen: 'service' }),
  r('/login/login', { public: true }),
  r('/login/register', { public: true }),
  r('/login/password', { public: true }),
  r('/login/forgetPassword', { public: true }),
  r('/login/resetPassword'),
  r('/login/resetWithdrawPassword'),
  r('/bitcoin/payment'),
  r('/bitcoin/paymentDetail'),
  r('/bitcoin/paymentHistory'),
  r('/bitcoin/paymentList'),
  r('/bitcoin/withdraw'),
  r('/bitcoin/withdrawDetail'),
  r('/bitcoin/withdrawHistory'),
  r('/bitcoin/withdrawList'),
  r('/bitcoin/bank'),
  r('/bitcoin/bankHistory'),
  r('/bitcoin/bankDetail'),
  r('/bitcoin/wireTransfer'),
  r('/bitcoin/exchange'),
  r('/bitcoin/loan'),
  r('/bitcoin/loanDetail'),
  r('/bitcoin/loanHistory'),
  // beyond the spec's routes: every history list has a detail page
  r('/bitcoin/loanOrderDetail'),
  r('/bitcoin/wireDetail'),
  // beyond the spec's routes: account security
  r('/user/devices'),
  r('/user/antiPhishing'),
  { path: '/choose-location', title: 'route.system.chooseLocation', screen: 'chooseLocation' },
  { path: '/open-location', title: 'route.system.openLocation', screen: 'openLocation' },
];

export const HOME = '/home/home';
export const LOGIN = '/login/login';
export const REAL_NAME = '/user/realName';

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
