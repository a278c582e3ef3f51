// index.html's inline boot script (the vite build bundles this module into it with the texts; the
// server allows it by its hash, server/http/security.ts). Before the first paint it applies the
// saved theme and the language, and on the home page fills in the shell's texts (src/ui/shell.ts),
// logged in or out, so the header and hero are on screen before the app's JavaScript arrives.
import { LANGUAGE_KEY, pickFrom } from '../i18n/pick';
import { loadSession } from '../store/savedSession';
import { releaseShell, SHELL_ID } from '../ui/shell';
import { applyTheme } from '../ui/themeChoice';
import type { AppScripts, BootData } from './bootData';

/** The route path of a location hash: #/pages/x/y?q=1 → /x/y. */
export function pathOfHash(hash: string): string {
  return hash
    .replace(/^#/, '')
    .split('?')[0]
    .replace(/^\/pages(?=\/)/, '');
}

/** The paths the home screen draws: /home/home and the bare start (as src/app/routes.ts canonicalPath has it; the route table stays out of this script). */
export const isHomePath = (path: string) => path === '' || path === '/' || path === '/home/home';

/**
 * Texts come from data-text (the element's text) and data-label (its aria-label); a logged-in user
 * gets data-session-label and data-session-href instead where given, and no [data-guest] element.
 */
export function fillShell(shell: HTMLElement, text: (key: string) => string, loggedIn: boolean): void {
  for (const el of shell.querySelectorAll<HTMLElement>('[data-text]')) el.textContent = text(el.dataset.text!);
  for (const el of shell.querySelectorAll<HTMLElement>('[data-label]')) {
    const key = (loggedIn && el.dataset.sessionLabel) || el.dataset.label!;
    el.setAttribute('aria-label', text(key));
    if (loggedIn && el.dataset.sessionHref) el.setAttribute('href', el.dataset.sessionHref);
  }
  if (loggedIn) for (const el of shell.querySelectorAll('[data-guest]')) el.remove();
  shell.hidden = false;
}

/** What to fetch with the entry: what every route loads, and on home the home screen's chunks too. */
export function scriptsFor(app: AppScripts, path: string): string[] {
  return isHomePath(path) ? [...app.preload, ...app.homePreload] : app.preload;
}

/** Adds the modulepreloads and then the entry module to the document: the app starts loading. Same-origin, so no crossorigin on either. */
export function loadApp(entry: string, preload: readonly string[]): void {
  for (const href of preload) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: entry }));
}

/** Most this waits for the shell's first paint before loading anyway (a hidden tab paints nothing). */
const PAINT_WAIT_MS = 300;

/**
 * Runs `then` once the shell is on screen: the app's scripts are requested after the first
 * contentful paint, not with it. On a phone they take at least a round trip more than the HTML
 * anyway; what this buys is that nothing competes with the shell's paint on a slow CPU.
 */
export function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  // paint timing: every browser the build targets (Chromium 66+, Safari 17+, Firefox 115+)
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(once, PAINT_WAIT_MS);
}

export function boot({ codes, fallback, texts, app }: BootData): void {
  const path = pathOfHash(location.hash);
  let lang = fallback;
  let shell = document.getElementById(SHELL_ID);
  try {
    applyTheme();
    lang = pickFrom(codes, fallback, localStorage.getItem(LANGUAGE_KEY), navigator.languages);
    document.documentElement.lang = lang;
    if (shell && isHomePath(path)) fillShell(shell, (key) => texts[lang]?.[key] ?? texts[fallback]?.[key] ?? '', loadSession().token !== null);
    else shell = null;
  } catch {
    // storage refused (a private mode): the app starts as it would without the shell
    shell = null;
  }
  const start = () => app && loadApp(app.entry, scriptsFor(app, path));
  if (shell) return afterFirstPaint(start);
  releaseShell();
  start();
}
