// index.html's inline boot script (the vite build bundles this module into it with the texts; the
// server allows it by its hash, server/http/security.ts). Before the first paint it applies the
// saved theme and the language, and on the home page fills in the shell's texts (src/ui/shell.ts),
// logged in or out, so the header and hero are on screen before the app's JavaScript arrives.
import { LANGUAGE_KEY, pickLanguage } from '../i18n/pick';
import { loadSession } from '../store/savedSession';
import { releaseShell, SHELL_ID } from '../ui/shell';
import { applyTheme } from '../ui/themeChoice';

/** language code → locale key → text, for the keys the shell names */
export type ShellTexts = Record<string, Record<string, string>>;

/** The hash routes the home screen draws: #/home/home, #/pages/home/home and the bare start (src/app/routes.ts canonicalPath). */
export function isHomeHash(hash: string): boolean {
  const path = hash.replace(/^#/, '').split('?')[0].replace(/^\/pages(?=\/)/, '');
  return path === '' || path === '/' || path === '/home/home';
}

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

/** The built app's entry module and the chunks to fetch with it (index.html names them at build time). */
export interface AppScripts {
  entry: string;
  preload: string[];
}

/** Adds the entry module and its modulepreloads to the document: the app starts loading. */
export function loadApp({ entry, preload }: AppScripts): void {
  for (const href of preload) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }));
  document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: entry, crossOrigin: '' }));
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
    if (!done) (done = true), then();
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // no paint timing: the timer below starts the app
  }
  setTimeout(once, PAINT_WAIT_MS);
}

export function boot(texts: ShellTexts, fallback: string, app?: AppScripts): void {
  const start = () => app && loadApp(app);
  try {
    applyTheme();
    const lang = pickLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages);
    document.documentElement.lang = lang;
    const shell = document.getElementById(SHELL_ID);
    if (!shell || !isHomeHash(location.hash)) {
      releaseShell();
      return start();
    }
    fillShell(shell, (key) => texts[lang]?.[key] ?? texts[fallback]?.[key] ?? '', loadSession().token !== null);
    afterFirstPaint(start);
  } catch {
    // storage refused (a private mode): the app starts as it would without the shell
    releaseShell();
    start();
  }
}
