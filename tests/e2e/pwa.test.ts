// The installable app (issue 11 part 5) in real Chromium: the manifest and its icons are valid,
// the service worker takes over, the app starts without a network (shell from the precache) with
// a translated offline notice that goes away when the network is back, and no API answer is cached.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { appAndBrowser, phone, startApp } from './harness';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const app = appAndBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ context, page } = await phone(app.browser));
});
afterAll(async () => {
  await context?.close();
});

const get = (path: string) => fetch(`${app.running.url}${path}`);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

/** Every URL in Cache Storage, by cache. */
const cachedUrls = (p: Page) =>
  p.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    return all;
  });

const offlineNotice = (p: Page) => p.locator('.offline-notice');

/**
 * Debian's Chromium 150 forgets the emulated offline state in a document loaded after it was set
 * (navigator.onLine is true there, requests still fail): setting it again after a navigation gives
 * the page what a phone without a network has, and the 'offline' event with it.
 */
async function offlineAgain(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
}

describe('installable app', () => {
  it('serves a valid manifest in the theme colours with 192, 512 and maskable icons, linked from index.html', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; background_color: string; icons: ManifestIcon[] };
    expect(manifest).toMatchObject({ name: en.app.name, short_name: en.app.name, start_url: '/#/home/home', display: 'standalone', theme_color: '#0b0e11', background_color: '#0b0e11' });

    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of pngs) {
      const file = await get(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toBe(icon.sizes);
    }

    const html = await (await get('/')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const touchIcon = /<link rel="apple-touch-icon" sizes="180x180" href="([^"]+)">/.exec(html)?.[1];
    expect(touchIcon).toBeDefined();
    expect(pngSize(Buffer.from(await (await get(touchIcon!)).arrayBuffer()))).toBe('180x180');
    // and Chromium itself reads the manifest without errors
    await page.goto(`${app.running.url}/#/home/home`);
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(parsed.url).toBe(`${app.running.url}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    // an extra CDP session would keep the next document online under context.setOffline
    await cdp.detach();
  });

  it('the service worker takes over and keeps the shell, but never an API answer', async () => {
    await page.goto(`${app.running.url}/#/home/home`);
    await page.locator('.home').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    // a start under the worker's control: its API calls pass through it
    const apiCall = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/'));
    await page.reload();
    await page.locator('.home').waitFor();
    expect((await apiCall).fromServiceWorker()).toBe(false);
    await page.waitForLoadState('networkidle');

    const cached = Object.values(await cachedUrls(page)).flat();
    expect(cached).toContain('/index.html');
    expect(cached.filter((u) => /^\/assets\/en-US-.+\.js$/.test(u)).length).toBeGreaterThan(0);
    expect(cached.filter((u) => /^\/(api|uploads|ws)(\/|$)/.test(u))).toEqual([]);

    // the API page is the server's, not the app shell the worker answers other navigations with
    const apiPage = await page.goto(`${app.running.url}/api.html`);
    expect(apiPage?.fromServiceWorker()).toBe(false);
    await page.locator('h1', { hasText: 'CoinApp API' }).waitFor();
  });

  it('without a network the app still starts and says it is offline, until the network is back', async () => {
    await context.setOffline(true);
    await page.goto(`${app.running.url}/#/home/home`);
    await page.locator('.home').waitFor();
    await offlineAgain(context);
    await expect.poll(() => offlineNotice(page).textContent()).toBe(en.app.offline);
    expect(await offlineNotice(page).isVisible()).toBe(true);
    // any address of the app opens the shell, as the server's fallback would
    await page.goto(`${app.running.url}/?from=offline#/home/home`);
    await page.locator('.home').waitFor();
    await offlineAgain(context);
    await expect.poll(() => offlineNotice(page).textContent()).toBe(en.app.offline);

    await context.setOffline(false);
    await offlineNotice(page).waitFor({ state: 'detached' });
  });

  it('the offline notice is translated (German, a language this browser had not loaded before)', async () => {
    await context.setOffline(true);
    await page.evaluate(() => localStorage.setItem('lang', 'de-DE'));
    await page.reload();
    await page.locator('.home').waitFor();
    await offlineAgain(context);
    await expect.poll(() => offlineNotice(page).textContent()).toBe(de.app.offline);
    expect(de.app.offline).not.toBe(en.app.offline);

    await context.setOffline(false);
    await offlineNotice(page).waitFor({ state: 'detached' });
    await page.evaluate(() => localStorage.removeItem('lang'));
  });

  it('a new build waits in the background and is what the next start runs', async () => {
    // a server of its own over a copy of the build, so the test can deploy a "next" build into it
    const dist = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
    cpSync(process.env.E2E_DIST ?? 'dist', dist, { recursive: true });
    const server = await startApp({ staticDir: dist });
    const { context: own, page: p } = await phone(app.browser);
    const isNextBuild = () => p.evaluate(() => document.querySelector('meta[name="build"]') !== null);
    try {
      await p.goto(`${server.url}/#/home/home`);
      await p.locator('.home').waitFor();
      await p.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

      // deploy: a changed index.html and the worker that precaches it (pre-compressed copies dropped)
      const write = (file: string, text: string) => {
        writeFileSync(join(dist, file), text);
        for (const ext of ['.br', '.gz']) rmSync(join(dist, file + ext), { force: true });
      };
      write('index.html', readFileSync(join(dist, 'index.html'), 'utf8').replace('<head>', '<head><meta name="build" content="next">'));
      const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
      const next = sw.replace(/(\{url:"index\.html",revision:")[^"]+"/, '$1next"');
      expect(next).not.toBe(sw);
      write('sw.js', next);

      // this start still runs the build it started with; the new worker installs and waits
      await p.reload();
      await p.locator('.home').waitFor();
      const waiting = () => p.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state);
      await expect.poll(waiting, { timeout: 30_000 }).toBe('installed');
      expect(await isNextBuild()).toBe(false);

      // the next start switches to it (one reload right after the first render)
      await p.reload();
      await p.waitForFunction(() => document.querySelector('meta[name="build"]') !== null, null, { timeout: 30_000 });
      await p.locator('.home').waitFor();
      expect(await isNextBuild()).toBe(true);
      expect(await waiting()).toBeUndefined();
    } finally {
      await own.close();
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
