// The spot ticket at 390×844, English (dark) and German (light): each input has a visible label;
// a limit order's Total is price × amount and, typed, sets the amount; a market buy shows the
// quantity it gets, estimated at the order book's best ask.
// With E2E_SHOTS=<dir> it saves screenshots.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone, saveShot } from './harness';

const app = appAndBrowser();

const label = (page: Page, id: string) => page.locator(`label[for=${id}]`).textContent();

for (const [locale, words, theme, dot] of [
  ['en-US', en, 'dark', '.'],
  ['de-DE', de, 'light', ','],
] as const) {
  describe(`spot ticket (${locale})`, () => {
    it('labels its inputs, keeps Total = price × amount both ways, and estimates a market buy at the best ask', async () => {
      const { page, context } = await phone(app.browser, locale);
      await page.setViewportSize({ width: 390, height: 844 });
      await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await page.goto(`${app.running.url}/#/deal/deal?symbol=btcusdt`);
      await page.locator('.ticket').waitFor();

      await expect(label(page, 'spot-price')).resolves.toBe(`${words.trade.price} (USDT)`);
      await expect(label(page, 'spot-amount')).resolves.toBe(`${words.trade.amount} (BTC)`);
      await expect(label(page, 'spot-total')).resolves.toBe(words.trade.totalField.replace('{{coin}}', 'USDT'));

      await page.fill('#spot-price', '50000');
      await page.fill('#spot-amount', `0${dot}01`);
      expect(await page.inputValue('#spot-total')).toMatch(new RegExp(`^500(\\${dot}0*)?$`));
      // typing the Total sets the amount at the price
      await page.fill('#spot-total', '1000');
      expect(await page.inputValue('#spot-amount')).toMatch(new RegExp(`^0\\${dot}020*$`));
      expect(await page.inputValue('#spot-total')).toBe('1000');
      // a new price keeps the amount and the Total follows
      await page.fill('#spot-price', '25000');
      expect(await page.inputValue('#spot-total')).toMatch(new RegExp(`^500(\\${dot}0*)?$`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await saveShot(page, `spot-total-${locale}-${theme}`);

      await page.getByRole('button', { name: words.trade.market, exact: true }).click();
      await expect(label(page, 'spot-usdt')).resolves.toBe(words.trade.usdtAmount);
      await expect(page.locator('#spot-total').count()).resolves.toBe(0);
      await page.fill('#spot-usdt', '100');
      const estimate = page.getByTestId('spot-estimated-quantity');
      await estimate.waitFor();
      const prefix = words.trade.estimatedQuantity.split('{{value}}')[0];
      const text = (await estimate.textContent())!;
      expect(text.startsWith(prefix)).toBe(true);
      expect(text).toContain(' BTC ');
      // the quantity is 100 USDT at the best ask shown, rounded down
      const [, qty, ask] = text.match(/≈ ([\d.,]+) BTC\D+([\d.,]+)$/)!;
      const plain = (s: string) => Number(locale === 'de-DE' ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, ''));
      expect(plain(qty)).toBeGreaterThan(0);
      expect(plain(qty)).toBeLessThanOrEqual(100 / plain(ask));
      expect(100 / plain(ask) - plain(qty)).toBeLessThan(0.00001);
      await saveShot(page, `spot-market-estimate-${locale}-${theme}`);
      await context.close();
    });
  });
}
