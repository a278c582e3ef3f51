// The title bar: a tab's own page (market, trade, assets) has no back arrow, other pages do; a
// long title (German "Verlauf der Bankauszahlungen") is shown whole, on two lines if it must,
// never cut off with an ellipsis at 375 px.
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const app = appAndBrowser();

describe('title bar', () => {
  it('has no back arrow on a tab’s page, has one elsewhere, and shows a long German title whole', { timeout: 60_000 }, async () => {
    const { context, page } = await phone(app.browser, 'de-DE');
    try {
      await loginThroughUi(page, app.running, 'demo@coinapp.test', 'demo123456');
      for (const hash of ['#/market/market', '#/property/property']) {
        await page.evaluate((h) => (window.location.hash = h), hash);
        await waitForHash(page, hash);
        await page.locator('.navbar-title').waitFor();
        expect(await page.locator('.navbar-back').count(), hash).toBe(0);
      }
      await page.evaluate(() => (window.location.hash = '#/bitcoin/bankHistory'));
      const title = page.locator('.navbar-title', { hasText: de.route.bitcoin.bankHistory });
      await title.waitFor();
      expect(await page.locator('.navbar-back').count()).toBe(1);
      const fits = await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
      expect(fits).toBe(true);
    } finally {
      await context.close();
    }
  });
});
