// The back office in German at 1280×800 (long words): every screen of the side menu fits the
// window, and no list's table is wider than the column it sits in (its last columns, where the row
// actions are, would be out of sight). Amounts an operator set are shown exactly, in German.
import { expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import { OPERATOR_ROLES } from '../../server/platform/operators/operators';
import { appAndBrowser, saveShot, signInOperator } from './harness';

const app = appAndBrowser();
let attempt = 0;

it('fits every menu screen, tables included, into 1280 px in German, with exact German amounts', async () => {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  await context.addInitScript(() => localStorage.setItem('lang', 'de-DE'));
  const page = await context.newPage();
  try {
    await signInOperator(page, app.running, `layout-${++attempt}`, [...OPERATOR_ROLES]);
    await page.waitForURL('**/admin/dashboard');

    const nav = page.getByRole('navigation', { name: de.admin.menuLabel });
    const menu = await nav.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(menu.length).toBeGreaterThan(10);
    const wide: string[] = [];
    // besides the menu: a coin's networks (address, limits and fee per network), the widest table a screen opens
    for (const href of [...menu, '/admin/coin?coin=USDT']) {
      // a fresh start of each screen: after a click in the menu the screen before stays until the next one is drawn
      await page.goto(new URL(href, app.running.url).href);
      await page.locator('h1').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton'));
      await page.waitForLoadState('networkidle');
      const over = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        tables: [...document.querySelectorAll('.list-table-wrap')].map((w) => w.scrollWidth - w.clientWidth).filter((d) => d > 0),
      }));
      if (href.includes('/coin?')) await saveShot(page, 'admin-coin-networks-de-DE');
      if (over.page > 0 || over.tables.length > 0) wide.push(`${href} ${JSON.stringify(over)}`);
      if (href.endsWith('/financing')) {
        // 100 USDT and 10,000 USDT, not "100.000000" (a hundred million to a German reader)
        const row = page.getByRole('row', { name: /USDT 7-day staking/ });
        await expect.poll(() => row.textContent()).toContain('100 USDT10.000 USDT');
      }
    }
    expect(wide).toEqual([]);
  } finally {
    await context.close();
  }
});
