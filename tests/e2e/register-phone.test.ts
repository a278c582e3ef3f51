// Registration by mobile number in the browser (issue 8 part 9): the number is checked for the
// chosen country code (a UK landline is refused with an example), a UK mobile registers, and
// the captcha is a PNG picture.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { DEMO_INVITATION_CODE } from '../../server/composition/seed';
import { appAndBrowser, latestCode, phone, solveCaptcha, waitForHash } from './harness';

const app = appAndBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ context, page } = await phone(app.browser));
});

afterAll(async () => {
  await context?.close();
});

describe('register by mobile number', () => {
  it('refuses a number that is no mobile of the chosen country, then registers a UK mobile', async () => {
    await page.goto(`${app.running.url}/#/login/register?tab=register-phone`);
    await page.locator('select.country-code').waitFor();
    await page.selectOption('select.country-code', '+44');
    await page.fill('#root_phone', '2079460000');
    await page.locator('#root_phone').blur();
    const hint = en.checks.phoneInvalidFor.replace('{{code}}', '+44').replace('{{example}}', '07400 123456');
    await page.locator('.field-message', { hasText: hint }).waitFor();

    await page.fill('#root_phone', '7400123456');
    await expect(page.locator('.field-message', { hasText: hint }).count()).resolves.toBe(0);
    await page.click(`text=${en.sendCode.send}`);
    await page.waitForFunction(() => document.querySelector('.send-code')?.textContent?.match(/\d/));
    await page.fill('#root_smsCode', await latestCode(app.running.app, '+44 7400123456'));
    await page.fill('#root_passWord', 'Secret-pass-123');
    await page.fill('#root_confirmPassword', 'Secret-pass-123');
    await page.fill('#root_invitationCode', DEMO_INVITATION_CODE);
    await solveCaptcha(page, app.running.app);
    await expect(page.locator('.captcha img').getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    await page.click('button[type=submit]');
    await waitForHash(page, '#/home/home');
    const user = await app.running.app.db.selectFrom('users').select(['phone', 'country_code']).where('phone', '=', '7400123456').executeTakeFirstOrThrow();
    expect(user).toEqual({ phone: '7400123456', country_code: '+44' });
  });
});
