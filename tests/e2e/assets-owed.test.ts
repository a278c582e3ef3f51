// My Assets with a loan (issue 24): the total equivalent counts the borrowed 1,000 USDT, so the
// page shows the loans owed (with a link to the loans) and the net assets beside it; a customer
// without a loan sees neither. 390×844, English and German, dark and light.
// With E2E_SHOTS=<dir> it saves the screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { loanReview } from '../../server/funds/loans/loan-review';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, verifyIdentity, waitForHash } from './harness';

const app = appAndBrowser();
const EMAIL = 'assets-owed@example.com';
const PASSWORD = 'Borrow-2025!';
let page: Page;

async function shot(p: Page, name: string): Promise<void> {
  expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await p.screenshot({ path: join(dir, `assets-owed-${name}.png`) });
}

async function openAssets(p: Page): Promise<void> {
  await p.goto(`${app.running.url}/#/property/property`);
  await p.reload();
  await p.getByTestId('assets-total').waitFor();
}

beforeAll(async () => {
  const r = await registerByEmail(app.running.app, EMAIL, PASSWORD);
  ({ page } = await phone(app.browser));
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughUi(page, app.running, EMAIL, PASSWORD);
  // no loan yet: nothing owed is shown
  await openAssets(page);
  expect(await page.getByTestId('assets-owed').count()).toBe(0);

  await verifyIdentity(app.running.app, r.user.ID);
  const res = await fetch(`${app.running.url}/api/loan_order/createLoan_order`, {
    method: 'POST',
    // the browser's session (signing in there ended the registration's)
    headers: { 'X-Token': await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').token as string), 'Content-Type': 'application/json' },
    body: JSON.stringify({ loan_id: 1, amount: '1000' }),
  });
  const body = (await res.json()) as { code: number; data: { ID: number } };
  expect(body.code).toBe(0);
  await loanReview.approve(app.running.app.db, body.data.ID, [], Date.now());
});

afterAll(async () => {
  await page?.context().close();
});

describe('My Assets with a loan', () => {
  it('shows the 1,000 USDT loan as owed beside the total that counts it, and the net assets', async () => {
    await openAssets(page);
    await expect(page.getByTestId('assets-total').textContent()).resolves.toBe('1,000.00 USDT');
    const owed = page.getByTestId('assets-owed');
    await owed.waitFor();
    await expect(owed.locator('.assets-summary-label').first().textContent()).resolves.toBe(`${en.assets.loansOwed} ›`);
    await expect(page.getByTestId('assets-owed-value').textContent()).resolves.toBe('1,000.00 USDT');
    await expect(page.getByTestId('assets-net').textContent()).resolves.toBe('0.00 USDT');
    await shot(page, 'dark');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.getByTestId('assets-owed').waitFor();
    await shot(page, 'light');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));

    // the owed amount opens the customer's loans, where each is repaid
    await page.getByRole('link', { name: new RegExp(en.assets.loansOwed) }).click();
    await waitForHash(page, '#/bitcoin/loanHistory');
  });

  it('reads in German with German separators', async () => {
    const german = await phone(app.browser, 'de-DE');
    try {
      await german.page.setViewportSize({ width: 390, height: 844 });
      await loginThroughUi(german.page, app.running, EMAIL, PASSWORD);
      await openAssets(german.page);
      await german.page.getByTestId('assets-owed').waitFor();
      await expect(german.page.getByTestId('assets-owed').locator('.assets-summary-label').first().textContent()).resolves.toBe(`${de.assets.loansOwed} ›`);
      await expect(german.page.getByTestId('assets-owed-value').textContent()).resolves.toBe('1.000,00 USDT');
      await expect(german.page.getByTestId('assets-net').textContent()).resolves.toBe('0,00 USDT');
      await shot(german.page, 'de-dark');
      await german.page.evaluate(() => localStorage.setItem('theme', 'light'));
      await german.page.reload();
      await german.page.getByTestId('assets-owed').waitFor();
      await shot(german.page, 'de-light');
    } finally {
      await german.context.close();
    }
  });
});
