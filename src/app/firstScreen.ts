// The first route's screen, loaded before the app's first render (main.tsx).
import { guardShows } from './redirect';
import { prepareRoute } from './RouteView';
import { findRoute } from '../routes/routes';

/** Most the first render waits for the screen: on a slower link the nav bar and Loading show after this. */
export const FIRST_SCREEN_WAIT_MS = 1000;

/**
 * Resolves once the screen of the route in `hash` (#/x/y?q) has what it draws with, or after
 * FIRST_SCREEN_WAIT_MS. Nothing to wait for on a route the guard sends elsewhere; a failed load
 * resolves too (the route's error boundary then offers Retry).
 */
export function firstScreenReady(hash: string, loggedIn: boolean, lang: string): Promise<unknown> {
  const [pathname, search = ''] = hash.replace(/^#/, '').split('?');
  const route = findRoute(pathname);
  if (!route || !guardShows(pathname, loggedIn)) return Promise.resolve();
  const ready = prepareRoute(route, new URLSearchParams(search), lang).catch(() => undefined);
  return Promise.race([ready, new Promise((done) => setTimeout(done, FIRST_SCREEN_WAIT_MS))]);
}
