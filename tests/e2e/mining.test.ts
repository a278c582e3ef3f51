// Mining machines in a real browser against the real server: the Mining tab on /stake/list with
// the machines' terms, and a purchase (made through the API) on the My machines tab of
// /stake/order, waiting for review, then running after approval.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots (dark, light, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { miningReview } from '../../server/earn/mining';
import { adminDeposit } from '../../server/trading/index';
import { call, registerByEmail } from '../server/helpers';
import { launchBrowser, loginThroughUi, phone, type Running, startApp } from './harness';

const EMAIL = 'mining-e2e@example.com';
let running: Running;
let browser: Browser;
let page: Page;
let token: string;

beforeAll(async () => {
  running = await startApp();
  const r = await registerByEmail(running.app, EMAIL);
  token = r.token;
  await adminDeposit(running.app.db, r.user.ID, 'USDT', '5000', Date.now());
  browser = await launchBrowser();
  ({ page } = await phone(browser));
  await loginThroughUi(page, running, EMAIL, 'Secret-pass-123');
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
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
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 1, hasTouch: true });
    const p = await context.newPage();
    await p.addInitScript(
      ([s, th]) => {
        localStorage.setItem('session', s!);
        localStorage.setItem('theme', th!);
      },
      [session, theme],
    );
    await p.goto(`${running.url}/#${route}`);
    await p.locator(ready).first().waitFor();
    await p.waitForTimeout(400);
    await p.screenshot({ path: join(dir, `${name}-${theme}-${locale}.png`), fullPage: true });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }
}

describe('mining', () => {
  it('shows the machines on the Mining tab and my machines with their status', async () => {
    await page.goto(`${running.url}/#/stake/list?tab=mining-list`);
    const machine = page.locator('.row').filter({ hasText: 'BTC miner S19' });
    await machine.waitFor();
    await expect(machine.textContent()).resolves.toContain('1,000.000000');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shots('mining-list', '/stake/list?tab=mining-list', '.row');

    // the UI's login replaced the registration's session: buy with the browser's token
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('session'))) ?? '{}') as { token?: string };
    token = session.token ?? token;
    const bought = await call(running.app, 'POST', '/mining_machine/buySingleMining_machine', { token, body: { id: 1, num: 2 } });
    expect(bought.code, bought.msg).toBe(0);
    await page.goto(`${running.url}/#/stake/order?tab=mining-order-list`);
    const row = page.locator('.row').filter({ hasText: 'BTC miner S19' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(en.mining.status['1']);
    await expect(row.textContent()).resolves.toContain('2,000.000000 USDT');
    await miningReview.approve(running.app.db, bought.data.ID, [], Date.now());
    await page.reload();
    await row.filter({ hasText: en.mining.status['2'] }).waitFor();
    await shots('mining-orders', '/stake/order?tab=mining-order-list', '.row');
  });
});
