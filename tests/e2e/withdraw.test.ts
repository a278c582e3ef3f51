// Crypto withdrawal in a real browser.
// (a) After a login password change the withdraw screen shows the block, its reason and its
//     end time in the user's time zone before anything is filled in, and cannot be sent; the
//     server refuses with the same reason and end time.
// (b) A new user is sent from the withdraw screen to set a withdrawal password (with the login
//     password), comes back, withdraws everything with All (the fee and what arrives shown as
//     typed), finds it under review; the operator rejects it (`ops reject withdrawal`); the
//     balance is back, the withdrawal shows "rejected and refunded" with the reason, and the
//     ledger has the withdrawal refund.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots of the withdrawal screens.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import timings from '../../schemas/config/timings.json';
import { buildServer } from '../../server/composition/app';
import { captcha as captchaAnswer } from '../../server/ops/commands';
import { runCli } from '../../server/ops/cli';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { ledgerMismatches } from '../../server/core/ledger';
import { registerByEmail } from '../server/helpers';
import { latestCode, launchBrowser, loginThroughUi, type Running, verifyIdentity, waitForHash } from './harness';

let running: Running;
let dataDir = '';
let browser: Browser;
const TIME_ZONE = 'Asia/Tokyo';
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** startApp of the harness, keeping the data folder so the operator CLI can reach the database. */
async function start(): Promise<Running> {
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-withdraw-'));
  const app = await buildServer({ dataDir, staticDir: process.env.E2E_DIST ?? 'dist' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A phone-sized page in English, in a time zone other than the server's. */
async function phoneIn(timezoneId: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US', timezoneId, deviceScaleFactor: 2, hasTouch: true });
  return { context, page: await context.newPage() };
}

async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown, token?: string): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(`${running.url}/api${path}`, {
    method,
    headers: { ...(token ? { 'X-Token': token } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

const tokenOf = (p: Page) => p.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').token as string);
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

async function shot(p: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await p.setViewportSize({ width: 390, height: 844 });
  await settled(p);
  await p.screenshot({ path: join(dir, `withdraw-${name}.png`), fullPage: true });
  await p.setViewportSize({ width: 375, height: 812 });
}

async function noOverflow(p: Page): Promise<void> {
  await settled(p);
  expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

/** Opens the withdraw screen for a coin the way a user does: the coin list, then the coin. */
async function openWithdraw(p: Page, coin: string): Promise<void> {
  await p.goto(`${running.url}/#/bitcoin/withdrawList`);
  await p.locator('.row-link', { hasText: coin }).first().click();
  await waitForHash(p, `#/bitcoin/withdraw?coinname=${coin}`);
}

beforeAll(async () => {
  running = await start();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

describe('(a) blocked after a login password change', () => {
  it('shows the reason and the end time in the user’s time zone before the form is filled, and cannot be sent', async () => {
    // the demo user has a withdrawal password, then changes the login password by the email reset
    const first = (await api<{ captchaId: string }>('POST', '/base/captcha')).data;
    const login = await api<{ token: string }>('POST', '/base/login', {
      username: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      captchaId: first.captchaId,
      captcha: await captchaAnswer(running.app.db, first.captchaId),
    });
    expect((await api('POST', '/user/changePayPassword', { loginPassword: DEMO_PASSWORD, password: '418263' }, login.data.token)).code).toBe(0);
    expect((await api('POST', '/base/emailCode', { email: DEMO_EMAIL })).code).toBe(0);
    const cap = (await api<{ captchaId: string }>('POST', '/base/captcha')).data;
    const reset = await api('POST', '/base/resetPwd', {
      email: DEMO_EMAIL,
      emailCode: await latestCode(running.app, DEMO_EMAIL),
      passWord: 'changed-login-1',
      captchaId: cap.captchaId,
      captcha: await captchaAnswer(running.app.db, cap.captchaId),
    });
    expect(reset.code, reset.msg).toBe(0);
    const user = await running.app.db.selectFrom('users').select(['password_changed_at']).where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const until = Number(user.password_changed_at) + 24 * 3_600_000;

    const { context, page } = await phoneIn(TIME_ZONE);
    await loginThroughUi(page, running, DEMO_EMAIL, 'changed-login-1');
    await openWithdraw(page, 'USDT');
    const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(until));
    const block = page.locator('.notice-block');
    await block.waitFor();
    expect(await block.textContent()).toBe(en.funds.block.passwordChanged.replace('{{until}}', shown));
    // nothing has been filled in, and the form cannot be sent
    expect(await page.inputValue('#root_num')).toBe('');
    expect(await page.inputValue('#root_address')).toBe('');
    expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
    await noOverflow(page);
    await shot(page, 'blocked');

    // the server refuses with the same reason and end time
    const refused = await api<{ block: { reason: string; until: number } }>(
      'POST',
      '/withdraw/createWithdraw',
      { coinname: 'USDT', coin_id: 1, czline: 'TRC20', address: ADDRESS, num: '20', pay_password: '418263' },
      await tokenOf(page),
    );
    expect(refused).toMatchObject({ code: 7, data: { block: { reason: 'passwordChanged', until } } });
    expect(await running.app.db.selectFrom('withdrawals').selectAll().execute()).toEqual([]);
    await context.close();
  });
});

describe('(b) set a withdrawal password, withdraw All, operator rejects, refund', () => {
  const EMAIL = 'withdrawer@example.com';
  const PASSWORD = 'Withdraw-2025!';
  let page: Page;
  let context: BrowserContext;
  let id = 0;

  beforeAll(async () => {
    const registered = await registerByEmail(running.app, EMAIL, PASSWORD);
    await verifyIdentity(running.app, registered.user.ID);
    expect((await runCli(['credit', EMAIL, 'USDT', '500'], dataDir)).code).toBe(0);
    ({ context, page } = await phoneIn(TIME_ZONE));
    await loginThroughUi(page, running, EMAIL, PASSWORD);
  });
  afterAll(() => context?.close());

  it('is sent from the withdraw screen to set a withdrawal password, with the login password, and comes back', async () => {
    await openWithdraw(page, 'USDT');
    const block = page.locator('.notice-block', { hasText: en.funds.block.noPayPassword });
    await block.waitFor();
    expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
    await block.locator(`text=${en.funds.block.setPayPassword}`).click();
    // the password form knows where it was opened from
    await waitForHash(page, `#/login/resetWithdrawPassword?back=${encodeURIComponent('/bitcoin/withdraw?coinname=USDT')}`);
    await shot(page, 'set-password');

    // a wrong login password is refused under its field, and nothing is set
    await page.fill('#root_loginPassword', 'not-my-password');
    await page.fill('#root_password', '739204');
    await page.fill('#root_confirmPassword', '739204');
    await page.click('button[type=submit]');
    await page.locator('.field-message', { hasText: en.errors['4011'] }).waitFor();
    const none = await running.app.db.selectFrom('users').select('pay_password_hash').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    expect(none.pay_password_hash).toBeNull();

    await page.fill('#root_loginPassword', PASSWORD);
    await page.waitForTimeout(timings.doubleSubmitMs); // a second tap sooner counts as a double tap
    await page.click('button[type=submit]');
    await toast(page, en.payPassword.saved);
    // back on the withdraw form it came from, now without the block
    await waitForHash(page, '#/bitcoin/withdraw?coinname=USDT');
    await page.locator('.notice-block').waitFor({ state: 'detached' });
  });

  it('asks for the current withdrawal password once one is set, and refuses a wrong one under it (4012)', async () => {
    const before = await running.app.db.selectFrom('users').select('pay_password_hash').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    await page.evaluate(() => (location.hash = '#/login/resetWithdrawPassword'));
    const old = page.locator('#root_oldPassword');
    await old.waitFor();
    expect(await page.locator('label[for=root_oldPassword]').textContent()).toBe(`${en.payPassword.oldPassword} *`);
    await page.locator('.field-help', { hasText: en.payPassword.oldHelp }).waitFor();
    // left empty, the form says it is needed and sends nothing
    await page.fill('#root_loginPassword', PASSWORD);
    await page.fill('#root_password', '264810');
    await page.fill('#root_confirmPassword', '264810');
    await page.click('button[type=submit]');
    await page.locator('.field-message', { hasText: en.payPassword.oldRequired }).waitFor();
    await old.fill('739205');
    await page.waitForTimeout(timings.doubleSubmitMs);
    await page.click('button[type=submit]');
    await page.locator('.field-message', { hasText: en.errors['4012'] }).waitFor();
    const after = await running.app.db.selectFrom('users').select('pay_password_hash').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    expect(after.pay_password_hash).toBe(before.pay_password_hash);
  });

  it('withdraws everything with All, seeing the fee and what arrives, and finds it under review', async () => {
    await openWithdraw(page, 'USDT');
    // a new withdrawal password: new withdrawals are reviewed by hand, and the form says so
    await page.locator('.notice', { hasText: en.funds.manualReview }).waitFor();
    await page.locator('.field-hint', { hasText: 'Fee 1.00' }).first().waitFor();
    await page.fill('#root_address', ADDRESS);
    await page.click(`button:text-is("${en.limits.all}")`);
    expect(await page.inputValue('#root_num')).toBe('499');
    await expect(page.getByTestId('amount-fee').textContent()).resolves.toBe('Fee 1.00 · Total deducted 500.00 · Arrives 499.00');
    await page.fill('#root_pay_password', '739204');
    await noOverflow(page);
    await shot(page, 'form');
    await page.click('button[type=submit]');
    await toast(page, en.withdraw.submitted);
    await waitForHash(page, '#/bitcoin/withdrawHistory');

    const row = page.locator('.row', { hasText: en.withdraw.statusValue['1'] }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('499.00 USDT');
    const rows = await running.app.db.selectFrom('withdrawals').selectAll().execute();
    expect(rows).toHaveLength(1);
    id = Number(rows[0].id);
    await row.locator('.row-link').click();
    await waitForHash(page, `#/bitcoin/withdrawDetail?id=${id}`);
    await page.locator('.detail-field', { hasText: en.withdraw.statusValue['1'] }).waitFor();
    expect(await page.locator('.detail').textContent()).toContain(`${en.withdraw.total}: 500.00 USDT`);
  });

  it('the operator rejects it; the refund is visible: balance back, rejected with the reason, a withdrawal refund record', async () => {
    const reason = 'The destination failed a compliance check';
    const r = await runCli(['reject', 'withdrawal', String(id), ...reason.split(' ')], dataDir);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('withdrawal_refund');

    await page.reload();
    await page.locator('.detail-field', { hasText: en.withdraw.statusValue['3'] }).waitFor();
    expect(await page.locator('.detail').textContent()).toContain(`${en.withdraw.reason}: ${reason}`);
    await noOverflow(page);
    await shot(page, 'rejected');

    await page.goto(`${running.url}/#/bitcoin/withdrawHistory?status=3`);
    await page.locator('.row', { hasText: en.withdraw.statusValue['3'] }).waitFor();

    await page.goto(`${running.url}/#/property/property`);
    await expect(page.locator('.asset-row[data-coin="USDT"] .asset-amount').textContent()).resolves.toBe('500.00');

    const user = await running.app.db.selectFrom('users').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    const refunds = await running.app.db.selectFrom('ledger').selectAll().where('user_id', '=', user.id).where('type', '=', 'withdrawal_refund').execute();
    expect(refunds.map((l) => ({ amount: l.amount, frozen: l.frozen_change, ref: Number(l.ref_id) }))).toEqual([
      { amount: '0', frozen: '-50000000000', ref: id },
    ]);
    expect(await ledgerMismatches(running.app.db)).toEqual([]);
  });
});
