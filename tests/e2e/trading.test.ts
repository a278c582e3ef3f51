// Live market and trading in a real browser against the real server: prices
// move, a limit order rests and is cancelled, a market order fills exactly,
// a futures order settles from recorded prices, and a feed cut shows as stale.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { multiply } from '../../contract/decimal';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone } from './harness';

const app = appAndBrowser();
let page: Page;
let wsAllowed = true;
const sockets: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  ({ page } = await phone(app.browser));
  // every feed connection passes through here, so a test can cut it
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (!wsAllowed) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
});

async function api<T>(path: string): Promise<T> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').token as string);
  const res = await fetch(`${app.running.url}/api${path}`, { headers: { 'X-Token': token } });
  return ((await res.json()) as { data: T }).data;
}

async function balances(): Promise<Record<string, { available: string; frozen: string }>> {
  const data = await api<{ list: { coin: string; available: string; frozen: string }[] }>('/user/mycoin?cate=1');
  return Object.fromEntries(data.list.map((a) => [a.coin, a]));
}

/** A decimal string as an exact count of 1e-8 units. */
const units = (s: string) => {
  const [i, f = ''] = s.split('.');
  return BigInt(i) * 100_000_000n + BigInt((f + '00000000').slice(0, 8)) * (s.startsWith('-') ? -1n : 1n);
};

describe('live market', () => {
  it('moves crypto prices on the Market page within 3 s, green and red', async () => {
    await page.goto(`${app.running.url}/#/market/market`);
    await page.locator('.market .pair-row').first().waitFor();
    const prices = page.locator('.market .pair-row .pair-price');
    await page.waitForFunction(() => [...document.querySelectorAll('.market .pair-row .pair-price')].every((e) => e.textContent !== '--'));
    const before = await prices.allTextContents();
    await page.waitForFunction((first) => [...document.querySelectorAll('.market .pair-row .pair-price')].some((e, i) => e.textContent !== first[i]), before, {
      timeout: 3000,
    });
    const chips = await page.locator('.market .pair-row .change-chip').evaluateAll((els) => els.map((e) => `${e.className} ${e.textContent}`));
    expect(chips.filter((c) => !/change-(up|down)/.test(c))).toEqual([]);
  });

  it('shows a stale state when the feed is cut and goes live again after it returns', async () => {
    await page.goto(`${app.running.url}/#/market/market`);
    await page.locator('.pair-row .pair-price').first().waitFor();
    wsAllowed = false;
    for (const s of sockets.splice(0)) await s.close();
    await page.locator('.stale-banner', { hasText: en.market.stale }).waitFor({ timeout: 10_000 });
    expect(await page.locator('.pairs.stale').count()).toBe(1);
    wsAllowed = true;
    await page.locator('.stale-banner').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.locator('.pairs.stale').count()).toBe(0);
  });
});

describe('spot', () => {
  it('places a resting limit buy, freezes its value, and cancels it after confirming', async () => {
    await page.goto(`${app.running.url}/#/deal/deal?symbol=btcusdt`);
    await page.locator('.ticket').waitFor();
    const before = await balances();
    // 10 % under the market: inside the ±20 % band, and it does not cross, so it rests
    const limit = multiply(app.running.app.market.price('btcusdt'), '0.9', 2);
    await page.fill('input[name=price]', limit);
    await page.fill('input[name=amount]', '0.01');
    await page.click('.ticket button[type=submit]');
    await page.locator('.toast', { hasText: en.trade.placed }).waitFor();
    const order = page.locator('.open-order');
    await order.waitFor();
    // the card names the pair, how much of it has filled, and when it was placed
    await order.getByText('BTC/USDT').waitFor();
    expect(await order.getByTestId('order-filled').textContent()).toMatch(/^0(\.0+)? \/ 0\.01(0*)? BTC$/);
    expect(await order.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    const frozen = await balances();
    const cost = units(multiply(limit, '0.01', 6));
    expect(units(before.USDT.available) - units(frozen.USDT.available)).toBe(cost);
    expect(units(frozen.USDT.frozen) - units(before.USDT.frozen)).toBe(cost);

    await order.locator('button', { hasText: en.trade.cancel }).click();
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await page.locator('.toast', { hasText: en.trade.cancelled }).waitFor();
    await order.waitFor({ state: 'detached' });
    const after = await balances();
    expect(after.USDT).toEqual(before.USDT);
  });

  it('the chart shows every period within the screen, and its Sell opens the ticket on sell', async () => {
    await page.goto(`${app.running.url}/#/deal/chart?symbol=btcusdt`);
    const periods = page.locator('.periods button');
    await periods.last().waitFor();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const box of await periods.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
    }
    await page.click(`.chart-actions >> text=${en.trade.sell}`);
    await page.locator('.side-switch [aria-selected=true].sell').waitFor();
    await page.goto(`${app.running.url}/#/deal/chart?symbol=btcusdt`);
    await page.click(`.chart-actions >> text=${en.trade.buy}`);
    await page.locator('.side-switch [aria-selected=true].buy').waitFor();
  });

  it('fills a market buy at once and moves the balances by the exact amounts', async () => {
    await page.goto(`${app.running.url}/#/deal/deal?symbol=btcusdt`);
    await page.locator('.ticket').waitFor();
    const db = app.running.app.db;
    const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    // balances and orders are stored exactly, as integer counts of 1e-8
    const stored = async () => {
      const rows = await db.selectFrom('balances').select(['coin', 'available']).where('user_id', '=', demo.id).execute();
      return Object.fromEntries(rows.map((r) => [r.coin, BigInt(r.available)]));
    };
    const before = await stored();
    await page.click(`.type-switch >> text=${en.trade.market}`);
    await page.fill('input[name=usdt]', '100');
    await page.click('.ticket button[type=submit]');
    await page.locator('.toast', { hasText: en.trade.filledNow }).waitFor();
    const after = await stored();
    const order = await db.selectFrom('spot_orders').selectAll().where('user_id', '=', demo.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(order.status).toBe('filled');
    expect(order.fee_coin).toBe('BTC');
    expect(before.USDT - after.USDT).toBe(BigInt(order.total));
    expect(after.BTC - (before.BTC ?? 0n)).toBe(BigInt(order.filled) - BigInt(order.fee));
    expect(BigInt(order.total) <= 100n * 100_000_000n).toBe(true);
    // what the screen shows is the same balance, rounded down to 6 decimals
    const shown = await balances();
    expect(units(shown.USDT.available)).toBe((after.USDT / 100n) * 100n);

    // the history detail shows the order's numbers
    await page.goto(`${app.running.url}/#/deal/history`);
    await page.locator('.row-link').first().click();
    // past the skeleton (the screen's chunk may now arrive before its record)
    await page.locator('.detail:not(.detail-skeleton)').waitFor();
    const text = (await page.locator('.detail').textContent()) ?? '';
    expect(text).toContain(en.trade.avgPrice);
    expect(text).toContain(en.trade.feeRate);
  });
});

describe('futures', () => {
  it('settles a shortest-duration order and shows both recorded prices', async () => {
    await page.goto(`${app.running.url}/#/contract/contract?symbol=btcusdt`);
    await page.locator('.live-price').waitFor();
    await page.click(`.futures-actions >> text=${en.futures.buyUp}`);
    const dialog = page.locator('.futures-dialog');
    await dialog.waitFor();
    await dialog.locator('.choices button').first().click();
    await dialog.locator('input[name=stake]').fill('10');
    await expect(dialog.locator('.payout').textContent()).resolves.toMatch(/11\.00 USDT/);
    await dialog.locator('button[type=submit]').click();
    await page.locator('.active-order .countdown').waitFor();
    await page.locator('.active-order .result').waitFor({ timeout: 45_000 });
    const open = (await page.locator('.active-order .open-price').textContent()) ?? '';
    const close = (await page.locator('.active-order .close-price').textContent()) ?? '';
    // prices with the locale's thousands separators, as every number on screen
    expect(open).toMatch(/^\d{1,3}(,\d{3})*\.\d{2} · /);
    expect(close).toMatch(/^\d{1,3}(,\d{3})*\.\d{2} · /);
  }, 80_000);
});
