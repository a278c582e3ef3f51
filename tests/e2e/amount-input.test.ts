// Amounts typed the way people type them, in Chromium at 390×844: in German the spot ticket takes
// "0,01" and a price with a decimal comma (it refused both), and a limit order of exactly that size
// rests; a text with two readings is named, not read as another number.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiply, toScaled } from '../../contract/decimal';
import de from '../../locales/de-DE.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi } from './harness';

const app = appAndBrowser();
const contexts: { close(): Promise<void> }[] = [];

async function phoneIn(locale: string): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 2, hasTouch: true });
  contexts.push(context);
  const page = await context.newPage();
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
  return page;
}

afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('amounts in the reader’s format', () => {
  let page: Page;
  beforeAll(async () => {
    page = await phoneIn('de-DE');
  });

  it('German spot: a price with a decimal comma and 0,01 BTC place a limit order of exactly that', async () => {
    await page.goto(`${app.running.url}/#/deal/deal?symbol=btcusdt`);
    await page.locator('.ticket').waitFor();
    const limit = multiply(app.running.app.market.price('btcusdt'), '0.9', 1);
    const german = limit.replace('.', ',');
    await page.fill('input[name=price]', german);
    await page.fill('input[name=amount]', '0,01');
    expect(await page.inputValue('input[name=amount]')).toBe('0,01');
    await page.click('.ticket button[type=submit]');
    await page.locator('.toast', { hasText: de.trade.placed }).waitFor();
    const orders = await app.running.app.db.selectFrom('spot_orders').select(['price', 'amount']).orderBy('id', 'desc').limit(1).execute();
    expect(orders[0]).toBeDefined();
    expect(BigInt(orders[0].amount)).toBe(1_000_000n);
    expect(BigInt(orders[0].price ?? '0')).toBe(toScaled(limit, 8));
  });

  it('a text with two readings is named in the German form and sends nothing', async () => {
    await page.fill('input[name=amount]', '1,000.5,5');
    await page.getByText(de.common.amountFormat.replace('{{example}}', '1.234,56')).waitFor();
  });
});
