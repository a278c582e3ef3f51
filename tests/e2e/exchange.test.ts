// Exchange and loans in a real browser against the real server, with a market whose prices the
// test holds still: USDT → BTC on /bitcoin/exchange moves the balances on /property/property by
// exactly the amounts the quote showed; a loan applied for on /bitcoin/loanDetail is in
// /bitcoin/loanHistory waiting for review, and paid out once the operator approves it (`ops approve loan <id>`).
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots of the screens (dark, light, German).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { buildServer } from '../../server/composition/app';
import { runCli } from '../../server/ops/cli';
import { adminDeposit, createFakeMarket } from '../../server/composition/money';
import { registerByEmail } from '../server/helpers';
import { launchBrowser, loginThroughUi, phone, type Running, verifyIdentity, waitForHash } from './harness';

const EMAIL = 'exchange-e2e@example.com';
const market = createFakeMarket();
let running: Running;
let dataDir = '';
let browser: Browser;
let page: Page;

beforeAll(async () => {
  market.setPrice('btcusdt', '30000.00');
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-exchange-'));
  const app = await buildServer({ dataDir, staticDir: process.env.E2E_DIST ?? 'dist', market });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  running = {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    app,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const r = await registerByEmail(app, EMAIL);
  await verifyIdentity(app, r.user.ID);
  await adminDeposit(app.db, r.user.ID, 'USDT', '1000', Date.now());
  browser = await launchBrowser();
  ({ page } = await phone(browser));
  await loginThroughUi(page, running, EMAIL, 'Secret-pass-123');
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

/** The total of a coin's row on My Assets, as shown ("" when the coin has no row). */
async function shownTotal(coin: string): Promise<string> {
  await page.goto(`${running.url}/#/property/property`);
  await page.locator('.asset-row[data-coin="USDT"] .asset-amount').waitFor();
  const row = page.locator(`.asset-row[data-coin="${coin}"] .asset-amount`);
  return (await row.count()) ? ((await row.textContent()) ?? '') : '';
}

const plain = (shown: string) => shown.replace(/,/g, '').replace(/ [A-Z]+$/, '');
const units = (text: string) => {
  const [i, f = ''] = plain(text).split('.');
  return BigInt(i || '0') * 10n ** 8n + BigInt(f.padEnd(8, '0'));
};

/** Waits for the finite animations (the page transition) to end. */
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

async function shot(name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
}

describe('exchange', () => {
  it('USDT → BTC moves both balances by exactly the amounts the quote showed', async () => {
    const before = { usdt: await shownTotal('USDT'), btc: await shownTotal('BTC') };
    expect(before).toEqual({ usdt: '1,000.00', btc: '' });

    await page.goto(`${running.url}/#/bitcoin/exchange`);
    expect(await page.locator('.navbar-title').textContent()).toBe(en.route.bitcoin.exchange);
    await page.locator('[data-testid=quote-rate]').waitFor();
    expect(await page.locator('[data-testid=quote-rate]').textContent()).toBe('1 USDT ≈ 0.00003333 BTC');
    await page.fill('#root_num', '100');
    const receive = page.locator('[data-testid=quote-receive]');
    await page.waitForFunction(() => document.querySelector('[data-testid=quote-receive]')?.textContent !== '—');
    const shownReceive = (await receive.textContent()) ?? '';
    const shownFee = (await page.locator('[data-testid=quote-fee]').textContent()) ?? '';
    // 100 / 30000 = 0.00333333 BTC, fee 0.2 % rounded up
    expect({ shownReceive, shownFee }).toEqual({ shownReceive: '0.00332666 BTC', shownFee: '0.00000667 BTC' });
    await shot('exchange-dark');

    await page.click('button[type=submit]');
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await waitForHash(page, '#/property/property');
    const after = { usdt: await shownTotal('USDT'), btc: await shownTotal('BTC') };
    expect(units(before.usdt) - units(after.usdt)).toBe(units('100'));
    expect(units(after.btc)).toBe(units(shownReceive));
    expect(after).toEqual({ usdt: '900.00', btc: '0.00332666' });
  });

  it('fits a 375 px screen', async () => {
    await page.goto(`${running.url}/#/bitcoin/exchange`);
    await page.locator('[data-testid=quote-rate]').waitFor();
    expect(await width()).toBeLessThanOrEqual(375);
  });
});

describe('loans', () => {
  it('lists the products; applying sends the application to review; the history shows it, then paid out', async () => {
    await page.goto(`${running.url}/#/bitcoin/loan`);
    const first = page.locator('.row').filter({ hasText: 'Quick USDT loan' });
    await first.waitFor();
    await expect(first.textContent()).resolves.toContain('0.05 %');
    await shot('loan-list-dark');
    await first.click();
    await waitForHash(page, '#/bitcoin/loanDetail?id=1&loan_id=1');
    await page.getByText('Interest is 0.05 % of the approved amount').waitFor();
    await shot('loan-terms-dark');
    await page.getByRole('tab', { name: en.loan.tabApply }).click();
    await page.locator('#root_amount').waitFor();
    await expect(page.locator('.field-hint').first().textContent()).resolves.toContain('Min 100.00 · Max 5,000.00');
    await page.fill('#root_amount', '50');
    await page.click('button[type=submit]');
    await page.getByText('At least 100.00', { exact: true }).waitFor();
    await page.fill('#root_amount', '1500');
    await shot('loan-apply-dark');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/bitcoin/loanHistory');
    const row = page.locator('.row').filter({ hasText: 'Quick USDT loan' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(en.loan.status['1']);
    await expect(row.textContent()).resolves.toContain('1,500.00 USDT');

    const id = (await running.app.db.selectFrom('loan_orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const approved = await runCli(['approve', 'loan', String(id)], dataDir);
    expect(approved.code, approved.out).toBe(0);
    expect(approved.out).toMatch(/paid out 1500\.000000 USDT/);
    await page.reload();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(en.loan.status['2']);
    await shot('loan-history-dark');
    expect(await width()).toBeLessThanOrEqual(375);
    // its detail page has the terms and the repayment date
    await row.locator('.row-main').click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/bitcoin/loanOrderDetail?id='));
    const detail = page.locator('.detail');
    await detail.locator('.detail-title', { hasText: 'Quick USDT loan' }).waitFor();
    await expect(detail.textContent()).resolves.toContain(en.loan.dueAt);
    await expect(detail.textContent()).resolves.toContain(en.loan.status['2']);
    expect(await width()).toBeLessThanOrEqual(375);
    expect(await shownTotal('USDT')).toBe('2,400.00');
  });
});
