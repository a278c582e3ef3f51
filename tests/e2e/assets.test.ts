// My Assets in a real browser: after a spot market buy the BTC row shows the new balance,
// the total equivalent has thousands separators, search filters the rows, and tapping BTC
// opens its financial records with the spot buy as a signed amount.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots of the screen, dark and light.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const app = appAndBrowser();
let page: Page;

beforeAll(async () => {
  ({ page } = await phone(app.browser));
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
});

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').token as string);
  const res = await fetch(`${app.running.url}/api${path}`, {
    method,
    headers: { 'X-Token': token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(0);
  return json.data;
}

/** Waits for the finite animations (the page transition) to end. */
const settled = (p: Page) =>
  p.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );

const rowOf = (coin: string) => page.locator(`.asset-row[data-coin="${coin}"]`);

describe('My Assets', () => {
  let btcTotal = '';

  it('shows the bought BTC and a total equivalent with thousands separators', async () => {
    const order = await api<{ status: string; filled: string }>('POST', '/bborder/upbbbuy', { symbol: 'btcusdt', buytype: 'market', musdt: '100' });
    expect(order.status).toBe('filled');
    const assets = await api<{ list: { coin: string; total: string }[] }>('GET', '/user/mycoin?cate=1');
    btcTotal = assets.list.find((a) => a.coin === 'BTC')!.total;
    expect(btcTotal).not.toBe('0.50000000');

    await page.goto(`${app.running.url}/#/property/property`);
    await rowOf('BTC').waitFor();
    expect(await page.locator('.navbar-title').textContent()).toBe(en.route.property.property);
    // 0.5 BTC + what was bought, with BTC's 8 decimals and the locale's separators
    await expect(rowOf('BTC').locator('.asset-amount').textContent()).resolves.toBe(btcTotal);
    await expect(rowOf('BTC').textContent()).resolves.toContain('Bitcoin');
    await expect(rowOf('USDT').locator('.asset-amount').textContent()).resolves.toMatch(/^9,9\d\d\.\d{2}$/);
    const total = (await page.getByTestId('assets-total').textContent()) ?? '';
    expect(total).toMatch(/^\d{1,3}(,\d{3})+\.\d{2} USDT$/);
    // the market moves, so the value is read again: about 0.5 BTC + 10 000 USDT
    expect(Number(total.replace(/,| USDT/g, ''))).toBeGreaterThan(10_000);
    await expect(page.getByTestId('assets-total-pnl').textContent()).resolves.toBe('0.00 USDT');
    // nothing is wider than the 375 px column (once the page's slide-in has ended)
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });

  it('filters the coins by code or name, and hides small balances', async () => {
    const search = page.getByPlaceholder(en.assets.search);
    await search.fill('bitc');
    await expect(page.locator('.asset-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-coin')))).resolves.toEqual(['BTC']);
    await search.fill('usdt');
    await expect(page.locator('.asset-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-coin')))).resolves.toEqual(['USDT']);
    await search.fill('xyz');
    await page.locator('.state-empty', { hasText: en.assets.noMatch }).waitFor();
    await search.fill('');
    await rowOf('BTC').waitFor();

    // a coin worth under 1 USDT goes when the switch is on, and the choice survives a reload
    const demo = await app.running.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const { adminDeposit } = await import('../../server/composition/money.ts');
    await adminDeposit(app.running.app.db, demo.id, 'DOGE', '1', Date.now());
    await page.reload();
    await rowOf('DOGE').waitFor();
    await page.getByLabel(en.assets.hideSmall).check();
    await rowOf('DOGE').waitFor({ state: 'detached' });
    await page.reload();
    await rowOf('BTC').waitFor();
    expect(await rowOf('DOGE').count()).toBe(0);
    await page.getByLabel(en.assets.hideSmall).uncheck();
    await rowOf('DOGE').waitFor();
  });

  it('tapping BTC opens its financial records with the spot buy as a signed amount', async () => {
    await rowOf('BTC').click();
    await waitForHash(page, '#/property/detail?coinname=BTC');
    const buy = page.locator('.rows .row', { hasText: en.records.type.spot_buy }).filter({ hasText: 'BTC' }).first();
    await buy.waitFor();
    const text = (await buy.textContent()) ?? '';
    expect(text).toMatch(/\+0\.00\d{6} BTC/);
  });

  it.runIf(process.env.E2E_SHOTS)('screenshots at 390×844, dark and light', async () => {
    const dir = process.env.E2E_SHOTS!;
    mkdirSync(dir, { recursive: true });
    const token = await page.evaluate(() => localStorage.getItem('session'));
    for (const theme of ['dark', 'light']) {
      const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', deviceScaleFactor: 2, hasTouch: true });
      const shot = await context.newPage();
      await shot.addInitScript(
        ([session, th]) => {
          localStorage.setItem('session', session!);
          localStorage.setItem('theme', th!);
        },
        [token, theme],
      );
      await shot.goto(`${app.running.url}/#/property/property`);
      await shot.locator('.asset-row[data-coin="BTC"]').waitFor();
      expect(await shot.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await shot.screenshot({ path: join(dir, `assets-${theme}.png`) });
      await context.close();
    }
  });
  it('long numbers in a long language wrap inside the 375 px column', async () => {
    const demo = await app.running.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const { adminDeposit } = await import('../../server/composition/money.ts');
    await adminDeposit(app.running.app.db, demo.id, 'USDT', '987654321.123456', Date.now());
    await adminDeposit(app.running.app.db, demo.id, 'BTC', '12345.12345678', Date.now());
    const { context, page: de } = await phone(app.browser, 'de-DE');
    const session = await page.evaluate(() => localStorage.getItem('session'));
    await de.addInitScript((s) => localStorage.setItem('session', s!), session);
    await de.goto(`${app.running.url}/#/property/property`);
    await de.locator('.asset-row[data-coin="BTC"]').waitFor();
    // German separators: 1.234,5
    await expect(de.locator('.asset-row[data-coin="USDT"] .asset-amount').textContent()).resolves.toMatch(/^987\.6\d\d\.\d{3},\d{2}$/);
    await settled(de);
    const overflow = await de.evaluate(() => {
      const column = document.querySelector('.app')!.getBoundingClientRect();
      const wide = [...document.querySelectorAll('.assets *')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.right > column.right + 0.5 || r.left < column.left - 0.5;
      });
      return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, wide: wide.map((e) => e.className) };
    });
    expect(overflow).toEqual({ page: 0, wide: [] });
    if (process.env.E2E_SHOTS) await de.screenshot({ path: join(process.env.E2E_SHOTS, 'assets-de-long.png'), fullPage: true });
    await context.close();
  });

  it("keeps its loading skeleton's shape after a list screen's stylesheet has loaded", async () => {
    const session = await page.evaluate(() => localStorage.getItem('session'));
    const { context, page: fresh } = await phone(app.browser);
    await context.addInitScript((s) => localStorage.setItem('session', s!), session);
    // a list first (the announcements): the engine's stylesheet stays in the page
    await fresh.goto(`${app.running.url}/#/user/affiche`);
    await fresh.locator('main .row').first().waitFor();
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await fresh.route('**/api/user/mycoin**', async (route) => {
      await held;
      await route.continue();
    });
    await fresh.evaluate(() => (window.location.hash = '#/property/property'));
    const total = fresh.locator('.skeleton-total');
    await total.waitFor();
    const shape = await total.evaluate((el) => {
      const css = getComputedStyle(el);
      return `${css.display} ${css.height} ${css.borderRadius}`;
    });
    expect(shape).toBe('block 30px 6px');
    release();
    await fresh.locator('.asset-row[data-coin="BTC"]').waitFor();
    await context.close();
  });
});
