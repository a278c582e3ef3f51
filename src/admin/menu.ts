// Which back-office screens the side menu offers: the home screen first (the dashboard), then the
// lists the operator's roles allow. A list that needs a route query (a coin's networks: ?coin=)
// opens from its parent list instead.
import type { ScreenEntry } from '../engine/types';
import { mayOpen } from './routeScreens';

export function menuScreens(screens: readonly ScreenEntry[], roles: readonly string[], home?: string): ScreenEntry[] {
  const allowed = (s: ScreenEntry) => Boolean(s.roles) && mayOpen(s, roles);
  const first = screens.filter((s) => s.id === home && allowed(s));
  return [...first, ...screens.filter((s) => s.kind === 'list' && !s.routeQuery && allowed(s))];
}
