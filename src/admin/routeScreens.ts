// The screens a back-office route draws with the current query and the operator's roles: a screen
// with a routeQuery only when the query has it (the wire instructions form on /admin/review?kind=wire),
// by the same rule as the customer app's routes; a screen only when the operator holds one of the
// roles its schema file declares (the declaration the server's gate enforces, carried into the
// generated admin manifest), so nobody sees a form the server would refuse them.
import { queryMatches } from '../engine';
import type { ScreenEntry } from '../engine/types';

/** True when the operator holds one of the screen's roles (a screen without roles is open to every signed-in operator). */
export function mayOpen(entry: ScreenEntry, roles: readonly string[]): boolean {
  return !entry.roles || entry.roles.some((r) => roles.includes(r));
}

export function routeScreens(entries: readonly ScreenEntry[], query: URLSearchParams, roles: readonly string[]): ScreenEntry[] {
  return entries.filter((e) => queryMatches(e, query) && mayOpen(e, roles));
}
