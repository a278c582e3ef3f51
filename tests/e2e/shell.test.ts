// index.html's home shell (src/ui/shell.ts, src/app/boot.ts) in real Chromium: before any of the
// app's JavaScript has arrived the home page shows its header and hero in the user's language and
// theme, logged in or out, allowed by the CSP; other routes get no stand-in; and React takes over
// with its header and hero exactly where the shell drew them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import ru from '../../locales/ru-RU.json';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, openWithScriptsHeld, phone } from './harness';

const app = appAndBrowser();

interface Options {
  locale?: string;
  storage?: Record<string, string>;
}

/**
 * A phone page whose scripts from /assets/ wait until `release()` is called: what it shows until
 * then is what a slow network shows before the app's JavaScript arrives. Collects CSP reports.
 */
async function openHeldBack(route: string, { locale = 'en-US', storage = {} }: Options = {}) {
  const { context, page } = await phone(app.browser, locale);
  const cspErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await context.addInitScript((items) => {
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, storage);
  const release = await openWithScriptsHeld(page, `${app.running.url}/#${route}`);
  return { context, page, cspErrors, release };
}

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).boundingBox();
  if (!b) throw new Error(`${selector} is not on screen`);
  return b;
};

describe('the home shell', () => {
  it('shows the header and hero in English before the scripts arrive, allowed by the CSP', async () => {
    const { context, page, cspErrors } = await openHeldBack('/home/home');
    await expect.poll(() => page.locator('#shell').isVisible()).toBe(true);
    expect(await page.locator('#shell .hero h2').textContent()).toBe(en.home.greeting);
    expect(await page.locator('#shell .hero-actions a').allTextContents()).toEqual([en.home.login, en.home.register]);
    expect(await page.locator('#shell .home-brand').textContent()).toBe(en.app.name);
    expect(await page.locator('#shell .avatar').getAttribute('aria-label')).toBe(en.home.login);
    expect(await page.locator('#shell .home-lang').getAttribute('aria-label')).toBe(en.route.user.lang);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    // React has not run: the root is empty and hidden under the shell
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it("uses the browser's language, a saved language over it, and the saved theme", async () => {
    const german = await openHeldBack('/home/home', { locale: 'de-DE' });
    await expect.poll(() => german.page.locator('#shell .hero h2').textContent()).toBe(de.home.greeting);
    expect(await german.page.locator('#shell .hero-actions a').allTextContents()).toEqual([de.home.login, de.home.register]);
    expect(await german.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await german.context.close();

    const saved = await openHeldBack('/pages/home/home', { locale: 'de-DE', storage: { lang: 'ru-RU', theme: 'light' } });
    await expect.poll(() => saved.page.locator('#shell .hero h2').textContent()).toBe(ru.home.greeting);
    expect(await saved.page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['ru-RU', 'light']);
    await saved.context.close();
  });

  it('drawn for a logged-in user: no log-in buttons, the avatar opens the account', async () => {
    const session = JSON.stringify({ token: 'f'.repeat(64), user: null });
    const { context, page } = await openHeldBack('/home/home', { storage: { session } });
    await expect.poll(() => page.locator('#shell').isVisible()).toBe(true);
    expect(await page.locator('#shell .hero-actions').count()).toBe(0);
    expect(await page.locator('#shell .avatar').getAttribute('href')).toBe('#/user/my');
    expect(await page.locator('#shell .avatar').getAttribute('aria-label')).toBe(en.route.user.my);
    await context.close();
  });

  it("gives way to a signed-in customer's home without a shift: the bell and the banner's place are in the shell", async () => {
    const { token, user } = await registerByEmail(app.running.app, 'shell-member@example.com');
    const { context, page, release } = await openHeldBack('/home/home', { storage: { session: JSON.stringify({ token, user }) } });
    await expect.poll(() => page.locator('#shell').isVisible()).toBe(true);
    const parts = ['.home-brand', '.home-bell', '.home-lang', '.hero', '.hero-member'];
    const before = await Promise.all(parts.map((p) => box(page, `#shell ${p}`)));
    expect(await page.locator('#shell .home-bell').getAttribute('aria-label')).toBe(en.home.notifications);
    release();
    await page.getByTestId('home-balance').filter({ hasText: 'USDT' }).waitFor();
    const after = await Promise.all(parts.map((p) => box(page, `#root ${p}`)));
    expect(after).toEqual(before);
    await context.close();
  });

  it('is not shown on another route', async () => {
    const { context, page } = await openHeldBack('/login/register');
    expect(await page.locator('#shell').count()).toBe(0);
    await context.close();
  });

  for (const [locale, theme] of [
    ['en-US', 'dark'],
    ['de-DE', 'light'],
  ] as const) {
    it(`gives way to React's home screen without a shift (${locale}, ${theme})`, async () => {
      const { context, page, release } = await openHeldBack('/home/home', { locale, storage: { theme } });
      await expect.poll(() => page.locator('#shell').isVisible()).toBe(true);
      const parts = ['.home-header', '.avatar', '.home-brand', '.home-lang', '.hero', '.hero h2', '.hero-actions .btn-primary', '.hero-actions .btn-ghost'];
      const before = await Promise.all(parts.map((p) => box(page, `#shell ${p}`)));
      const texts = await page.locator('#shell .hero').innerText();
      release();
      await page.locator('#root .home .hero h2').waitFor();
      expect(await page.locator('#shell').count()).toBe(0);
      const after = await Promise.all(parts.map((p) => box(page, `#root ${p}`)));
      expect(after).toEqual(before);
      expect(await page.locator('#root .hero').innerText()).toBe(texts);
      await context.close();
    });
  }
});
