// Which back-office screens the side menu offers: the lists the operator's roles allow. A list
// that needs a route query (a coin's networks: ?coin=) opens from its parent list instead.
import type { ScreenEntry } from '../engine/types';

export function menuScreens(screens: readonly ScreenEntry[], roles: readonly string[]): ScreenEntry[] {
  return screens.filter((s) => s.kind === 'list' && !s.routeQuery && s.roles?.some((r) => roles.includes(r)));
}
