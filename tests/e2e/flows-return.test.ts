// No dead ends: the product lists link to the customer's own records, a loan is repaid from its
// page (in part, then in full, the interest owed shown), and a form returns to the page it was
// opened from (the withdrawal password from My, the exchange from home). With E2E_SHOTS=<dir>
// it also saves 390×844 screenshots (dark, light, English, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import timings from '../../schemas/config/timings.json';
import { loanReview } from '../../server/funds/loans/loan-review';
import { adminDeposit } from '../../server/composition/money';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, verifyIdentity, waitForHash } from './harness';

const EMAIL = 'flows-e2e@example.com';
const PASSWORD = 'Secret-pass-123';
const app = appAndBrowser();
let userId: number;

beforeAll(async () => {
  const r = await registerByEmail(app.running.app, EMAIL, PASSWORD);
  userId = r.user.ID;
  await verifyIdentity(app.running.app, userId);
  await adminDeposit(app.running.app.db, userId, 'USDT', '1000', Date.now());
});

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // the sign-in's welcome toast is gone before the picture
  await page.waitForFunction(() => !document.querySelector('.toast:not(:empty)'), null, { timeout: 8000 }).catch(() => undefined);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

async function signedIn(lang: 'en' | 'de' = 'en', theme: 'dark' | 'light' = 'dark') {
  const { page } = await phone(app.browser, lang === 'de' ? 'de-DE' : 'en-US');
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  await loginThroughUi(page, app.running, EMAIL, PASSWORD);
  return page;
}

const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('links to the customer’s records', () => {
  it('from /stake/list, the IEO list and the loans', async () => {
    const page = await signedIn();
    await page.goto(`${app.running.url}/#/stake/list`);
    for (const [to, label] of [
      ['/stake/order', en.route.stake.order],
      ['/stake/earningsList', en.route.stake.earningsList],
      ['/stake/earningsCurve', en.route.stake.earningsCurve],
    ])
      await page.locator(`a[href="#${to}"]`, { hasText: label }).first().waitFor();
    expect(await width(page)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, 'stake-list-links-en-dark');
    await page.locator('a[href="#/stake/order"]').first().click();
    await waitForHash(page, '#/stake/order');
    await page.goto(`${app.running.url}/#/IEO/IEO`);
    await page.locator('a[href="#/IEO/history"]', { hasText: en.route.IEO.history }).click();
    await waitForHash(page, '#/IEO/history');
    await page.goto(`${app.running.url}/#/bitcoin/loan`);
    await page.locator('a[href="#/bitcoin/loanHistory"]', { hasText: en.route.bitcoin.loanHistory }).click();
    await waitForHash(page, '#/bitcoin/loanHistory');
  });
});

describe('repaying a loan', () => {
  it('repays in part and then in full from the loan’s page, with the interest owed shown', async () => {
    const page = await signedIn();
    const created = await app.running.app.inject({
      method: 'POST',
      url: '/api/loan_order/createLoan_order',
      headers: { 'x-token': await tokenOf(page) },
      payload: { loan_id: 1, amount: '200' },
    });
    const loan = created.json().data.ID as number;
    await loanReview.approve(app.running.app.db, loan, [], Date.now());
    await page.goto(`${app.running.url}/#/bitcoin/loanOrderDetail?id=${loan}`);
    await page.locator('.detail').getByText(en.loan.interest).waitFor();
    await page.locator('.detail').getByText(en.loan.owed).waitFor();
    await page.getByRole('tab', { name: en.loan.tabRepay }).click();
    await page.locator('#root_amount').waitFor();
    // what is owed, as the display rule shows USDT: 2 decimals
    await expect(page.locator('.field-hint').first().textContent()).resolves.toMatch(/200\.00(?!\d)/);
    await page.fill('#root_amount', '5000');
    await page.click('button[type=submit]');
    await page.locator('.field-message').first().waitFor();
    await page.fill('#root_amount', '50');
    await shot(page, 'loan-repay-en-dark');
    await page.click('button[type=submit]');
    await page.locator('.toast', { hasText: en.loan.repaidToast }).waitFor();
    await page.waitForFunction(() => (document.querySelector('.field-hint')?.textContent ?? '').includes('150'));
    // the All button fills what is owed now; the loan is then repaid and the form says so
    await page.getByRole('button', { name: en.limits.all }).click();
    // past the double-tap guard of the first submit
    await page.waitForTimeout(timings.doubleSubmitMs);
    await page.click('button[type=submit]');
    await page.locator('.notice-block', { hasText: en.funds.block.loanRepaid }).waitFor();
    expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
    const rows = await app.running.app.db.selectFrom('ledger').select('amount').where('type', '=', 'loan_repayment').where('ref_id', '=', loan).execute();
    expect(rows.map((r) => r.amount)).toEqual([String(-50n * 10n ** 8n), String(-150n * 10n ** 8n)]);
    expect(await width(page)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, 'loan-repaid-en-dark');
  });

  it('shows the repayment form in German and in the light theme', async () => {
    const page = await signedIn('de', 'light');
    const created = await app.running.app.inject({
      method: 'POST',
      url: '/api/loan_order/createLoan_order',
      headers: { 'x-token': await tokenOf(page) },
      payload: { loan_id: 1, amount: '100' },
    });
    const loan = created.json().data.ID as number;
    await loanReview.approve(app.running.app.db, loan, [], Date.now());
    await page.goto(`${app.running.url}/#/bitcoin/loanOrderDetail?id=${loan}`);
    await page.getByRole('tab', { name: de.loan.tabRepay }).click();
    await page.locator('#root_amount').waitFor();
    expect(await width(page)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, 'loan-repay-de-light');
  });
});

describe('a form returns where it was opened from', () => {
  it('the withdrawal password saved from My returns to My; the exchange opened from home returns home', async () => {
    const page = await signedIn();
    await page.goto(`${app.running.url}/#/user/my`);
    await page.locator('a[href="#/login/resetWithdrawPassword"]').click();
    await waitForHash(page, '#/login/resetWithdrawPassword');
    await page.locator('#root_loginPassword').waitFor();
    await page.fill('#root_loginPassword', PASSWORD);
    await page.fill('#root_password', '246810');
    await page.fill('#root_confirmPassword', '246810');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/user/my');

    await page.goto(`${app.running.url}/#/home/home`);
    await page.locator('a[href="#/bitcoin/exchange"]').first().click();
    await waitForHash(page, '#/bitcoin/exchange');
    await page.locator('[data-testid=quote-rate]').waitFor();
    await page.fill('#root_num', '10');
    await page.waitForFunction(() => document.querySelector('[data-testid=quote-receive]')?.textContent !== '—');
    await page.click('button[type=submit]');
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await waitForHash(page, '#/home/home');
  });
});

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { token: string }).token);
}
