// Language and theme: defaults, switching, and that both survive a reload.
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import ja from '../../locales/ja-JP.json';
import { appAndBrowser, phone, waitForHash } from './harness';

const app = appAndBrowser();

const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

describe('language', () => {
  it('follows a supported browser language and falls back to English otherwise', async () => {
    const german = await phone(app.browser, 'de-DE');
    await german.page.goto(app.running.url);
    await german.page.locator('.hero h2', { hasText: de.home.greeting }).waitFor();
    const dutch = await phone(app.browser, 'nl-NL');
    await dutch.page.goto(app.running.url);
    await dutch.page.locator('.hero h2', { hasText: en.home.greeting }).waitFor();
  });

  it('switches from the language page and keeps the choice after a reload', async () => {
    const { page } = await phone(app.browser);
    await page.goto(`${app.running.url}/#/user/lang`);
    await page.click('text=日本語');
    await page.locator('.navbar-title', { hasText: ja.route.user.lang }).waitFor();
    await page.reload();
    await page.locator('.navbar-title', { hasText: ja.route.user.lang }).waitFor();
    const request = page.waitForRequest((r) => r.url().includes('/api/base/captcha'));
    await page.goto(`${app.running.url}/#/login/login`);
    expect((await request).headers().lang).toBe('jp');
    await page.locator('button[type=submit]', { hasText: ja.login.submit }).waitFor();
  });

  it("keeps home's price changes on one line in German, also after a form's stylesheet has loaded", async () => {
    const { context, page } = await phone(app.browser, 'de-DE');
    // a form first: its widgets' stylesheet stays in the page
    await page.goto(`${app.running.url}/#/login/register`);
    await page.locator('.captcha img').waitFor();
    await page.locator('.navbar-back').click();
    await page.locator('.top-pairs .change-chip', { hasText: '%' }).first().waitFor();
    const chips = await page.$$eval('.top-pairs .change-chip', (els) =>
      els.map((chip) => {
        const range = document.createRange();
        range.selectNodeContents(chip);
        // the number of text lines, and the chip's padding
        return `${chip.textContent} ${new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size} ${getComputedStyle(chip).paddingLeft}`;
      }),
    );
    expect(chips).toHaveLength(5);
    for (const chip of chips) expect(chip).toMatch(/ 1 6px$/);
    await context.close();
  });
});

describe('theme and shell', () => {
  it('is dark by default, turns light, and stays light after a reload', async () => {
    const { page } = await phone(app.browser);
    await page.goto(app.running.url);
    await page.locator('.home').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(themeColor)).toBe('#0b0e11');
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const darkBg = await bg();
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.locator('.home').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await bg()).not.toBe(darkBg);
  });

  it('goes home when back is pressed on a page opened directly', async () => {
    const { page } = await phone(app.browser);
    await page.goto(`${app.running.url}/#/pages/user/lang`);
    await page.locator('.navbar-title', { hasText: en.route.user.lang }).waitFor();
    await page.click('.navbar-back');
    await waitForHash(page, '#/home/home');
  });

  it('keeps the app in a 375 px column on a desktop window', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(app.running.url);
    await page.locator('.home').waitFor();
    const width = await page.evaluate(() => document.querySelector('.app')!.getBoundingClientRect().width);
    expect(width).toBe(375);
  });
});
