// Issue 20 item 6 in the browser: after 3 codes in an hour from one address, the register form's
// send-code button shows an image code (with its refresh) instead of sending; a wrong answer shows
// why and a new picture, the right one sends the code, and the form still registers with it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { captcha as captchaAnswer } from '../../server/ops/commands';
import { DEMO_INVITATION_CODE } from '../../server/composition/seed';
import { appAndBrowser, latestCode, phone, solveCaptcha, waitForHash } from './harness';

const app = appAndBrowser();
const MOBILE = '7400123456';
const ANSWER = '#root_smsCode__captcha';

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).waitFor({ timeout: 5000 });

/** Clicks "Send code" and returns the id of the captcha the widget then asks for. */
async function sendAndReadNewCaptcha(page: Page): Promise<string> {
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/base/captcha'));
  await page.click(`text=${en.sendCode.send}`);
  const { data } = (await (await asked).json()) as { data: { captchaId: string } };
  return data.captchaId;
}

describe('send-code widget past the free codes of an address', () => {
  it('asks for the image code, refuses a wrong one with a new picture, sends with the right one', async () => {
    const { context, page } = await phone(app.browser);
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      const r = await page.request.post(`${app.running.url}/api/base/emailCode`, { data: { email } });
      expect(((await r.json()) as { code: number }).code).toBe(0);
    }

    await page.goto(`${app.running.url}/#/login/register?tab=register-phone`);
    await page.locator('.captcha img').waitFor();
    await page.selectOption('select.country-code', '+44');
    await page.fill('#root_phone', MOBILE);
    const firstId = await sendAndReadNewCaptcha(page);
    await toast(page, en.checks.codeNeedsCaptcha);
    const block = page.locator('.send-code-captcha');
    await block.locator('.captcha img').waitFor();
    await expect(block.locator('label').textContent()).resolves.toBe(en.sendCode.captchaLabel);
    await expect(page.locator(ANSWER).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.locator(ANSWER).getAttribute('aria-describedby')).resolves.toBeTruthy();
    await expect(page.locator('.send-code').textContent()).resolves.toBe(en.sendCode.send);
    const axe = await new AxeBuilder({ page }).include('.send-code-captcha').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).setLegacyMode(true).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    const right = await captchaAnswer(app.running.app.db, firstId);
    await page.fill(ANSWER, right === '0000' ? '1111' : '0000');
    const secondId = await sendAndReadNewCaptcha(page);
    expect(secondId).not.toBe(firstId);
    await toast(page, en.errors['4005']);
    await expect(page.locator(ANSWER).inputValue()).resolves.toBe('');
    await expect(latestCode(app.running.app, `+44 ${MOBILE}`)).rejects.toThrow();

    await page.fill(ANSWER, await captchaAnswer(app.running.app.db, secondId));
    await page.click(`text=${en.sendCode.send}`);
    await toast(page, en.sendCode.sent);
    await block.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('.send-code')?.textContent?.match(/\d/));

    await page.fill('#root_smsCode', await latestCode(app.running.app, `+44 ${MOBILE}`));
    await page.fill('#root_passWord', 'Secret-pass-123');
    await page.fill('#root_confirmPassword', 'Secret-pass-123');
    await page.fill('#root_invitationCode', DEMO_INVITATION_CODE);
    await solveCaptcha(page, app.running.app);
    await page.click('button[type=submit]');
    await waitForHash(page, '#/home/home');
    await context.close();
  });
});
