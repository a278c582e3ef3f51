// A route's files travel together (src/app/routeFiles.ts, the table vite.config.ts writes into
// index.html): on a first load the boot script asks for the route's chunks, its screen texts and,
// on a page with a captcha form, the captcha before any of the app's JavaScript has run; home
// asks for none of a form's; opening a route inside the app preloads its files as it opens, and
// the route shows one Loading until all of them are in (src/engine/index.tsx screensReady); on a
// first load the app waits for them before its first render and shows none (src/app/firstScreen.ts).
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser, openWithScriptsHeld, phone } from './harness';

const app = appAndBrowser();

const fileOf = (r: Request) => new URL(r.url()).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1');

/** Opens `route` with the app's scripts held back; `asked` lists what the page requested, in order. */
async function openHeldBack(page: Page, route: string) {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url().includes('/api/') ? `${r.method()} ${new URL(r.url()).pathname}` : fileOf(r)));
  const release = await openWithScriptsHeld(page, `${app.running.url}/#${route}`);
  return { asked, release };
}

describe('route files', () => {
  it("register: the form engine, the screens, their stylesheet and texts and the captcha are asked for before the app's scripts run", async () => {
    const { context, page } = await phone(app.browser);
    const { asked, release } = await openHeldBack(page, '/login/register');
    // the scripts are held back, so whatever is asked for now is asked for by the boot script (in no fixed order)
    await expect.poll(() => asked.includes('POST /api/base/captcha')).toBe(true);
    for (const file of ['app.js', 'SchemaView.js', 'FormScreen.js', 'FormScreen.css', 'register-email.js', 'register-phone.js'])
      await expect.poll(() => asked, { message: file }).toContain(file);
    // the main English locale and the English screen texts: two chunks of that name
    await expect.poll(() => asked.filter((f) => f === 'en-US.js')).toHaveLength(2);
    release();
    await page.locator('#root .captcha img').waitFor();
    await expect.poll(() => page.locator('#root_captchaId').inputValue()).toMatch(/\S/);
    // the boot script's captcha is the one in the form: no second request
    expect(asked.filter((f) => f === 'POST /api/base/captcha')).toHaveLength(1);
    await context.close();
  });

  it("home asks for none of a form's files and no captcha", async () => {
    const { context, page } = await phone(app.browser);
    const { asked, release } = await openHeldBack(page, '/home/home');
    release();
    await page.locator('#root .home .hero h2').waitFor();
    expect(asked).toContain('HomeScreen.js');
    for (const file of ['SchemaView.js', 'FormScreen.js', 'POST /api/base/captcha']) expect(asked, file).not.toContain(file);
    expect(asked.filter((f) => f === 'en-US.js')).toHaveLength(1);
    await context.close();
  });

  it('opening register from home preloads its files as the route opens, and the form works', async () => {
    const { context, page } = await phone(app.browser);
    await page.goto(`${app.running.url}/#/home/home`);
    await page.locator('#root .hero .btn-ghost').click();
    await page.locator('#root .captcha img').waitFor();
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')].map((l) => l.getAttribute('href')),
    );
    for (const file of ['/SchemaView-', '/FormScreen-', '/register-email-'])
      expect(
        preloaded.some((href) => href?.includes(file)),
        file,
      ).toBe(true);
    expect(preloaded.some((href) => /FormScreen-[\w-]+\.css$/.test(href ?? ''))).toBe(true);
    await context.close();
  });

  it("a first load of register draws the form in the app's first render: no Loading, the title and the form together", async () => {
    const { context, page } = await phone(app.browser);
    await page.addInitScript(() => {
      const w = window as unknown as { loadingShown: number; formWithTitle?: boolean };
      w.loadingShown = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLElement && n.matches('p.state')) w.loadingShown++;
        if (w.formWithTitle === undefined && document.querySelector('#root h1')) w.formWithTitle = document.querySelector('#root form') !== null;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${app.running.url}/#/login/register`);
    await page.locator('#root .captcha img').waitFor();
    const seen = await page.evaluate(() => {
      const { loadingShown, formWithTitle } = window as unknown as { loadingShown: number; formWithTitle?: boolean };
      return { loadingShown, formWithTitle };
    });
    expect(seen).toEqual({ loadingShown: 0, formWithTitle: true });
    await context.close();
  });

  it('a form route opens with one Loading, then the whole form (not a Loading per chunk, each held back by React)', async () => {
    const { context, page } = await phone(app.browser);
    await page.addInitScript(() => {
      const w = window as unknown as { loadingShown: number };
      w.loadingShown = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLElement && n.matches('p.state')) w.loadingShown++;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${app.running.url}/#/home/home`);
    await page.locator('#root .hero .btn-ghost').click();
    await page.locator('#root .captcha img').waitFor();
    expect(await page.evaluate(() => (window as unknown as { loadingShown: number }).loadingShown)).toBeLessThanOrEqual(1);
    await context.close();
  });
});
