// The staking, IEO and mining buy forms show the balance they are paid from ("Available: 2,500.55
// USDT") and a Max button that fills the largest amount allowed: the balance (staking), what it
// pays for rounded down (whole machines), at most the product's maximum (the IEO's 20,000). 390×844,
// English and German. With E2E_SHOTS=<dir> it saves screenshots (dark English, light German).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { adminDeposit } from '../../server/funds/deposits/admin-deposit';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, saveShot } from './harness';

const app = appAndBrowser();
const EMAIL = `buy-max-${Date.now()}@example.com`;
const PASSWORD = 'Secret-pass-123';

beforeAll(async () => {
  const { user } = await registerByEmail(app.running.app, EMAIL, PASSWORD);
  await adminDeposit(app.running.app.db, user.ID, 'USDT', '2500.55', Date.now());
});

async function open(locale: string, theme: 'dark' | 'light'): Promise<Page> {
  const { page } = await phone(app.browser, locale);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughUi(page, app.running, EMAIL, PASSWORD);
  await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
  return page;
}

const hintOf = (page: Page, field: string) => page.locator(`.field:has(#root_${field}) .field-hint`).first();
const noOverflow = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

for (const [locale, words, theme, available] of [
  ['en-US', en, 'dark', '2,500.55'],
  ['de-DE', de, 'light', '2.500,55'],
] as const) {
  describe(`buy forms: available balance and Max (${locale})`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await open(locale, theme);
    });

    it('staking: Max fills the whole balance, below the product maximum', async () => {
      await page.goto(`${app.running.url}/#/stake/detail?id=1&financing_id=1`);
      await page.getByRole('tab', { name: words.finance.tabBuy }).click();
      await page.locator('#root_money').waitFor();
      await expect(hintOf(page, 'money').textContent()).resolves.toContain(`${words.limits.availableCoin.replace('{{value}} {{coin}}', `${available} USDT`)}`);
      await page.getByRole('button', { name: words.limits.maxButton, exact: true }).click();
      expect(await page.inputValue('#root_money')).toMatch(locale === 'en-US' ? /^2,?500\.55$/ : /^2\.?500,55$/);
      await noOverflow(page);
      await saveShot(page, `buy-max-staking-${locale}-${theme}`);
    });

    it('mining: Max fills the whole machines the balance pays for', async () => {
      await page.goto(`${app.running.url}/#/stake/detail?id=1&machine=1&type=1`);
      await page.getByRole('tab', { name: words.mining.tabBuy }).click();
      await page.locator('#root_num').waitFor();
      await expect(hintOf(page, 'num').textContent()).resolves.toContain(`${words.limits.availableCoin.replace('{{value}} {{coin}}', `${available} USDT`)}`);
      await page.getByRole('button', { name: words.limits.maxButton, exact: true }).click();
      expect(await page.inputValue('#root_num')).toBe('2');
      await noOverflow(page);
      await saveShot(page, `buy-max-mining-${locale}-${theme}`);
    });

    it('IEO: Max fills at most what can be subscribed now', async () => {
      await page.goto(`${app.running.url}/#/IEO/IEO`);
      await page.locator('.row').filter({ hasText: 'Nova Network' }).locator('.row-main').click();
      await page.getByRole('tab', { name: words.ieo.tabSubscribe }).click();
      await page.locator('#root_num').waitFor();
      await expect(hintOf(page, 'num').textContent()).resolves.toContain(`${words.limits.availableCoin.replace('{{value}} {{coin}}', `${available} USDT`)}`);
      await page.getByRole('button', { name: words.limits.maxButton, exact: true }).click();
      expect(await page.inputValue('#root_num')).toMatch(locale === 'en-US' ? /^20,?000$/ : /^20\.?000$/);
      await noOverflow(page);
      await saveShot(page, `buy-max-ieo-${locale}-${theme}`);
    });
  });
}
