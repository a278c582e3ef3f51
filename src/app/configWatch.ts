// A configuration version an operator published (issue 42) reaches an app that is already open:
// it asks /base/site again every CONFIG_CHECK_MS while the page is visible, and when it becomes
// visible again; when the configuration's version moved, every query the app holds is fetched
// again (a form's limits, its sources, the lists). Nothing is dropped while they load, so a form
// keeps what the customer typed and checks it against the new limits.
import type { AppStore } from '../store';
import { api } from '../api/base';
import { endpoint as siteEndpoint, screen as siteScreen } from '../api/generated/screens/site';

export const CONFIG_CHECK_MS = 10_000;

interface Refetchable {
  initiate(args: unknown, options: { subscribe: false; forceRefetch: true }): Parameters<AppStore['dispatch']>[0];
}

/** Fetches again every query the store holds an answer of (not the site check itself). */
export function refetchHeldQueries(store: AppStore): void {
  const endpoints = api.endpoints as unknown as Record<string, Refetchable | undefined>;
  for (const q of Object.values(store.getState()[api.reducerPath].queries)) {
    if (!q || q.status !== 'fulfilled' || q.endpointName === siteScreen.endpoint.name) continue;
    const e = endpoints[q.endpointName];
    if (e) void store.dispatch(e.initiate(q.originalArgs, { subscribe: false, forceRefetch: true }));
  }
}

async function configVersion(store: AppStore): Promise<number | undefined> {
  const r = await store.dispatch(siteEndpoint.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return r.data?.configVersion;
}

/** Starts the watch; `seen` is the version the app started with (undefined: the first answer sets it). */
export function watchConfigVersion(store: AppStore, seen?: number, doc: Document = document): () => void {
  let last = seen;
  const check = async () => {
    if (doc.visibilityState !== 'visible') return;
    const now = await configVersion(store).catch(() => undefined);
    if (now === undefined) return;
    if (last !== undefined && now !== last) refetchHeldQueries(store);
    last = now;
  };
  const timer = setInterval(() => void check(), CONFIG_CHECK_MS);
  const onVisible = () => void check();
  doc.addEventListener('visibilitychange', onVisible);
  void check();
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisible);
  };
}
