// Changing the login password in the browser: the current one is required, the app forgets the
// session and goes to login, the new password works, and the withdraw screen then shows the
// 24-hour block with its end time before anything is filled in.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { adminDeposit } from '../../server/funds/deposits/admin-deposit';
import { call, registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, verifyIdentity, waitForHash } from './harness';

const EMAIL = 'e2e-change-pw@example.com';
const OLD = 'Secret-pass-123';
const NEW = 'a-longer-passphrase';

const app = appAndBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const account = await registerByEmail(app.running.app, EMAIL, OLD);
  await adminDeposit(app.running.app.db, account.user.ID, 'USDT', '500', Date.now());
  // verified, with a withdrawal password, so the only block left is the one the change starts
  await verifyIdentity(app.running.app, account.user.ID);
  const pay = await call(app.running.app, 'POST', '/user/changePayPassword', { token: account.token, body: { loginPassword: OLD, password: '739204' } });
  expect(pay.code, pay.msg).toBe(0);
  ({ context, page } = await phone(app.browser));
  await loginThroughUi(page, app.running, EMAIL, OLD);
});
afterAll(async () => {
  await context?.close();
});

describe('changing the login password', () => {
  it('refuses a wrong current password under its field', async () => {
    await page.goto(`${app.running.url}/#/login/resetPassword`);
    await page.fill('#root_password', 'not-my-password');
    await page.fill('#root_newPassword', NEW);
    await page.fill('#root_confirmPassword', NEW);
    await page.click('button[type=submit]');
    await page.locator('.field', { has: page.locator('#root_password') }).locator('[role=alert]', { hasText: en.errors['4011'] }).waitFor();
  });

  it('logs out, takes the new password, and the withdraw screen shows the 24-hour block with its end time', async () => {
    await page.fill('#root_password', OLD);
    await page.waitForTimeout(600); // a second tap sooner counts as a double tap
    await page.click('button[type=submit]');
    await waitForHash(page, '#/login/login');
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

    await loginThroughUi(page, app.running, EMAIL, NEW);
    await page.goto(`${app.running.url}/#/bitcoin/withdraw?coinname=USDT`);
    const block = page.locator('.notice-block');
    await block.waitFor();
    const text = (await block.textContent()) ?? '';
    // the message with the end time, 24 hours from now, as the browser's locale writes it
    expect(text).toMatch(/^Your login password was changed\. For your safety, withdrawals are blocked until .+\d{4}.+\./);
    const until = (await app.running.app.db.selectFrom('users').select('password_changed_at').where('email', '=', EMAIL).executeTakeFirstOrThrow()).password_changed_at!;
    const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(Number(until) + 24 * 3_600_000));
    expect(text).toContain(shown);
    expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
  });
});
