// Mining machines in a real browser against the real server: the Mining tab on /stake/list, a
// machine's terms on /stake/detail, whole machines and a share bought through the forms (the limit
// refused before sending, the share amount computed), then on the My machines tab of /stake/order,
// waiting for review and running after approval.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots (dark, light, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { miningReview } from '../../server/earn/mining/mining-review';
import { adminDeposit } from '../../server/composition/money';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone } from './harness';

const EMAIL = 'mining-e2e@example.com';
const app = appAndBrowser();
let page: Page;

beforeAll(async () => {
  const r = await registerByEmail(app.running.app, EMAIL);
  await adminDeposit(app.running.app.db, r.user.ID, 'USDT', '5000', Date.now());
  ({ page } = await phone(app.browser));
  await loginThroughUi(page, app.running, EMAIL, 'Secret-pass-123');
});

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

async function openMachine(name: string) {
  await page.goto(`${app.running.url}/#/stake/list?tab=mining-list`);
  await page.locator('.row').filter({ hasText: name }).first().click();
  await page.getByRole('tab', { name: en.mining.tabTerms }).waitFor();
}

describe('mining', () => {
  it('shows the machines on the Mining tab, a machine terms, and buys whole machines after review', async () => {
    await page.goto(`${app.running.url}/#/stake/list?tab=mining-list`);
    const machine = page.locator('.row').filter({ hasText: 'BTC miner S19' });
    await machine.waitFor();
    await expect(machine.textContent()).resolves.toContain('1,000.00 USDT');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shots('mining-list', '/stake/list?tab=mining-list', '.row');

    // the machine's terms: per-order limit, frozen share and its release, the terms in sentences
    await openMachine('BTC miner S19');
    const terms = page.locator('article.detail');
    await terms.getByText(en.mining.maxPerOrder).waitFor();
    const text = await terms.textContent();
    expect(text).toContain(`${en.mining.maxPerOrder}: 10`);
    expect(text).toContain(`${en.mining.releaseDays}: 7`);
    expect(text).toContain('20.00');
    expect(page.url()).toContain('machine=1');
    await shots('mining-detail', '/stake/detail?id=1&machine=1&type=1', 'article.detail');

    // a sole machine is bought whole: the form refuses more than the per-order limit before sending
    await page.getByRole('tab', { name: en.mining.tabBuy }).click();
    const num = page.getByLabel(en.mining.num);
    await num.fill('11');
    await page.getByRole('button', { name: en.mining.buy }).click();
    await page.getByText(en.mining.numMax.replace('{{limit}}', '10')).waitFor();
    expect(await app.running.app.db.selectFrom('mining_orders').select('id').execute()).toEqual([]);
    await shots('mining-buy', '/stake/detail?id=1&machine=1&type=1&tab=mining-purchase-sole', 'form');
    await num.fill('2');
    await page.getByRole('button', { name: en.mining.buy }).click();
    // the confirmation repeats the purchase summary (tests/e2e/purchase-preview.test.ts)
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await page.getByText(en.mining.bought).waitFor();
    await page.waitForURL(/\/stake\/order\?tab=mining-order-list/);
    const row = page.locator('.row').filter({ hasText: 'BTC miner S19' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(en.mining.status['2']);
    await expect(row.textContent()).resolves.toContain('2,000.00 USDT');

    const [order] = await app.running.app.db.selectFrom('mining_orders').select('id').execute();
    await miningReview.approve(app.running.app.db, Number(order.id), [], Date.now());
    await page.reload();
    await row.filter({ hasText: en.mining.status['1'] }).waitFor();
    await shots('mining-orders', '/stake/order?tab=mining-order-list', '.row');
  });

  it('buys a share of a shared machine for exactly the amount shown', async () => {
    await openMachine('ETH shared rig');
    expect(page.url()).toContain('type=2');
    await page.getByRole('tab', { name: en.mining.tabBuy }).click();
    await page.getByLabel(en.mining.sharePercent).fill('25');
    // 25 % of a 10,000 USDT machine (shown once the machine's terms have come: "—" until then)
    await expect.poll(() => page.getByTestId('share-cost').textContent()).toBe('2,500.00 USDT');
    await shots('mining-share', '/stake/detail?id=2&machine=2&type=2&tab=mining-purchase-share', 'form');
    await page.getByRole('button', { name: en.mining.buy }).click();
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await page.getByText(en.mining.bought).waitFor();
    const row = page.locator('.row').filter({ hasText: 'ETH shared rig' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('2,500.00 USDT');
    await expect(row.textContent()).resolves.toContain('25');
    const orders = await app.running.app.db.selectFrom('mining_orders').select(['amount', 'quantity']).where('type', '=', 2).execute();
    expect(orders).toEqual([{ amount: String(2500n * 10n ** 8n), quantity: String(25n * 10n ** 6n) }]);
  });
});
