// Issue 39 item 5: forgot password showed two image codes at once once the server wanted one for the
// code (past the free codes of an address): the send-code widget's own under the code, and the
// form's. The form's image code answers for the code now (ui:options.captchaField): one picture,
// renewed after the code went out, and the reset goes through with a new answer. Register keeps its
// own image code under the code (tests/e2e/send-code-captcha.test.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { captcha as captchaAnswer } from '../../server/ops/commands';
import { DEMO_EMAIL, DEMO_PHONE } from '../../server/composition/seed.ts';
import { appAndBrowser, latestCode, saveShot, solveCaptcha, waitForHash } from './harness';

const app = appAndBrowser();
const PASSWORD = 'Another-pass-456';

/** The image codes a customer sees: pictures drawn on screen, the form shell's included. */
const visibleImageCodes = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('.captcha img')].filter((img) => {
        const box = img.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(img).visibility !== 'hidden';
      }).length,
  );

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).waitFor({ timeout: 5000 });
const captchaId = (page: Page) => page.locator('#root_captchaId').inputValue();

/** Spends what is left of the address's free codes: the next code needs an image code. */
async function spendFreeCodes(page: Page): Promise<void> {
  // addresses of this attempt's own (a retry's would be refused as sent a minute ago)
  const attempt = Date.now().toString(36);
  for (const name of ['one', 'two', 'three']) {
    const r = await page.request.post(`${app.running.url}/api/base/emailCode`, { data: { email: `${name}-${attempt}@example.com` } });
    const { code, data } = (await r.json()) as { code: number; data: { captchaRequired?: boolean } | null };
    if (data?.captchaRequired) return;
    expect(code).toBe(0);
  }
}

const VARIANTS = [
  { locale: 'en-US', words: en, theme: 'dark', viewport: { width: 390, height: 844 }, by: 'email' },
  { locale: 'de-DE', words: de, theme: 'light', viewport: { width: 430, height: 932 }, by: 'phone' },
] as const;

describe('forgot password past the free codes of an address', () => {
  for (const { locale, words, theme, viewport, by } of VARIANTS) {
    it(`shows exactly one image code, which answers for the code and then for the reset (${locale}, ${theme}, ${viewport.width} px, by ${by})`, async () => {
      const context = await app.browser.newContext({ viewport, locale, deviceScaleFactor: 2, hasTouch: true });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      await spendFreeCodes(page);

      await page.goto(`${app.running.url}/#/login/forgetPassword${by === 'phone' ? '?tab=forgot-password-phone' : ''}`);
      await page.locator('#root .captcha img').waitFor();
      await expect.poll(() => captchaId(page)).toMatch(/\S/);
      expect(await visibleImageCodes(page)).toBe(1);

      if (by === 'email') await page.fill('#root_email', DEMO_EMAIL);
      else await page.fill('#root_phone', DEMO_PHONE);
      await page.click(`text=${words.sendCode.send}`);
      await toast(page, words.checks.codeNeedsCaptcha);
      expect(await visibleImageCodes(page)).toBe(1);
      await expect(page.locator('.send-code-captcha').count()).resolves.toBe(0);
      await expect(page.locator('#root_captcha').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await saveShot(page, `forgot-captcha-asked-${locale}-${theme}`);

      // the form's image code carries the code request; it is spent then, and the form shows a new one
      const first = await captchaId(page);
      await page.fill('#root_captcha', await captchaAnswer(app.running.app.db, first));
      await page.click(`text=${words.sendCode.send}`);
      await toast(page, words.sendCode.sent);
      await expect.poll(() => captchaId(page)).not.toBe(first);
      await expect.poll(() => captchaId(page)).toMatch(/\S/);
      await expect(page.locator('#root_captcha').inputValue()).resolves.toBe('');
      await page.locator('#root .captcha img').waitFor();
      expect(await visibleImageCodes(page)).toBe(1);
      await saveShot(page, `forgot-captcha-sent-${locale}-${theme}`);

      if (by === 'email') await page.fill('#root_emailCode', await latestCode(app.running.app, DEMO_EMAIL));
      else await page.fill('#root_smsCode', await latestCode(app.running.app, DEMO_PHONE));
      await page.fill('#root_passWord', PASSWORD);
      await page.fill('#root_confirmPassword', PASSWORD);
      await solveCaptcha(page, app.running.app);
      await page.click('button[type=submit]');
      await toast(page, words.forgot.success);
      await waitForHash(page, '#/login/login');
      await context.close();
    });
  }
});
