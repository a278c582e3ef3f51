// The earnings curve (/stake/earningsCurve) in a real browser against the real server: the empty
// state before any payout, then, after fixed-term purchases in two coins and three days of
// payouts by the earn job (run on a clock three days ahead), the chart canvas with one point per
// day, the exact total, the coin switcher, the German form and nothing wider than the phone.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots (dark, light, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { DAY_MS } from '../../server/earn/products/earn-units';
import { runEarnWork } from '../../server/earn/jobs';
import { adminDeposit } from '../../server/composition/money';
import { call, registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone } from './harness';

const EMAIL = 'curve-e2e@example.com';
const app = appAndBrowser();
let page: Page;

beforeAll(async () => {
  const r = await registerByEmail(app.running.app, EMAIL);
  await adminDeposit(app.running.app.db, r.user.ID, 'USDT', '5000', Date.now());
  await adminDeposit(app.running.app.db, r.user.ID, 'BTC', '1', Date.now());
  ({ page } = await phone(app.browser));
  await loginThroughUi(page, app.running, EMAIL, 'Secret-pass-123');
});

const width = () => page.evaluate(() => document.documentElement.scrollWidth);

async function shots(route: string, ready: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const session = await page.evaluate(() => localStorage.getItem('session'));
  for (const [theme, locale] of [
    ['dark', 'en-US'],
    ['light', 'en-US'],
    ['dark', 'de-DE'],
  ]) {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 1, hasTouch: true });
    const p = await context.newPage();
    await p.addInitScript(
      ([s, th]) => {
        localStorage.setItem('session', s!);
        localStorage.setItem('theme', th!);
      },
      [session, theme],
    );
    await p.goto(`${app.running.url}/#${route}`);
    await p.locator(ready).first().waitFor();
    await p.waitForTimeout(400);
    await p.screenshot({ path: join(dir, `earnings-curve-${theme}-${locale}.png`), fullPage: true });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }
}

describe('earnings curve', () => {
  it('shows the empty state before any payout', async () => {
    await page.goto(`${app.running.url}/#/stake/earningsCurve`);
    await page.getByText(en.earnings.empty).waitFor();
    expect(await page.locator('.earnings-canvas').count()).toBe(0);
    expect(await width()).toBeLessThanOrEqual(375);
  });

  it('draws the cumulative earnings per day with the exact total, per coin', async () => {
    // the browser's session (logging in there ended the registration's)
    const { token } = JSON.parse((await page.evaluate(() => localStorage.getItem('session')))!) as { token: string };
    for (const [financing_id, money] of [
      [1, '1000.123456'],
      [1, '333.333333'],
      [3, '0.5'],
    ] as const) {
      const r = await call(app.running.app, 'POST', '/financing_order/createFinancing_order', { token, body: { financing_id, money } });
      expect(r.code, r.msg).toBe(0);
    }
    await runEarnWork({ db: app.running.app.db, market: app.running.app.market, now: () => Date.now() + 3 * DAY_MS + 1000 });

    await page.goto(`${app.running.url}/#/stake/earningsList`);
    await page.goto(`${app.running.url}/#/stake/earningsCurve`);
    const canvas = page.locator('.earnings-canvas canvas');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(200);
    // BTC comes first by name; 3 days × 0.5 × 0.0002
    await expect.poll(() => page.getByTestId('earnings-total').textContent()).toBe('0.00030000 BTC');
    await page.getByRole('tab', { name: 'USDT' }).click();
    // per day 1000.123456 × 0.001 → 1.000123 and 333.333333 × 0.001 → 0.333333 (each rounded down)
    await expect.poll(() => page.getByTestId('earnings-total').textContent()).toBe('4.000368 USDT');
    expect(await page.locator('.earnings-canvas').getAttribute('data-points')).toBe('3');
    expect(await width()).toBeLessThanOrEqual(375);

    await shots('/stake/earningsCurve', '.earnings-canvas canvas');
  });

  it('speaks German', async () => {
    const { context, page: de } = await phone(app.browser, 'de-DE');
    const session = await page.evaluate(() => localStorage.getItem('session'));
    await de.addInitScript((s) => localStorage.setItem('session', s!), session);
    // a slow answer: the skeleton holds the place of the total and the chart
    await de.route('**/financing_order/earningsCurve*', async (route) => {
      await new Promise((done) => setTimeout(done, 800));
      await route.continue();
    });
    await de.goto(`${app.running.url}/#/stake/earningsCurve`);
    await de.getByTestId('earnings-skeleton').waitFor();
    await de.locator('.earnings-canvas canvas').waitFor();
    await de.getByRole('tab', { name: 'USDT' }).click();
    await expect.poll(() => de.getByTestId('earnings-total').textContent()).toBe('4,000368 USDT');
    await de.getByText('Erträge gesamt').waitFor();
    await context.close();
  });
});
