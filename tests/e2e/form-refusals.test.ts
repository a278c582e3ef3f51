// A server refusal is shown on the form, where the customer looks: a wrong password above the
// submit button (not a toast that goes away), a wrong captcha under the captcha with a new picture
// and no "Enter the image code"; an IEO that cannot be subscribed says why and its button is off.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots (dark, light, English, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone, solveCaptcha } from './harness';

const app = appAndBrowser();

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // the sign-in's welcome toast is gone before the picture
  await page.waitForFunction(() => !document.querySelector('.toast:not(:empty)'), null, { timeout: 8000 }).catch(() => undefined);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

async function phoneIn(lang: 'en' | 'de', theme: 'dark' | 'light') {
  const { page } = await phone(app.browser, lang === 'de' ? 'de-DE' : 'en-US');
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return page;
}

async function projectId(name: string): Promise<number> {
  const row = await app.running.app.db.selectFrom('ieo_projects').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('a refused login', () => {
  it('shows a wrong password on the form and renews the captcha without calling it missing', async () => {
    const page = await phoneIn('en', 'dark');
    await page.goto(`${app.running.url}/#/login/login`);
    await page.fill('#root_username', DEMO_EMAIL);
    await page.fill('#root_password', 'not-the-password-1');
    await solveCaptcha(page, app.running.app);
    const firstId = await page.locator('#root_captchaId').inputValue();
    await page.click('button[type=submit]');
    await page.locator('.form-error', { hasText: en.errors['4002'] }).waitFor();
    // a new captcha, empty, and no "Enter the image code" under it
    await page.waitForFunction((id) => (document.querySelector('#root_captchaId') as HTMLInputElement).value !== id, firstId);
    expect(await page.locator('#root_captcha').inputValue()).toBe('');
    await page.waitForTimeout(1500);
    expect(await page.locator('.field-message').allTextContents()).toEqual([]);
    expect(await page.locator('.toast').count()).toBe(0);
    await shot(page, 'login-wrong-password-en-dark');

    // a wrong captcha is said under the captcha, and stays while a new picture comes
    await page.fill('#root_password', DEMO_PASSWORD);
    await page.fill('#root_captcha', 'ZZZZ');
    await page.click('button[type=submit]');
    const captchaField = page.locator('.field', { has: page.locator('#root_captcha') });
    await captchaField.locator('.field-message', { hasText: en.errors['4005'] }).waitFor();
    await page.waitForTimeout(1000);
    expect(await captchaField.locator('.field-message').allTextContents()).toEqual([en.errors['4005']]);
    expect(await page.locator('.form-error').count()).toBe(0);

    // typing clears the message; the right answer signs in
    await solveCaptcha(page, app.running.app);
    expect(await captchaField.locator('.field-message').count()).toBe(0);
    await page.click('button[type=submit]');
    await page.waitForFunction(() => window.location.hash === '#/home/home');
  });

  it('shows the refusal in German and in the light theme', async () => {
    const page = await phoneIn('de', 'light');
    await page.goto(`${app.running.url}/#/login/login`);
    await page.fill('#root_username', DEMO_EMAIL);
    await page.fill('#root_password', 'not-the-password-1');
    await solveCaptcha(page, app.running.app);
    await page.click('button[type=submit]');
    await page.locator('.form-error', { hasText: de.errors['4002'] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, 'login-wrong-password-de-light');
  });

  it('says once that another sign-in ended the session, however many calls it refused', async () => {
    const page = await phoneIn('en', 'dark');
    await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForFunction(() => !document.querySelector('.toast'), null, { timeout: 8000 });
    await loginThroughUi(await phoneIn('en', 'dark'), app.running, DEMO_EMAIL, DEMO_PASSWORD);
    // the withdrawal form asks for the coins, the withdrawal status, the balance and the address book at once
    await page.evaluate(() => {
      const w = window as unknown as { toastsSeen: string[] };
      w.toastsSeen = [];
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.toast')) {
          if (el.hasAttribute('data-seen')) continue;
          el.setAttribute('data-seen', '');
          w.toastsSeen.push(el.textContent ?? '');
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.evaluate(() => (window.location.hash = '#/bitcoin/withdraw?coinname=USDT'));
    await page.waitForFunction(() => window.location.hash.startsWith('#/login/login'));
    await page.waitForTimeout(2500);
    expect(await page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen)).toEqual([en.errors['4016']]);
  });
});

describe('an IEO that cannot be subscribed', () => {
  it('turns Subscribe off and says why: ended, not started', async () => {
    const page = await phoneIn('en', 'dark');
    await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    const cases = [
      ['Polkadot launch round', en.funds.block.ieoEnded.split(':')[0]],
      ['Orbix Protocol', en.funds.block.ieoNotStarted.split('.')[0]],
    ] as const;
    for (const [name, reason] of cases) {
      const id = await projectId(name);
      await page.goto(`${app.running.url}/#/IEO/detail?id=${id}&pid=${id}`);
      await page.getByRole('tab', { name: en.ieo.tabSubscribe }).click();
      await page.locator('.notice-block', { hasText: reason }).waitFor();
      expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
      // said once: no timing notice repeats the block
      expect(await page.locator('.notice:not(.notice-block)').count()).toBe(0);
    }
    await shot(page, 'ieo-ended-en-dark');
  });

  it('subscribes from /IEO/detail?id= without pid', async () => {
    const page = await phoneIn('de', 'light');
    await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    const id = await projectId('Nova Network');
    await page.goto(`${app.running.url}/#/IEO/detail?id=${id}`);
    await page.getByRole('tab', { name: de.ieo.tabSubscribe }).click();
    await page.locator('#root_num').waitFor();
    expect(await page.locator('#root_pid').inputValue()).toBe(String(id));
    await shot(page, 'ieo-subscribe-no-pid-de-light');
  });
});
