// Stands in for react-router-dom in the customer build (vite.config.ts): the app routes by its own
// table (src/routes, Layout) and uses only hash history, its location, navigate, search params,
// Link, NavLink and Navigate. react-router's HashRouter alone brings ~15 KB gz to every page (its
// data and framework routers cannot be shaken off); this is the part the app uses, with the same
// history entries ({ usr, key, idx } in history.state, idx read by NavBar and the form engine)
// and the same location objects (the first one's key is "default"). The back office keeps
// react-router (vite.admin.config.ts); a name the app imports that is missing here fails the build.
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = { (to: To, options?: NavigateOptions): void; (delta: number): void };

interface Entry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

export const createPath = ({ pathname = '/', search = '', hash = '' }: Partial<Location>): string =>
  pathname +
  (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') +
  (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '');

function parsePath(path: string): { pathname: string; search: string; hash: string } {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return { pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/', search: searchAt >= 0 ? rest.slice(searchAt) : '', hash };
}

const entryOf = (): Entry => (window.history.state as Entry | null) ?? {};

let current: Location | undefined;
let currentId = '';

/** The location of the URL and history entry now: the same object until either changes (useSyncExternalStore compares it). */
function readLocation(): Location {
  const entry = entryOf();
  const id = `${entry.key ?? ''} ${window.location.href}`;
  if (!current || id !== currentId) {
    currentId = id;
    current = { ...parsePath(window.location.hash.slice(1)), state: entry.usr ?? null, key: entry.key ?? 'default' };
  }
  return current;
}

/** Back, forward and a hash set by hand (the api layer's `location.hash = …`): the location is read again. */
const URL_EVENTS = ['popstate', 'hashchange'] as const;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) for (const event of URL_EVENTS) window.addEventListener(event, notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) for (const event of URL_EVENTS) window.removeEventListener(event, notify);
  };
}

const toPath = (to: To) => (typeof to === 'string' ? to : createPath(to));

const navigateTo: NavigateFunction = (to: To | number, options: NavigateOptions = {}) => {
  if (typeof to === 'number') return window.history.go(to);
  const idx = entryOf().idx ?? 0;
  const entry: Entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10), idx: options.replace ? idx : idx + 1 };
  const url = `#${toPath(to)}`;
  if (options.replace) window.history.replaceState(entry, '', url);
  else window.history.pushState(entry, '', url);
  notify();
};

const InRouter = createContext(false);

/** Hash routing: the location is the URL's hash (#/x/y?q). */
export function HashRouter({ children }: { children?: ReactNode }) {
  useEffect(() => {
    // the first entry gets its index, as react-router's hash history gives it
    if (entryOf().idx === undefined) window.history.replaceState({ ...entryOf(), idx: 0 }, '');
  }, []);
  return <InRouter.Provider value>{children}</InRouter.Provider>;
}

export function useLocation(): Location {
  if (!useContext(InRouter)) throw new Error('useLocation() may be used only inside <HashRouter>');
  return useSyncExternalStore(subscribe, readLocation);
}

export function useNavigate(): NavigateFunction {
  return navigateTo;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
    const { pathname, search: now } = readLocation();
    const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(now)) : next);
    const query = value.toString();
    navigateTo({ pathname, search: query ? `?${query}` : '' }, options);
  }, []);
  return [params, set];
}

export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  useEffect(() => navigateTo(to, { replace, state }));
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; state?: unknown };

/** A link to `to`: a plain click moves the app there, a click with a modifier is the browser's (a new tab). */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    // a link to where the app already is replaces the entry, as react-router's does
    navigateTo(to, { replace: replace ?? toPath(to) === createPath(readLocation()), state });
  };
  return <a {...rest} target={target} href={`#${toPath(to)}`} onClick={click} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string | ((state: { isActive: boolean }) => string) };

/** A Link that knows whether the location is its path or under it. */
export function NavLink({ className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const path = parsePath(toPath(rest.to)).pathname;
  const isActive = pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
  return <Link {...rest} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} />;
}
