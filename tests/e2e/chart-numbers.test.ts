// The candlestick chart's tooltip and the display rule in a real browser at 390×844, in English
// and German: a hovered candle's tooltip reads in the page's language with its numbers in the
// reader's format (rounded down to the pair's price decimals) on the theme's own background; the
// spot ticket, a new coin's offering and My Assets show a coin amount with the rule's decimals
// (USDT 2, BTC 8, NOVA the 2 its project states).
// With E2E_SHOTS=<dir> it also saves screenshots (dark English, light German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone } from './harness';

const app = appAndBrowser();
let session = '';

beforeAll(async () => {
  const { page, context } = await phone(app.browser);
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
  session = (await page.evaluate(() => localStorage.getItem('session'))) ?? '';
  await context.close();
});

async function signedIn(browser: Browser, locale: string, theme: string): Promise<Page> {
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

/** Opens spot, follows its chart link and hovers a candle: the tooltip's text and background. */
async function hoverCandle(p: Page): Promise<{ text: string; background: string; surface: string }> {
  await p.goto(`${app.running.url}/#/deal/deal?symbol=btcusdt`);
  await p.locator('.chart-link').click();
  const canvas = p.locator('.chart-canvas');
  await expect.poll(() => canvas.getAttribute('data-bars'), { timeout: 15_000 }).not.toMatch(/^0?$/);
  const box = (await canvas.boundingBox())!;
  const tooltip = p.locator('.chart-tooltip');
  // the last candles sit at the right, left of the price axis
  await expect
    .poll(async () => {
      await p.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.3);
      await p.mouse.move(box.x + box.width * 0.62, box.y + box.height * 0.32);
      return tooltip.isVisible();
    })
    .toBe(true);
  await expect.poll(async () => (await tooltip.textContent()) ?? '').toMatch(/MA5/);
  return {
    text: (await tooltip.textContent()) ?? '',
    background: await tooltip.evaluate((el) => getComputedStyle(el).backgroundColor),
    surface: await p.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--surface');
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    }),
  };
}

const CASES = [
  {
    locale: 'en-US',
    theme: 'dark',
    labels: ['Open', 'High', 'Low', 'Close', 'Vol'],
    foreign: /Eröffnung|Schluss/,
    price: /\d{1,3}(,\d{3})+\.\d{2}(?!\d)/,
    usdt: /^\d{1,3}(,\d{3})*\.\d{2} USDT$/,
    btc: /^\d+\.\d{8} BTC$/,
    nova: '1,000,000.00 NOVA',
    assetBtc: /^\d+\.\d{8}$/,
  },
  {
    locale: 'de-DE',
    theme: 'light',
    labels: ['Eröffnung', 'Hoch', 'Tief', 'Schluss', 'Vol.'],
    foreign: /\b(Open|Close|open|close|lowest|highest|K)\b/,
    price: /\d{1,3}(\.\d{3})+,\d{2}(?!\d)/,
    usdt: /^\d{1,3}(\.\d{3})*,\d{2} USDT$/,
    btc: /^\d+,\d{8} BTC$/,
    nova: '1.000.000,00 NOVA',
    assetBtc: /^\d+,\d{8}$/,
  },
];

describe.each(CASES)('$locale, $theme', ({ locale, theme, labels, foreign, price, usdt, btc, nova, assetBtc }) => {
  it('a hovered candle’s tooltip: the language’s labels, the reader’s numbers, the theme’s background', async () => {
    const p = await signedIn(app.browser, locale, theme);
    const { text, background, surface } = await hoverCandle(p);
    for (const label of labels) expect(text).toContain(label);
    expect(text).not.toMatch(foreign);
    expect(text).toMatch(price);
    // no float tail: every number has the pair's 2 decimals
    expect(text).not.toMatch(/\d[.,]\d{3,}(?![.,\d])/);
    expect(background).toBe(surface);
    if (theme === 'dark') expect(background).not.toBe('rgb(255, 255, 255)');
    await p.context().close();
  });

  it('the rule’s decimals: spot’s available USDT and BTC, a new coin’s offering, My Assets', async () => {
    const p = await signedIn(app.browser, locale, theme);
    await p.goto(`${app.running.url}/#/deal/deal?symbol=btcusdt&side=buy`);
    const available = p.locator('.ticket .available');
    await expect.poll(() => available.textContent()).toMatch(usdt);
    await p.locator('.side-switch [role=tab]').nth(1).click();
    await expect.poll(() => available.textContent()).toMatch(btc);

    await p.goto(`${app.running.url}/#/IEO/IEO`);
    const novaRow = p.locator('.row').filter({ hasText: 'NOVA' }).first();
    await novaRow.waitFor();
    expect(await novaRow.textContent()).toContain(nova);

    await p.goto(`${app.running.url}/#/property/property`);
    const btcRow = p.locator('.asset-row[data-coin="BTC"] .asset-amount');
    await btcRow.waitFor();
    expect(await btcRow.textContent()).toMatch(assetBtc);
    await p.context().close();
  });
});

describe('screenshots', () => {
  it.runIf(process.env.E2E_SHOTS)('chart with its tooltip, spot, IEO, Assets, exchange and the futures range at 390×844', async () => {
    const dir = process.env.E2E_SHOTS!;
    mkdirSync(dir, { recursive: true });
    for (const [theme, locale] of [
      ['dark', 'en-US'],
      ['light', 'de-DE'],
    ]) {
      const p = await signedIn(app.browser, locale, theme);
      await hoverCandle(p);
      await p.screenshot({ path: join(dir, `chart-tooltip-${theme}-${locale}.png`) });
      for (const [name, route, ready] of [
        ['spot', '/deal/deal?symbol=btcusdt', '.ticket .available'],
        ['ieo', '/IEO/IEO', '.row'],
        ['ieo-detail', '/IEO/detail?id=1&pid=1', '.detail, .row, dl'],
        ['assets', '/property/property', '.asset-row'],
        ['exchange', '/bitcoin/exchange', '[data-testid=quote-rate], form'],
      ]) {
        await p.goto(`${app.running.url}/#${route}`);
        await p.locator(ready).first().waitFor();
        await p.waitForTimeout(800);
        await p.screenshot({ path: join(dir, `${name}-${theme}-${locale}.png`) });
      }
      await p.goto(`${app.running.url}/#/contract/contract?symbol=btcusdt`);
      await p.locator('.futures-actions .btn').first().click();
      await p.locator('.futures-dialog input[name=stake]').fill('60000');
      await p.locator('.futures-dialog .field-message').waitFor();
      await p.screenshot({ path: join(dir, `futures-range-${theme}-${locale}.png`) });
      await p.context().close();
    }
  });
});
