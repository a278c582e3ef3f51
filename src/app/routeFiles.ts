// The route → files table the build writes into index.html (vite.config.ts routeFilesOf): what
// each route loads beyond what every route does. index.html's boot script fetches a route's
// files with the entry on a first load (src/app/boot.ts); RouteView fetches them when the route
// opens inside the app. Either way a screen's chunks, their imports, its engine and its texts
// arrive together instead of each module asking for the next one when it runs.
import { BOOT_DATA_ID, type BootData, type RouteFiles, SCREEN_TEXTS, SIGN_IN_TEXTS } from './bootData';

/** A route's files (`path` as the route table has it: /x/y), with the screen texts in `langs` where it needs them. */
export function routeFiles({ files, paths, screenTexts, signInTexts = {} }: RouteFiles, path: string, langs: readonly string[]): string[] {
  const part = (texts: Record<string, number>) => langs.flatMap((lang) => (texts[lang] === undefined ? [] : [files[texts[lang]]]));
  return (paths[path] ?? []).flatMap((i) =>
    i === SCREEN_TEXTS ? [...part(signInTexts), ...part(screenTexts)] : i === SIGN_IN_TEXTS ? part(signInTexts) : files[i],
  );
}

/**
 * Adds a preload for each file the document does not preload yet: modules as modulepreload,
 * stylesheets as preload. Both `crossorigin` (anonymous), as Vite's own links that then use them
 * are: a preload fetched in another credentials mode is not reused (Chrome warns and fetches again).
 */
export function preloadFiles(hrefs: readonly string[]): void {
  for (const href of hrefs) {
    if (document.head.querySelector(`link[href="${href}"]`)) continue;
    const link = href.endsWith('.css') ? { rel: 'preload', as: 'style', href, crossOrigin: '' } : { rel: 'modulepreload', href, crossOrigin: '' };
    document.head.append(Object.assign(document.createElement('link'), link));
  }
}

let table: RouteFiles | null | undefined;

/** The built page's table; null in development, where index.html has no boot data. */
function builtTable(): RouteFiles | null {
  if (table === undefined) {
    const data = document.getElementById(BOOT_DATA_ID)?.textContent;
    table = (data ? (JSON.parse(data) as BootData).app?.routes : undefined) ?? null;
  }
  return table;
}

/** Starts fetching what `path` needs that has not been fetched yet (idempotent). */
export function preloadRoute(path: string, langs: readonly string[]): void {
  const routes = builtTable();
  if (routes) preloadFiles(routeFiles(routes, path, langs));
}
