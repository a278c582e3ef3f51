// A paid bank withdrawal shows the bank's reference with a copy button (390×844, English dark and
// German light); one without a recorded reference shows no such line.
// With E2E_SHOTS=<dir> it saves screenshots.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone, saveShot } from './harness';

const app = appAndBrowser();
const REFERENCE = 'eb6305c9-1f7f-49de-aed0-16487c27b42d';
let paid = 0;
let unreferenced = 0;

async function bankWithdrawal(reference: string | null): Promise<number> {
  const db = app.running.app.db;
  const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  const now = Date.now();
  const row = await db
    .insertInto('bank_withdrawals')
    .values({
      user_id: Number(user.id),
      coin: 'USDT',
      amount: '50000000000',
      fee: '500000000',
      bankname: 'Test Bank',
      accountname: 'Demo User',
      bankcard: '12345678',
      iban: 'DE89370400440532013000',
      payeeaddress: 'Main St 1',
      country: 'DE',
      status: 2,
      reason: '',
      created_at: now,
      reviewed_at: now,
      bank_reference: reference,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function open(locale: string, theme: 'dark' | 'light'): Promise<Page> {
  const { page, context } = await phone(app.browser, locale);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.running.url });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
  await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
  return page;
}

beforeAll(async () => {
  paid = await bankWithdrawal(REFERENCE);
  unreferenced = await bankWithdrawal(null);
});

describe('the bank reference of a paid bank withdrawal', () => {
  for (const [locale, words, theme] of [
    ['en-US', en, 'dark'],
    ['de-DE', de, 'light'],
  ] as const) {
    it(`is shown with a copy button that copies it (${locale})`, async () => {
      const page = await open(locale, theme);
      await page.goto(`${app.running.url}/#/bitcoin/bankDetail?id=${paid}`);
      const line = page.locator('.detail-field', { hasText: words.bankWithdraw.bankReference });
      await line.waitFor();
      await expect(line.locator('.detail-value').textContent()).resolves.toBe(REFERENCE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await saveShot(page, `bank-reference-${locale}-${theme}`);
      await line.getByRole('button', { name: `${words.common.copy}: ${words.bankWithdraw.bankReference}` }).click();
      await page.locator('.toast', { hasText: words.common.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(REFERENCE);

      await page.goto(`${app.running.url}/#/bitcoin/bankDetail?id=${unreferenced}`);
      await page.locator('.detail-field', { hasText: words.bank.accountname }).waitFor();
      await expect(page.locator('.detail-field', { hasText: words.bankWithdraw.bankReference }).count()).resolves.toBe(0);
      await page.context().close();
    });
  }
});
