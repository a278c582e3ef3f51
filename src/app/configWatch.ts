// A configuration version an operator published (issue 42) reaches an app that is already open:
// it asks /base/site again every CONFIG_CHECK_MS while the page is visible, when it becomes
// visible again and when the language changes; when the configuration's version moved, every
// query the app holds is fetched again (a form's limits, its sources, the lists) and the published
// texts of the language are laid over the app's own (GET /base/texts). Nothing is dropped while they
// load, so a form keeps what the customer typed and checks it against the new limits.
import i18next from 'i18next';
import type { AppStore } from '../store';
import { api } from '../api/base';
import { endpoint as siteEndpoint, screen as siteScreen } from '../api/generated/screens/site';
import { endpoint as textsEndpoint } from '../api/generated/screens/site-texts';
import { FALLBACK_LANGUAGE } from '../i18n';
import { setTextOverrides, type Texts } from '../i18n/overrides';

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

/** Lays the language's published texts (and the fallback's) over the app's own. */
async function layPublishedTexts(store: AppStore, lang: string): Promise<void> {
  const r = await store.dispatch(textsEndpoint.initiate({ lang }, { subscribe: false, forceRefetch: true }));
  if (r.data) setTextOverrides(r.data.texts as Texts, [...new Set([lang, FALLBACK_LANGUAGE])]);
}

/** Starts the watch; `seen` is the version the app started with (undefined: the first answer sets it). */
export function watchConfigVersion(store: AppStore, seen?: number, doc: Document = document): () => void {
  let last = seen;
  // the version and language whose texts are laid (version 0 has none to lay)
  let texts = { version: 0, lang: '' };
  const check = async () => {
    if (doc.visibilityState !== 'visible') return;
    const now = await configVersion(store).catch(() => undefined);
    if (now === undefined) return;
    if (last !== undefined && now !== last) refetchHeldQueries(store);
    last = now;
    const lang = i18next.language;
    if (now > 0 && (now !== texts.version || lang !== texts.lang)) {
      await layPublishedTexts(store, lang).catch(() => undefined);
      texts = { version: now, lang };
    }
  };
  const timer = setInterval(() => void check(), CONFIG_CHECK_MS);
  const onVisible = () => void check();
  doc.addEventListener('visibilitychange', onVisible);
  i18next.on('languageChanged', onVisible);
  void check();
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisible);
    i18next.off('languageChanged', onVisible);
  };
}
