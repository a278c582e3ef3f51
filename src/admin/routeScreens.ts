// The screens a back-office route draws with the current query: a screen with a routeQuery only
// when the query has it (the wire instructions form on /admin/review?kind=wire), by the same rule
// as the customer app's routes.
import { queryMatches } from '../engine';
import type { ScreenEntry } from '../engine/types';

export function routeScreens(entries: readonly ScreenEntry[], query: URLSearchParams): ScreenEntry[] {
  return entries.filter((e) => queryMatches(e, query));
}
