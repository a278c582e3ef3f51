// A set-password link in Chromium: the operator creates an account without a password (its link
// goes to the outbox) and sends a reset link; opening a link sets the password (a common one is
// refused under its field), the new password logs in, and a used link says so.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { runCli } from '../../server/ops/cli';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const EMAIL = 'e2e-link@example.com';
const FIRST = 'my-first-passphrase';
const SECOND = 'my-second-passphrase';

const app = appAndBrowser();
let context: BrowserContext;
let page: Page;

/** The link in the newest outbox message to the address, pointed at the test server. */
async function linkFor(email: string): Promise<string> {
  const row = await app.running.app.db.selectFrom('outbox').select('body').where('target', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+\/#\/login\/password\?token=[0-9a-f]{64}/.exec(row.body)![0];
  return link.replace(/^https?:\/\/[^/]+/, app.running.url);
}

async function setPassword(link: string, password: string) {
  await page.goto(link);
  await page.locator('#root_password').waitFor();
  await page.fill('#root_password', password);
  await page.fill('#root_confirmPassword', password);
  await page.waitForTimeout(600); // a second tap sooner counts as a double tap
  await page.click('button[type=submit]');
}

beforeAll(async () => {
  ({ context, page } = await phone(app.browser));
});
afterAll(async () => {
  await context?.close();
});

describe('password links', () => {
  it('an account made by the operator sets its password from the link and logs in with it', async () => {
    const made = await runCli(['user-create', EMAIL], app.running.dataDir!);
    expect(made.code, made.out).toBe(0);
    const link = await linkFor(EMAIL);
    await setPassword(link, 'password123');
    await page
      .locator('.field', { has: page.locator('#root_password') })
      .locator('[role=alert]', { hasText: en.validation.passwordCommon })
      .waitFor();
    await page.fill('#root_password', FIRST);
    await page.fill('#root_confirmPassword', FIRST);
    await page.waitForTimeout(600);
    await page.click('button[type=submit]');
    await waitForHash(page, '#/login/login');
    await page.locator('.toast', { hasText: en.setPassword.done }).waitFor();
    await loginThroughUi(page, app.running, EMAIL, FIRST);
  });

  it('a used link says so; a reset link sets a new password and the app logs out', async () => {
    const reset = await runCli(['reset-link', EMAIL], app.running.dataDir!);
    expect(reset.code, reset.out).toBe(0);
    const link = await linkFor(EMAIL);
    await setPassword(link, SECOND);
    await waitForHash(page, '#/login/login');
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

    await setPassword(link, 'yet-another-phrase');
    await page.locator('.form-error', { hasText: en.setPassword.link.used }).waitFor();
    expect(await page.evaluate(() => window.location.hash)).toMatch(/^#\/login\/password\?token=/);
    await loginThroughUi(page, app.running, EMAIL, SECOND);
  });
});
