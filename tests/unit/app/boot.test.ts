// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true}}
// index.html's boot script (src/app/boot.ts): which routes get the home shell, its texts per
// language with the fallback, the logged-in variant, and when the app's scripts are requested.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, fillShell, isHomePath, pathOfHash } from '../../../src/app/boot';
import { type BootData, SCREEN_TEXTS } from '../../../src/app/bootData';

const SHELL = `<div id="shell" hidden>
  <a class="avatar" href="#/login/login" data-label="home.login" data-session-label="route.user.my" data-session-href="#/user/my"></a>
  <a class="home-bell" href="#/user/inform" data-member data-label="home.notifications"></a>
  <h2 data-text="home.greeting"></h2>
  <div class="hero-member" data-member></div>
  <div class="hero-actions" data-guest><a data-text="home.login"></a></div>
</div><div id="root"></div>`;

const DATA: BootData = {
  codes: ['en-US', 'de-DE', 'ru-RU'],
  fallback: 'en-US',
  texts: {
    'en-US': { 'home.greeting': 'Trade digital assets', 'home.login': 'Log in', 'route.user.my': 'Personal centre' },
    'de-DE': { 'home.greeting': 'Mit digitalen Assets handeln' },
  },
  app: {
    entry: '/assets/index-1.js',
    preload: ['/assets/app-1.js'],
    routes: {
      files: [
        '/assets/HomeScreen-1.js',
        '/assets/SchemaView-1.js',
        '/assets/FormScreen-1.js',
        '/assets/FormScreen-1.css',
        '/assets/en-US-texts-1.js',
        '/assets/de-DE-texts-1.js',
        '/assets/MarketScreen-1.js',
      ],
      paths: { '/home/home': [0], '/login/register': [1, 2, 3, SCREEN_TEXTS], '/market/market': [6] },
      screenTexts: { 'en-US': 4, 'de-DE': 5 },
      firstLoad: ['/home/home', '/login/register'],
    },
    captcha: { url: '/api/base/captcha', paths: ['/login/register'] },
  },
};

let paint: (() => void) | undefined;
class FakePaintObserver {
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }, observer: FakePaintObserver) => void) {}
  observe() {
    paint = () => this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, this);
  }
  disconnect() {
    paint = undefined;
  }
}

const shell = () => document.getElementById('shell');
const requested = () =>
  [...document.head.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[type=module], link[rel=modulepreload], link[rel=preload][as=style]')].map(
    (e) => e.getAttribute('src') ?? e.getAttribute('href'),
  );
let fetched: [string, RequestInit | undefined][] = [];

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = SHELL;
  localStorage.clear();
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  fetched = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    fetched.push([url, init]);
    return Promise.resolve(new Response('{"code":0,"data":{"captchaId":"c1"}}'));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

describe('the home route in a hash', () => {
  it('is the home route in either form and the bare start, nothing else', () => {
    for (const hash of ['', '#', '#/', '#/home/home', '#/pages/home/home', '#/home/home?x=1']) expect(isHomePath(pathOfHash(hash)), hash).toBe(true);
    for (const hash of ['#/login/login', '#/home/homeX', '#/pages/deal/deal', '#/market/market?from=home'])
      expect(isHomePath(pathOfHash(hash)), hash).toBe(false);
  });
});

describe('fillShell', () => {
  it('logged out: texts and labels, the log-in buttons kept, no bell or balance, shown', () => {
    fillShell(shell()!, (k) => `<${k}>`, false);
    expect(shell()!.hidden).toBe(false);
    expect(document.querySelector('h2')!.textContent).toBe('<home.greeting>');
    expect(document.querySelector('.avatar')!.getAttribute('aria-label')).toBe('<home.login>');
    expect(document.querySelector('.avatar')!.getAttribute('href')).toBe('#/login/login');
    expect(document.querySelector('[data-guest]')).not.toBeNull();
    expect(document.querySelector('[data-member]')).toBeNull();
  });

  it("logged in: the session label and link, no log-in buttons, the bell and the balance's place", () => {
    fillShell(shell()!, (k) => `<${k}>`, true);
    expect(document.querySelector('.avatar')!.getAttribute('aria-label')).toBe('<route.user.my>');
    expect(document.querySelector('.avatar')!.getAttribute('href')).toBe('#/user/my');
    expect(document.querySelector('[data-guest]')).toBeNull();
    expect(document.querySelectorAll('[data-member]')).toHaveLength(2);
  });
});

describe('boot', () => {
  it("on home: the browser's language with the fallback per key, the saved theme, the app requested after the first paint", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-CH', 'en']);
    localStorage.setItem('theme', 'light');
    window.location.hash = '#/home/home';
    boot(DATA);
    expect(document.documentElement.lang).toBe('de-DE');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.querySelector('h2')!.textContent).toBe('Mit digitalen Assets handeln');
    expect(document.querySelector('[data-guest] a')!.textContent).toBe('Log in');
    expect(requested()).toEqual([]);
    paint!();
    expect(requested()).toEqual(['/assets/index-1.js', '/assets/app-1.js', '/assets/HomeScreen-1.js']);
    expect(fetched).toEqual([]);
    // the fallback timer does not add them twice
    vi.advanceTimersByTime(1000);
    expect(requested()).toHaveLength(3);
  });

  it('on home without a paint (a hidden tab): the app is requested after 300 ms anyway', () => {
    boot(DATA);
    vi.advanceTimersByTime(299);
    expect(requested()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requested()).toHaveLength(3);
  });

  it('a saved language wins; a saved session draws the logged-in shell', () => {
    localStorage.setItem('lang', 'ru-RU');
    localStorage.setItem('session', JSON.stringify({ token: 'abc', user: null }));
    boot(DATA);
    expect(document.documentElement.lang).toBe('ru-RU');
    // no Russian text in this data: the fallback's
    expect(document.querySelector('h2')!.textContent).toBe('Trade digital assets');
    expect(document.querySelector('[data-guest]')).toBeNull();
    expect(document.querySelectorAll('[data-member]')).toHaveLength(2);
  });

  const captchaIn = () => (window as unknown as { __bootCaptcha: { envelope: Promise<unknown> } }).__bootCaptcha.envelope;

  it("on a captcha form's route: no home shell; the app, with the route's chunks, stylesheet and screen texts, once the captcha is in", async () => {
    window.location.hash = '#/pages/login/register?tab=register-phone';
    boot(DATA);
    expect(shell()).toBeNull();
    // the captcha first (shown in index.html's form shell), the scripts after it
    expect(requested()).toEqual([]);
    await captchaIn();
    expect(requested()).toEqual([
      '/assets/index-1.js',
      '/assets/app-1.js',
      '/assets/SchemaView-1.js',
      '/assets/FormScreen-1.js',
      '/assets/FormScreen-1.css',
      '/assets/en-US-texts-1.js',
    ]);
    expect(document.head.querySelector('link[href="/assets/FormScreen-1.css"]')!.getAttribute('rel')).toBe('preload');
  });

  it('in German: the German screen texts and the fallback English ones', async () => {
    localStorage.setItem('lang', 'de-DE');
    window.location.hash = '#/login/register';
    boot(DATA);
    await captchaIn();
    expect(requested().slice(-2)).toEqual(['/assets/de-DE-texts-1.js', '/assets/en-US-texts-1.js']);
  });

  it("a page with a captcha form asks for the captcha before the scripts; a hand-written screen's files are left to the app", async () => {
    window.location.hash = '#/login/register';
    boot(DATA);
    expect(fetched).toEqual([['/api/base/captcha', { method: 'POST' }]]);
    const left = (window as unknown as { __bootCaptcha?: { envelope: Promise<unknown> } }).__bootCaptcha;
    expect(await left!.envelope).toEqual({ code: 0, data: { captchaId: 'c1' } });

    document.head.innerHTML = '';
    fetched = [];
    window.location.hash = '#/market/market';
    boot(DATA);
    expect(requested()).toEqual(['/assets/index-1.js', '/assets/app-1.js']);
    expect(fetched).toEqual([]);
  });

  it('storage refused: no shell, the app still starts', () => {
    vi.spyOn(localStorage, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    boot(DATA);
    expect(shell()).toBeNull();
    expect(requested()).toHaveLength(3);
  });
});
