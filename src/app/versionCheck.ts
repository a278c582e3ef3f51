// On start the app asks /base/site for the server's version. When it differs from the version
// this build was made with (schemas/config/app.json), what the browser or web view kept of an
// older build (Cache Storage, service workers) is cleared and the page reloads once. If the
// version still differs after that reload (the server is ahead of every build we can get), the
// app carries on rather than reload in a loop: the flag remembers the version it reloaded for.
import appConfig from '../../schemas/config/app.json';
import type { AppStore } from '../store';
import { endpoint as siteEndpoint } from '../api/generated/screens/site';

export const RELOADED_FOR = 'coinapp.reloadedForVersion';

export interface VersionCheck {
  appVersion: string;
  serverVersion(): Promise<string | undefined>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  clearCaches(): Promise<void>;
  reload(): void;
}

export type VersionOutcome = 'current' | 'reloading' | 'already-reloaded' | 'unknown';

export async function checkVersion(c: VersionCheck): Promise<VersionOutcome> {
  const server = await c.serverVersion().catch(() => undefined);
  if (!server) return 'unknown';
  if (server === c.appVersion) {
    c.storage.removeItem(RELOADED_FOR);
    return 'current';
  }
  if (c.storage.getItem(RELOADED_FOR) === server) return 'already-reloaded';
  c.storage.setItem(RELOADED_FOR, server);
  await c.clearCaches().catch(() => undefined);
  c.reload();
  return 'reloading';
}

/** Deletes every Cache Storage entry and unregisters every service worker of this origin. */
export async function clearBrowserCaches(): Promise<void> {
  if (typeof caches !== 'undefined') await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
  await Promise.all(registrations.map((r) => r.unregister()));
}

/** The check as the app runs it at start. */
export function runVersionCheck(store: AppStore): Promise<VersionOutcome> {
  return checkVersion({
    appVersion: appConfig.version,
    serverVersion: async () => {
      const request = store.dispatch(siteEndpoint.initiate(undefined, { subscribe: false, forceRefetch: true }));
      const result = await request;
      return result.data?.version;
    },
    storage: sessionStorage,
    clearCaches: clearBrowserCaches,
    reload: () => window.location.reload(),
  });
}
