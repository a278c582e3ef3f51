// A crypto deposit in a real browser: a new user picks USDT from the deposit coins, sees the
// TRC20 address as text and QR code, enters the amount, attaches a transfer-proof photo (a real
// PNG set on the file input), submits and finds the deposit under review; the operator approves
// it (`ops approve deposit`); after a reload the balance is on My Assets and a deposit record
// on the coin's financial records, and the detail shows the proof to its owner.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots of the deposit screens.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { SEED_COINS } from '../../server/funds/coins/coins';
import { runCli } from '../../server/ops/cli';
import { pngImage } from '../fixtures/images';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const app = appAndBrowser();
let dataDir = '';
let page: Page;
let proofFile = '';
const EMAIL = 'new_depositor@example.com';
const PASSWORD = 'Deposit-2025!';
const TRC20 = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;

beforeAll(async () => {
  dataDir = app.running.dataDir!;
  await registerByEmail(app.running.app, EMAIL, PASSWORD);
  proofFile = join(dataDir, 'transfer-proof.png');
  writeFileSync(proofFile, pngImage(320, 200));
  ({ page } = await phone(app.browser));
  await loginThroughUi(page, app.running, EMAIL, PASSWORD);
});

const toast = (p: Page, text: string) => p.locator('.toast', { hasText: text }).first();
/** Waits for the finite animations (the page transition) to end. */
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

describe('crypto deposit', () => {
  let depositId = 0;

  it('lists the coins open for deposit; a coin opens its deposit form', async () => {
    await page.goto(`${app.running.url}/#/bitcoin/paymentList`);
    const usdt = page.locator('.rows .row', { hasText: 'Tether' });
    await usdt.waitFor();
    expect(await page.locator('.rows .row .row-title').allTextContents()).toEqual(['USDT', 'BTC', 'ETH', 'USDC', 'TRX', 'BNB']);
    await usdt.locator('.row-main').click();
    await waitForHash(page, '#/bitcoin/payment?coin=USDT');
  });

  it('shows the TRC20 address as text and QR code, and takes the amount and the proof photo', async () => {
    await page.getByText(TRC20).waitFor();
    await page.locator('.deposit-address .qr svg').waitFor();
    await expect(page.getByRole('radio', { name: 'TRC20' }).getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.locator('#root_num__hint').textContent()).resolves.toBe('Min 10.00');

    // nothing is sent without the proof
    await page.fill('#root_num', '100');
    await page.getByRole('button', { name: en.deposit.submit }).click();
    await page.locator('.field-message', { hasText: en.deposit.proofRequired }).waitFor();

    await page.setInputFiles('#root_payimg', proofFile);
    const preview = page.getByAltText(en.upload.preview);
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await page.getByRole('button', { name: en.upload.replace }).waitFor();
    await settled(page);
    expect(await overflow(page)).toBe(0);
    if (process.env.E2E_SHOTS) {
      mkdirSync(process.env.E2E_SHOTS, { recursive: true });
      await page.screenshot({ path: join(process.env.E2E_SHOTS, 'deposit-form.png'), fullPage: true });
    }
  });

  it('submits: "under review" in the deposit records', async () => {
    await page.getByRole('button', { name: en.deposit.submit }).click();
    await toast(page, en.deposit.submitted).waitFor();
    await waitForHash(page, '#/bitcoin/paymentHistory');
    const row = page.locator('.rows .row').first();
    await row.locator('.row-field', { hasText: en.deposit.status['1'] }).waitFor();
    expect(await row.textContent()).toContain('100.00 USDT');
    await settled(page);
    expect(await overflow(page)).toBe(0);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, 'deposit-history.png') });
    const deposit = await app.running.app.db
      .selectFrom('deposits')
      .innerJoin('users', 'users.id', 'deposits.user_id')
      .select(['deposits.id', 'deposits.status'])
      .where('users.email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    expect(deposit.status).toBe(1);
    depositId = Number(deposit.id);
    await row.locator('.row-main').click();
    await waitForHash(page, `#/bitcoin/paymentDetail?id=${depositId}`);
    // the proof is fetched with the owner's token and drawn from a blob URL
    const proof = page.locator('.detail img.auth-image');
    await proof.waitFor();
    expect(await proof.getAttribute('src')).toMatch(/^blob:/);
    expect(await proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await page.getByText(en.deposit.notYetCredited).waitFor();
  });

  it('after the operator approves, without a reload: completed, the balance on My Assets and a deposit record', async () => {
    const reviews = await runCli(['reviews'], dataDir);
    expect(reviews.out).toContain(EMAIL);
    const approved = await runCli(['approve', 'deposit', String(depositId)], dataDir);
    expect(approved.code, approved.out).toBe(0);

    // no reload: the decision's notice makes the app fetch the deposit again (src/app/accountEvents.ts)
    await page.locator('.detail-field', { hasText: en.deposit.status['2'] }).waitFor({ timeout: 15_000 });
    await page.locator('.detail-field', { hasText: `${en.deposit.received}: 100.00 USDT` }).waitFor();

    await page.goto(`${app.running.url}/#/property/property`);
    const usdt = page.locator('.asset-row[data-coin="USDT"]');
    await usdt.waitFor();
    await expect(usdt.locator('.asset-amount').textContent()).resolves.toBe('100.00');
    await usdt.click();
    await waitForHash(page, '#/property/detail?coinname=USDT');
    const record = page.locator('.rows .row', { hasText: en.records.type.deposit_success }).first();
    await record.waitFor();
    expect(await record.textContent()).toMatch(/\+100\.00 USDT/);
  });

  it('the history filters by status', async () => {
    await page.goto(`${app.running.url}/#/bitcoin/paymentHistory?status=1`);
    await page.locator('.state-empty', { hasText: en.deposit.empty }).waitFor();
    await page.goto(`${app.running.url}/#/bitcoin/paymentHistory?status=2`);
    await page.locator('.rows .row', { hasText: en.deposit.status['2'] }).waitFor();
  });

  it('fits 375 px in German, dark and light', async () => {
    const session = await page.evaluate(() => localStorage.getItem('session'));
    for (const theme of ['dark', 'light']) {
      const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE', deviceScaleFactor: 2, hasTouch: true });
      const shot = await context.newPage();
      await shot.addInitScript(
        ([s, th]) => {
          localStorage.setItem('session', s!);
          localStorage.setItem('theme', th!);
        },
        [session, theme],
      );
      await shot.goto(`${app.running.url}/#/bitcoin/payment?coin=USDT`);
      await shot.getByText(TRC20).waitFor();
      await shot.getByRole('button', { name: de.upload.takePhoto }).waitFor();
      await settled(shot);
      expect(await overflow(shot)).toBe(0);
      if (process.env.E2E_SHOTS) await shot.screenshot({ path: join(process.env.E2E_SHOTS, `deposit-de-${theme}.png`), fullPage: true });
      await shot.goto(`${app.running.url}/#/bitcoin/paymentDetail?id=${depositId}`);
      await shot.locator('.detail img.auth-image').waitFor();
      await settled(shot);
      expect(await overflow(shot)).toBe(0);
      if (process.env.E2E_SHOTS) await shot.screenshot({ path: join(process.env.E2E_SHOTS, `deposit-detail-de-${theme}.png`), fullPage: true });
      await context.close();
    }
  });
});
