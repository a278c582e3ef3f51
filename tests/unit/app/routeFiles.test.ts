// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableJavaScriptFileLoading": true, "disableCSSFileLoading": true, "handleDisabledFileLoadingAsSuccess": true}}
// The route → files table (src/app/routeFiles.ts): a route's own files with its screen texts in the
// language and the fallback; each file preloaded once, a stylesheet as a stylesheet; the app reads
// the table from the built page and has none in development.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_DATA_ID, type RouteFiles, SCREEN_TEXTS } from '../../../src/app/bootData';

const TABLE: RouteFiles = {
  files: ['/assets/SpotScreen-1.js', '/assets/feed-1.js', '/assets/SchemaView-1.js', '/assets/ListScreen-1.js', '/assets/engine-1.css', '/assets/en-US-texts-1.js', '/assets/ru-RU-texts-1.js'],
  paths: { '/deal/deal': [0, 1], '/deal/history': [2, 3, 4, SCREEN_TEXTS], '/user/my': [SCREEN_TEXTS] },
  screenTexts: { 'en-US': 5, 'ru-RU': 6 },
  firstLoad: ['/deal/history'],
};

const preloads = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel}${l.getAttribute('as') ? `:${l.getAttribute('as')}` : ''} ${l.getAttribute('href')}`);

// the module keeps the table it read: each test gets a fresh copy
const load = async () => {
  vi.resetModules();
  return import('../../../src/app/routeFiles');
};

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('routeFiles', () => {
  it("a hand-written screen's chunks; a schema route's with its texts in the language and the fallback; nothing for a route not in the table", async () => {
    const { routeFiles } = await load();
    expect(routeFiles(TABLE, '/deal/deal', ['ru-RU', 'en-US'])).toEqual(['/assets/SpotScreen-1.js', '/assets/feed-1.js']);
    expect(routeFiles(TABLE, '/deal/history', ['ru-RU', 'en-US'])).toEqual([
      '/assets/SchemaView-1.js',
      '/assets/ListScreen-1.js',
      '/assets/engine-1.css',
      '/assets/ru-RU-texts-1.js',
      '/assets/en-US-texts-1.js',
    ]);
    expect(routeFiles(TABLE, '/user/my', ['en-US'])).toEqual(['/assets/en-US-texts-1.js']);
    expect(routeFiles(TABLE, '/no/such', ['en-US'])).toEqual([]);
  });
});

describe('preloadFiles', () => {
  it('adds modulepreloads and stylesheet preloads, each file once however often it is named', async () => {
    const { preloadFiles } = await load();
    preloadFiles(['/assets/a-1.js', '/assets/b-1.css', '/assets/a-1.js']);
    preloadFiles(['/assets/b-1.css', '/assets/c-1.js']);
    expect(preloads()).toEqual(['modulepreload /assets/a-1.js', 'preload:style /assets/b-1.css', 'modulepreload /assets/c-1.js']);
  });
});

describe('preloadRoute', () => {
  it("reads the built page's table once and preloads what the route has not fetched yet", async () => {
    document.body.innerHTML = `<script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify({ codes: [], fallback: 'en-US', texts: {}, app: { entry: '', preload: [], routes: TABLE, captcha: { url: '', paths: [] } } })}</script>`;
    // what index.html's boot script preloaded already
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/SchemaView-1.js">';
    const { preloadRoute } = await load();
    preloadRoute('/deal/history', ['en-US']);
    expect(preloads()).toEqual(['modulepreload /assets/SchemaView-1.js', 'modulepreload /assets/ListScreen-1.js', 'preload:style /assets/engine-1.css', 'modulepreload /assets/en-US-texts-1.js']);
    // read once: a later change of the page does not matter
    document.body.innerHTML = '';
    preloadRoute('/deal/deal', ['en-US']);
    expect(preloads()).toContain('modulepreload /assets/SpotScreen-1.js');
  });

  it('in development (no boot data) preloads nothing', async () => {
    const { preloadRoute } = await load();
    preloadRoute('/deal/deal', ['en-US']);
    expect(preloads()).toEqual([]);
  });
});
