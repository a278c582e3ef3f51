// Identity verification in a real browser (issue 8 part 1):
// (a) an unverified user's withdrawal submit answers 4025 and the app opens /user/realName;
// (b) the user verifies with a document type, a name and three photos, sees "under review" and
//     a form that cannot be sent again; the operator approves (`ops kyc approve <id>`); the status
//     shows verified and the same withdrawal no longer answers 4025.
// With E2E_SHOTS=<dir> it saves 390×844 screenshots of the screens (dark, light, German).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import timings from '../../schemas/config/timings.json';
import { runCli } from '../../server/ops/cli';
import { ledgerMismatches } from '../../server/core/ledger';
import { pngImage } from '../fixtures/images';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const app = appAndBrowser();
let dataDir = '';
let page: Page;
const EMAIL = 'kyc-e2e@example.com';
const PASSWORD = 'Verify-2025!';
const PAY = '418263';
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const files: string[] = [];
let userId = 0;
const myCards = () => app.running.app.db.selectFrom('user_cards').selectAll().where('user_id', '=', userId).execute();

const toast = (p: Page, text: string) => p.locator('.toast', { hasText: text }).first().waitFor({ timeout: 5000 });
const settled = (p: Page) =>
  p.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const withdrawals = async () => (await app.running.app.db.selectFrom('withdrawals').select('id').execute()).length;

async function shot(p: Page, name: string): Promise<void> {
  await settled(p);
  expect(await overflow(p)).toBe(0);
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await p.setViewportSize({ width: 390, height: 844 });
  await settled(p);
  await p.screenshot({ path: join(dir, `kyc-${name}.png`), fullPage: true });
  await p.setViewportSize({ width: 375, height: 812 });
}

async function submitWithdrawal(p: Page): Promise<void> {
  await p.goto(`${app.running.url}/#/bitcoin/withdraw?coinname=USDT`);
  await p.locator('.field-hint', { hasText: 'Fee' }).first().waitFor();
  await p.fill('#root_address', ADDRESS);
  await p.fill('#root_num', '100');
  await p.fill('#root_pay_password', PAY);
  await p.waitForTimeout(timings.doubleSubmitMs);
  await p.click('button[type=submit]');
}

beforeAll(async () => {
  dataDir = app.running.dataDir!;
  const r = await registerByEmail(app.running.app, EMAIL, PASSWORD);
  userId = r.user.ID;
  expect((await runCli(['credit', EMAIL, 'USDT', '500'], dataDir)).code).toBe(0);
  const res = await fetch(`${app.running.url}/api/user/changePayPassword`, {
    method: 'POST',
    headers: { 'X-Token': r.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ loginPassword: PASSWORD, password: PAY }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
  for (const [name, w] of [
    ['front', 320],
    ['back', 300],
    ['hand', 280],
  ] as const) {
    const file = join(dataDir, `card-${name}.png`);
    writeFileSync(file, pngImage(w, 200));
    files.push(file);
  }
  ({ page } = await phone(app.browser));
  await loginThroughUi(page, app.running, EMAIL, PASSWORD);
});

describe('identity verification', () => {
  it('an unverified user’s withdrawal form says so before anything is typed and leads to the real-name page', async () => {
    // the server's 4025 for a withdrawal sent anyway: tests/server/account/kyc/kyc.test.ts
    await page.goto(`${app.running.url}/#/bitcoin/withdraw?coinname=USDT`);
    const notice = page.locator('[data-testid=verification-needed]');
    await notice.waitFor();
    await expect(page.locator('button[type=submit]').isDisabled()).resolves.toBe(true);
    await notice.locator('a').click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/user/realName'), null, { timeout: 5000 });
    await page.locator('.state-empty', { hasText: en.realName.notSubmitted }).waitFor();
    expect(await withdrawals()).toBe(0);
    await shot(page, 'not-submitted');
  });

  it('submits the document type, the name and three photos; shows it under review', async () => {
    // opened on its own (from the withdrawal's notice it would return to the withdrawal)
    await page.goto(`${app.running.url}/#/user/realName`);
    await page.getByRole('tab', { name: en.realName.tabSubmit }).click();
    await page.locator('#root_type').waitFor();
    // nothing is sent without the photos
    await page.selectOption('#root_type', { label: en.realName.typeValue['3'] });
    await page.fill('#root_name', 'Erika Mustermann');
    await page.click('button[type=submit]');
    await page.locator('.field-message', { hasText: en.realName.cardFrontRequired }).waitFor();
    expect(await myCards()).toEqual([]);

    await page.setInputFiles('#root_card_front', files[0]);
    await page.setInputFiles('#root_card_end', files[1]);
    await page.setInputFiles('#root_card_hand', files[2]);
    await expect.poll(() => page.getByAltText(en.upload.preview).count(), { timeout: 10_000 }).toBe(3);
    await shot(page, 'form');
    await page.waitForTimeout(timings.doubleSubmitMs);
    await page.click('button[type=submit]');
    await toast(page, en.realName.submitted);
    await waitForHash(page, '#/user/realName?tab=real-name-status');
    await page.locator('.row-field', { hasText: en.realName.statusValue['1'] }).waitFor();
    const rows = await myCards();
    expect(rows).toMatchObject([{ type: 3, name: 'Erika Mustermann', status: 1 }]);
    expect(new Set([rows[0].card_front, rows[0].card_end, rows[0].card_hand]).size).toBe(3);
    await shot(page, 'under-review');

    // the form cannot be sent again while under review
    await page.getByRole('tab', { name: en.realName.tabSubmit }).click();
    await page.locator('.notice-block', { hasText: en.funds.block.kycPending }).waitFor();
    expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
    await shot(page, 'form-blocked');
  });

  it('after `ops kyc approve` the status is verified and a withdrawal no longer answers 4025', async () => {
    const [row] = await myCards();
    const r = await runCli(['kyc', 'approve', String(row.id)], dataDir);
    expect(r).toMatchObject({ code: 0 });
    await page.goto(`${app.running.url}/#/user/realName?tab=real-name-status`);
    await page.reload();
    await page.locator('.row-field', { hasText: en.realName.statusValue['2'] }).waitFor();
    await shot(page, 'verified');

    await submitWithdrawal(page);
    await toast(page, en.withdraw.submitted);
    await waitForHash(page, '#/bitcoin/withdrawHistory');
    expect(await withdrawals()).toBe(1);
    expect(await ledgerMismatches(app.running.app.db)).toEqual([]);
  });

  it('reads well in the light theme and in German', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.goto(`${app.running.url}/#/user/realName?tab=real-name-status`);
    await page.reload();
    await page.locator('.row-field', { hasText: en.realName.statusValue['2'] }).waitFor();
    await shot(page, 'verified-light');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));

    const german = await phone(app.browser, 'de-DE');
    try {
      await loginThroughUi(german.page, app.running, EMAIL, PASSWORD).catch(() => undefined);
      await german.page.goto(`${app.running.url}/#/user/realName?tab=real-name-submit`);
      await german.page.locator('.notice-block', { hasText: de.funds.block.kycVerified }).waitFor();
      await shot(german.page, 'form-de');
    } finally {
      await german.context.close();
    }
  });
});
