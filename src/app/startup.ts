// What the app does once the page has loaded and the browser idles (main.tsx loads it lazily then).
import type { AppStore } from '../store';
import { mountOfflineNotice } from './offlineNotice';
import { registerServiceWorker } from './serviceWorker';
import { runVersionCheck } from './versionCheck';
import { watchConfigVersion } from './configWatch';

export async function afterFirstRender(store: AppStore): Promise<void> {
  mountOfflineNotice();
  // A build other than the server's clears caches and service workers and reloads: registering first would be
  // undone, and a build the server still disagrees with after that reload is not worth keeping offline.
  const version = await runVersionCheck(store);
  if (version === 'reloading' || version === 'already-reloaded') return;
  // an operator's published change (a limit, a fee) reaches this open page without a reload
  watchConfigVersion(store);
  // the dev server has no sw.js; a browser that refuses service workers simply runs without one
  if (import.meta.env.PROD) await registerServiceWorker(navigator.serviceWorker, () => window.location.reload()).catch(() => 'unsupported');
}
