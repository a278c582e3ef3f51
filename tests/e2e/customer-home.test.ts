// What an exchange customer expects on a phone (issue 39, items 7 and 8), in Chromium against the
// real server at 390×844 and 430×932: live prices flash up or down on a feed tick (market list,
// spot price, the order book's last price); the home bell counts unread notifications and drops
// the count once they are read; a new account's banner shows its balance, a Deposit button and
// first steps that tick off; a phone uses its whole width, a desktop keeps a 375 px column.
// With E2E_SHOTS=<dir> it saves screenshots (dark English, light German).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { notify } from '../../server/core/notify';
import { registerByEmail, RELAXED } from '../server/helpers';
import { appAndBrowser, startApp, verifyIdentity, saveShot } from './harness';

const app = appAndBrowser(() => startApp({ rateLimits: RELAXED }));
const SIZES = [
  { width: 390, height: 844 },
  { width: 430, height: 932 },
] as const;
let accounts = 0;

async function newAccount(): Promise<{ session: string; id: number }> {
  const { token, user } = await registerByEmail(app.running.app, `fresh${++accounts}-${Date.now()}@example.com`);
  return { session: JSON.stringify({ token, user }), id: user.ID };
}

async function open(
  size: { width: number; height: number },
  route: string,
  o: { session?: string; locale?: string; theme?: 'dark' | 'light' } = {},
): Promise<Page> {
  const context = await app.browser.newContext({ viewport: size, locale: o.locale ?? 'en-US', deviceScaleFactor: 2, hasTouch: true });
  await context.addInitScript(
    ([session, theme]) => {
      if (session) localStorage.setItem('session', session);
      localStorage.setItem('theme', theme);
    },
    [o.session ?? '', o.theme ?? 'dark'],
  );
  const page = await context.newPage();
  await page.goto(`${app.running.url}/#${route}`);
  return page;
}

/** Waits for `selector` to carry flash-up or flash-down and then to lose it again. */
async function flashes(page: Page, selector: string): Promise<void> {
  const flashing = await page.waitForSelector(`${selector}.flash-up, ${selector}.flash-down`, { timeout: 20_000 });
  await page.waitForFunction((el) => !/\bflash-(up|down)\b/.test(el.className), flashing, { timeout: 5_000 });
}

/** A signed-in customer's session, for the routes behind the sign-in */
let member = '';
beforeAll(async () => {
  member = (await newAccount()).session;
});

describe('live prices', () => {
  for (const size of SIZES) {
    it(`flash on a feed tick and settle, on the market list, the spot price and the order book (${size.width} px)`, async () => {
      const page = await open(size, '/market/market', { session: member });
      await page.locator('.pair-row .pair-price').first().waitFor();
      await flashes(page, '.pair-price');
      await page.goto(`${app.running.url}/#/deal/deal?symbol=btcusdt`);
      await page.locator('.last-price strong span').waitFor();
      await flashes(page, '.last-price strong span');
      await flashes(page, '.depth-last span');
      await page.context().close();
    });
  }
});

describe('the home bell', () => {
  for (const size of SIZES) {
    it(`counts the unread notifications and loses the count once they are read (${size.width} px)`, async () => {
      const { session, id } = await newAccount();
      const now = Date.now();
      for (let i = 0; i < 9; i++) await notify(app.running.app.db, id, 'kyc_approved', {}, now + i);
      const page = await open(size, '/home/home', { session });
      // the link's own text and the lazily drawn count: a screen reader may hear a space between them
      const bell = page.getByRole('link', { name: new RegExp(`^${en.home.notifications}\\s*, ${en.home.unreadCount.replace('{{count}}', '9')}$`) });
      await bell.waitFor();
      expect(await bell.locator('.bell-badge').textContent()).toBe('9');
      await bell.click();
      await page.getByRole('button', { name: en.inform.readAll }).click();
      await page.getByText(en.inform.readAllDone).waitFor();
      await page.goBack();
      await page.getByRole('link', { name: en.home.notifications, exact: true }).waitFor();
      expect(await page.locator('.bell-badge').count()).toBe(0);
      await page.context().close();
    });
  }
});

describe("a new account's home banner", () => {
  for (const size of SIZES) {
    it(`shows the balance, a Deposit button and first steps that tick off (${size.width} px)`, async () => {
      const { session, id } = await newAccount();
      const page = await open(size, '/home/home', { session });
      await expect.poll(() => page.getByTestId('home-balance').textContent()).toBe('0.00 USDT');
      expect(await page.locator('.hero').getByRole('link', { name: en.home.deposit }).getAttribute('href')).toBe('#/bitcoin/paymentList');
      const steps = page.locator('.first-steps li');
      await steps.first().waitFor();
      expect(await steps.allInnerTexts()).toEqual([en.home.stepVerify, en.home.stepDeposit, en.home.stepTrade].map((s) => `${s}\n›`));
      expect(await page.locator('.first-steps .section-head .muted').textContent()).toBe('0 of 3 done');
      await saveShot(page, `home-new-account-${size.width}-dark-en`, false);

      await verifyIdentity(app.running.app, id);
      await page.reload();
      await page.locator('.first-steps li.step-done').waitFor();
      expect(await page.locator('.first-steps li.step-done').allTextContents()).toEqual([`${en.home.stepVerify}, ${en.home.stepDone}›`]);
      expect(await page.locator('.first-steps .section-head .muted').textContent()).toBe('1 of 3 done');
      await page.context().close();

      const german = await open(size, '/home/home', { session, locale: 'de-DE', theme: 'light' });
      await expect.poll(() => german.getByTestId('home-balance').textContent()).toBe('0,00 USDT');
      await german.locator('.first-steps li.step-done').waitFor();
      expect(await german.locator('.hero-balance-label').textContent()).toBe(de.home.totalBalance);
      await saveShot(german, `home-new-account-${size.width}-light-de`, false);
      await german.context().close();
    });
  }
});

describe('the column', () => {
  const bounds = (page: Page, selector: string) =>
    page.locator(selector).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right };
    });

  it('is the whole width of a 430 px phone, the tab bar edge to edge', async () => {
    const page = await open({ width: 430, height: 932 }, '/market/market', { session: member });
    await page.locator('.tabbar').waitFor();
    expect(await bounds(page, '.app')).toEqual({ left: 0, right: 430 });
    expect(await bounds(page, '.tabbar')).toEqual({ left: 0, right: 430 });
    await saveShot(page, 'market-430-dark-en', false);
    await page.context().close();
  });

  it('is 375 px, centred, on a 1280 px desktop', async () => {
    const page = await open({ width: 1280, height: 800 }, '/market/market', { session: member });
    await page.locator('.tabbar').waitFor();
    const left = (1280 - 375) / 2;
    expect(await bounds(page, '.app')).toEqual({ left, right: left + 375 });
    expect(await bounds(page, '.tabbar')).toEqual({ left, right: left + 375 });
    await page.context().close();
  });
});
