// index.html's inline boot script (the vite build bundles this module into it with the texts; the
// server allows it by its hash, server/platform/http/security.ts). Before the first paint it applies the
// saved theme and the language, and on the home page fills in the shell's texts (src/ui/shell.ts),
// logged in or out, so the header and hero are on screen before the app's JavaScript arrives.
// Then it fetches the app with the route's own files (src/app/routeFiles.ts); on a page with a
// captcha form it asks for the captcha first, shows it in index.html's form shell and then fetches the app (src/widgets/captcha/bootCaptcha.ts).
import { LANGUAGE_KEY, pickFrom } from '../i18n/pick';
import { loadSession } from '../store/savedSession';
import { releaseShell, SHELL_ID } from '../ui/shell';
import { applyTheme } from '../ui/themeChoice';
import { askBootCaptcha } from '../widgets/captcha/bootCaptcha';
import type { AppScripts, BootData } from './bootData';
import { preloadFiles, routeFiles } from './routeFiles';

/** The route path of a location hash: #/pages/x/y?q=1 → /x/y. */
export function pathOfHash(hash: string): string {
  return hash
    .replace(/^#/, '')
    .split('?')[0]
    .replace(/^\/pages(?=\/)/, '');
}

const HOME_PATH = '/home/home';

/** The paths the home screen draws: /home/home and the bare start (as src/routes/routes.ts canonicalPath has it; the route table stays out of this script). */
export const isHomePath = (path: string) => path === '' || path === '/' || path === HOME_PATH;

/**
 * Texts come from data-text (the element's text) and data-label (its aria-label); a logged-in user
 * gets data-session-label and data-session-href instead where given, and no [data-guest] element; a visitor no [data-member] one.
 */
export function fillShell(shell: HTMLElement, text: (key: string) => string, loggedIn: boolean): void {
  for (const el of shell.querySelectorAll<HTMLElement>('[data-text]')) el.textContent = text(el.dataset.text!);
  for (const el of shell.querySelectorAll<HTMLElement>('[data-label]')) {
    const key = (loggedIn && el.dataset.sessionLabel) || el.dataset.label!;
    el.setAttribute('aria-label', text(key));
    if (loggedIn && el.dataset.sessionHref) el.setAttribute('href', el.dataset.sessionHref);
  }
  for (const el of shell.querySelectorAll(loggedIn ? '[data-guest]' : '[data-member]')) el.remove();
  shell.hidden = false;
}

/** Adds the entry module, what every route loads and what the route (/x/y) loads to the document: the app starts loading. Same-origin, so no crossorigin. */
export function loadApp({ entry, preload, routes }: AppScripts, path: string, langs: readonly string[]): void {
  document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: entry }));
  preloadFiles([...preload, ...(routes.firstLoad.includes(path) ? routeFiles(routes, path, langs) : [])]);
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
  const home = isHomePath(path);
  let lang = fallback;
  let shell = document.getElementById(SHELL_ID);
  try {
    applyTheme();
    lang = pickFrom(codes, fallback, localStorage.getItem(LANGUAGE_KEY), navigator.languages);
    document.documentElement.lang = lang;
    if (shell && home) fillShell(shell, (key) => texts[lang]?.[key] ?? texts[fallback]?.[key] ?? '', loadSession().token !== null);
    else shell = null;
  } catch {
    // storage refused (a private mode): the app starts as it would without the shell
    shell = null;
  }
  const start = () => app && loadApp(app, home ? HOME_PATH : path, [lang, fallback]);
  if (shell) return afterFirstPaint(start);
  releaseShell();
  // a captcha form (register, login): the captcha first, shown in index.html's form shell; the scripts once it is on screen
  if (app?.captcha.paths.includes(path)) return askBootCaptcha(app.captcha.url, path, start);
  start();
}
