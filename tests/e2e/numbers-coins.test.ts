// Numbers and coin faces in a real browser at 390×844, in English and German: USDT totals and
// P/L with 2 decimals, BTC with its 8, each language's separators, a unit after each amount (My
// Assets, a mining card, a futures P/L); coin logos named for assistive technology on home and
// in the market list, and a monogram for a coin without a logo.
// With E2E_SHOTS=<dir> it also saves screenshots (dark and light, English and German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobDeps } from '../../server/platform/jobs/job';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { settleOrder } from '../../server/trading/futures';
import { appAndBrowser, loginThroughUi, phone } from './harness';

const app = appAndBrowser();
let page: Page;
let session = '';

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = (JSON.parse(session) as { token: string }).token;
  const res = await fetch(`${app.running.url}/api${path}`, {
    method,
    headers: { 'X-Token': token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(0);
  return json.data;
}

/** A signed-in 390×844 page in `locale` and `theme`. */
async function signedIn(browser: Browser, locale: string, theme = 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 1, hasTouch: true });
  const p = await context.newPage();
  await p.addInitScript(
    ([s, th]) => {
      localStorage.setItem('session', s);
      localStorage.setItem('theme', th);
    },
    [session, theme] as const,
  );
  return p;
}

beforeAll(async () => {
  ({ page } = await phone(app.browser));
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
  session = (await page.evaluate(() => localStorage.getItem('session'))) ?? '';
  // a futures order of 50 USDT that lost: its P/L is -50
  const order = await api<{ ID: number }>('POST', '/hyorder/createHyorder', { cate: 1, usdt: '50', coinname: 'btcusdt', ctime_num: 30 });
  const db = app.running.app.db;
  const row = await db.selectFrom('futures_orders').select(['open_price', 'settle_at']).where('id', '=', order.ID).executeTakeFirstOrThrow();
  const settled = await settleOrder({ db } as JobDeps, order.ID, BigInt(row.open_price) - 100_000_000n, Number(row.settle_at));
  expect(settled).toBe(true);
});

const CASES = [
  // locale, a USDT amount of at least 1,000 (2 decimals), a BTC amount (8 decimals), the P/L of -50
  { locale: 'en-US', money: /^\d{1,3}(,\d{3})+\.\d{2}$/, btc: /^0\.\d{8}$/, loss: '-50.00 USDT', price: '1,000.00 USDT', daily: '0.00020000 BTC' },
  { locale: 'de-DE', money: /^\d{1,3}(\.\d{3})+,\d{2}$/, btc: /^0,\d{8}$/, loss: '-50,00 USDT', price: '1.000,00 USDT', daily: '0,00020000 BTC' },
];

describe.each(CASES)('numbers in $locale', ({ locale, money, btc, loss, price, daily }) => {
  it('My Assets: USDT and the totals with 2 decimals and the unit, BTC with its 8', async () => {
    const p = await signedIn(app.browser, locale);
    await p.goto(`${app.running.url}/#/property/property`);
    const usdt = p.locator('.asset-row[data-coin="USDT"]');
    await usdt.waitFor();
    await expect(usdt.locator('.asset-amount').textContent()).resolves.toMatch(money);
    await expect(p.locator('.asset-row[data-coin="BTC"] .asset-amount').textContent()).resolves.toMatch(btc);
    const total = (await p.getByTestId('assets-total').textContent()) ?? '';
    expect(total.replace(/ USDT$/, '')).toMatch(money);
    expect(total).toMatch(/ USDT$/);
    await expect(p.getByTestId('assets-total-pnl').textContent()).resolves.toMatch(/^[-+]?\d+[.,]\d{2} USDT$/);
    // the coin's face, named by its full name
    await expect(usdt.getByRole('img', { name: 'Tether' }).getAttribute('src')).resolves.toBe('/static/coins/usdt.svg');
    await p.context().close();
  });

  it('a mining card: the price as money and the daily output with its coin, in the language separators', async () => {
    const p = await signedIn(app.browser, locale);
    await p.goto(`${app.running.url}/#/stake/list?tab=mining-list`);
    const card = p.locator('.row').filter({ hasText: 'S19' }).first();
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(price);
    expect(text).toContain(daily);
    expect(text).not.toContain(locale === 'de-DE' ? '0.0002' : '0,0002');
    // a machine paying a USDT value a day shows it in USDT, not in the coin it pays out
    const eth = p.locator('.row').nth(1);
    expect(await eth.textContent()).toMatch(/30[.,]00 USDT/);
    await p.context().close();
  });

  it('a futures P/L with 2 decimals and the unit', async () => {
    const p = await signedIn(app.browser, locale);
    await p.goto(`${app.running.url}/#/contract/history`);
    const row = p.locator('.rows .row').filter({ hasText: loss }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(loss);
    expect(await row.textContent()).not.toMatch(/\d[.,]\d{6}/);
    await p.context().close();
  });
});

describe('coin faces', () => {
  it('home: every top pair has its logo, named by the coin, and BNB and XRP their full names', async () => {
    const p = await signedIn(app.browser, 'en-US');
    await p.goto(`${app.running.url}/#/home/home`);
    for (const name of ['Bitcoin', 'Ethereum', 'Binance Coin', 'Solana', 'Ripple']) {
      const logo = p.locator('.top-pairs').getByRole('img', { name, exact: true });
      await logo.waitFor();
      // the SVG itself loaded and drew
      await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    }
    await expect(p.locator('.top-pairs .pair-row[data-symbol="bnbusdt"] .pair-sub').textContent()).resolves.toBe('Binance Coin');
    await p.context().close();
  });

  it('market list: metals and forex have their logos too (a coin without one gets a monogram: tests/unit/ui/coin-icon.test.ts)', async () => {
    const p = await signedIn(app.browser, 'de-DE');
    await p.goto(`${app.running.url}/#/market/market`);
    await p.locator('.pair-row[data-symbol="btcusdt"] img.coin-icon').waitFor();
    // metals and forex: the third tab
    await p.getByRole('tab').nth(2).click();
    for (const symbol of ['xauusd', 'eurusd', 'usdjpy']) {
      const logo = p.locator(`.pair-row[data-symbol="${symbol}"] img.coin-icon`);
      await logo.waitFor();
      await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    }
    await expect(p.locator('.pair-row .coin-monogram').count()).resolves.toBe(0);
    await p.context().close();
  });

  it.runIf(process.env.E2E_SHOTS)(
    'screenshots at 390×844',
    async () => {
      const dir = process.env.E2E_SHOTS!;
      mkdirSync(dir, { recursive: true });
      const routes = [
        ['home', '/home/home', '.top-pairs img.coin-icon'],
        ['market', '/market/market', '.pair-row img.coin-icon'],
        ['assets', '/property/property', '.asset-row img.coin-icon'],
        ['mining', '/stake/list?tab=mining-list', '.row'],
        ['futures-history', '/contract/history', '.row'],
        ['deposit-coins', '/bitcoin/paymentList', '.row img.coin-icon'],
      ];
      for (const [theme, locale] of [
        ['dark', 'en-US'],
        ['light', 'en-US'],
        ['dark', 'de-DE'],
        ['light', 'de-DE'],
      ]) {
        const p = await signedIn(app.browser, locale, theme);
        for (const [name, route, ready] of routes) {
          await p.goto(`${app.running.url}/#${route}`);
          await p.locator(ready).first().waitFor();
          await p.waitForTimeout(500);
          await p.screenshot({ path: join(dir, `${name}-${theme}-${locale}.png`) });
          expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        }
        await p.goto(`${app.running.url}/#/market/market`);
        await p.getByRole('tab').nth(2).click();
        await p.locator('.pair-row[data-symbol="xauusd"] img.coin-icon').waitFor();
        await p.waitForTimeout(500);
        await p.screenshot({ path: join(dir, `market-metals-${theme}-${locale}.png`) });
        await p.context().close();
      }
    },
    120_000,
  );
});
