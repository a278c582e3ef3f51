// Where a user goes after logging in: back to the page the guard sent them away from (carried
// in the router's location state, or an explicit ?back=), else home. Only a path of a route of
// this app is taken, never a URL, so no link can send a user elsewhere (no open redirect).
import { isAppPath, pathPart } from '../../contract/app-path';
import { canonicalPath, findRoute, HOME, isPublic, LOGIN } from '../routes/routes';

/** The pages a logged-in user has no business on: they go home (or back) instead. */
const AUTH_PAGES = new Set([LOGIN, '/login/register', '/login/verify', '/login/passkey']);

export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.has(canonicalPath(pathname));
}

/** Whether the guard lets `pathname` show: logged out only the public pages, logged in all but login and register. */
export function guardShows(pathname: string, loggedIn: boolean): boolean {
  return loggedIn ? !isAuthPage(pathname) : isPublic(pathname);
}

/** `value` when it is a path (with an optional query) of a route of this app other than login or register. */
export function safeReturnPath(value: unknown): string | undefined {
  if (!isAppPath(value)) return undefined;
  const pathname = pathPart(value);
  return findRoute(pathname) && !isAuthPage(pathname) ? value : undefined;
}

/** What the guard remembers in the location state when it sends a user to login. */
export interface GuardState {
  from: string;
}

/** After login: the remembered page, else ?back=, else home. */
export function afterLogin(state: unknown, search: string): string {
  const remembered = (state as Partial<GuardState> | null)?.from;
  return safeReturnPath(remembered) ?? safeReturnPath(new URLSearchParams(search).get('back')) ?? HOME;
}
