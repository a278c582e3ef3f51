// Fixed-term financing in a real browser against the real server: the products on /stake/list,
// the terms and the buy form on /stake/detail, the order on /stake/order with its penalty and
// amount back, a payout on /stake/earningsList, and an early redemption after the confirmation.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots (dark, light, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { DAY_MS } from '../../server/earn/products/earn-units';
import { runEarnWork } from '../../server/earn/jobs';
import { adminDeposit } from '../../server/composition/money';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const EMAIL = 'financing-e2e@example.com';
const app = appAndBrowser();
let page: Page;

beforeAll(async () => {
  const r = await registerByEmail(app.running.app, EMAIL);
  await adminDeposit(app.running.app.db, r.user.ID, 'USDT', '1000', Date.now());
  ({ page } = await phone(app.browser));
  await loginThroughUi(page, app.running, EMAIL, 'Secret-pass-123');
});

const settled = () =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
const width = async () => {
  await settled();
  return page.evaluate(() => document.documentElement.scrollWidth);
};

async function shots(name: string, route: string, ready: string) {
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
    await p.screenshot({ path: join(dir, `${name}-${theme}-${locale}.png`), fullPage: true });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }
}

describe('financing', () => {
  it('buys a product within its limits, sees the order, a payout, and redeems early after the confirmation', async () => {
    await page.goto(`${app.running.url}/#/stake/list`);
    const product = page.locator('.row').filter({ hasText: 'USDT 7-day staking' });
    await product.waitFor();
    await expect(product.textContent()).resolves.toContain('0.10 %');
    expect(await width()).toBeLessThanOrEqual(375);
    await shots('stake-list', '/stake/list', '.row');
    await product.click();
    await waitForHash(page, '#/stake/detail?id=1&financing_id=1');
    await page.getByText('Terms: 0.1 % of the principal per day').waitFor();
    await shots('stake-terms', '/stake/detail?id=1&financing_id=1', '.detail');
    await page.getByRole('tab', { name: en.finance.tabBuy }).click();
    await page.locator('#root_money').waitFor();
    await expect(page.locator('.field-hint').first().textContent()).resolves.toContain('Min 100.00 · Max 10,000.00');
    await page.fill('#root_money', '50');
    await page.click('button[type=submit]');
    await page.getByText('The minimum investment is 100.00', { exact: true }).waitFor();
    await page.fill('#root_money', '500');
    expect(await width()).toBeLessThanOrEqual(375);
    await page.click('button[type=submit]');
    // the confirmation repeats the purchase summary (tests/e2e/purchase-preview.test.ts)
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await waitForHash(page, '#/stake/order');
    const row = page.locator('.row').filter({ hasText: 'USDT 7-day staking' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(en.finance.status['1']);
    await expect(row.textContent()).resolves.toContain('500.00 USDT');
    // penalty 1 % of 500 and the amount back, stated on the order before the confirmation
    await expect(row.textContent()).resolves.toContain('5.00 USDT');
    await expect(row.textContent()).resolves.toContain('495.00 USDT');

    // two days later the scheduler has paid two days: 500 × 0.001 = 0.5 each
    await runEarnWork({ db: app.running.app.db, market: app.running.app.market, now: () => Date.now() + 2 * DAY_MS + 1000 });
    await page.goto(`${app.running.url}/#/stake/earningsList`);
    await page.locator('.row').filter({ hasText: '0.50 USDT' }).first().waitFor();
    expect(await page.locator('.row').count()).toBe(2);
    await shots('stake-earnings', '/stake/earningsList', '.row');

    await page.goto(`${app.running.url}/#/stake/order`);
    await page.reload();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('1.00 USDT');
    await shots('stake-order', '/stake/order', '.row');
    await row.getByRole('button', { name: en.finance.redeem }).click();
    // the confirmation states the exact penalty and what comes back
    const stated = en.finance.confirmRedeem.replace('{{penaltyNow}}', '5.00 USDT').replace('{{redeemBack}}', '495.00 USDT');
    await page.locator('.dialog-message', { hasText: stated }).waitFor();
    await page.click(`.dialog >> text=${en.common.cancel}`);
    await expect(row.textContent()).resolves.toContain(en.finance.status['1']);
    await row.getByRole('button', { name: en.finance.redeem }).click();
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await page.getByText(en.finance.redeemed).waitFor();
    // the list is read again after the redemption; the row changes when that answer arrives
    await expect.poll(() => row.textContent()).toContain(en.finance.status['2']);
    await expect.poll(() => row.getByRole('button', { name: en.finance.redeem }).count()).toBe(0);

    // 1000 − 500 + 2 × 0.5 + 495 = 996
    const balance = await app.running.app.db
      .selectFrom('balances')
      .select(['available', 'frozen'])
      .where('coin', '=', 'USDT')
      .where('user_id', '=', (await app.running.app.db.selectFrom('users').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow()).id)
      .executeTakeFirstOrThrow();
    expect(balance).toEqual({ available: String(996n * 10n ** 8n), frozen: '0' });
  });
});
