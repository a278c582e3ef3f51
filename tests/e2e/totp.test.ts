// Account security in the browser (issue 25): turn the authenticator on by reading the secret
// off /user/security (the test computes the codes as an authenticator app would), sign out, sign
// in with the password and then a code on the second step; a recovery code works once; freezing
// the account signs the other device out. With E2E_SHOTS=<dir> it saves 390×844 screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { totpCode } from '../../server/platform/security/totp';
import { appAndBrowser, solveCaptcha, startApp, waitForHash } from './harness';

const shots = process.env.E2E_SHOTS;
const app = appAndBrowser(() => startApp({ sessions: { maxPerUser: 3 } }));

async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The password step: lands on the second step when the account has a second factor. */
async function passwordStep(page: Page): Promise<void> {
  await page.goto(`${app.running.url}/#/login/login`);
  await page.fill('#root_username', DEMO_EMAIL);
  await page.fill('#root_password', DEMO_PASSWORD);
  await solveCaptcha(page, app.running.app);
  await page.click('button[type=submit]');
  await waitForHash(page, '#/login/verify');
  await page.locator('#second-step-code').waitFor();
}

async function secondStep(page: Page, code: string): Promise<void> {
  await page.fill('#second-step-code', code);
  await page.click('button[type=submit]');
}

async function device(browser: Browser, locale = 'en-US', colorScheme: 'dark' | 'light' = 'dark') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, colorScheme, deviceScaleFactor: 1 });
  return { context, page: await context.newPage() };
}

describe('authenticator app', () => {
  it('turns on from the security page, then sign-in asks for a code; a recovery code works once; a freeze signs the other device out', async () => {
    // first sign-in: no second factor yet, straight home
    const a = await device(app.browser);
    await a.page.goto(`${app.running.url}/#/login/login`);
    await a.page.fill('#root_username', DEMO_EMAIL);
    await a.page.fill('#root_password', DEMO_PASSWORD);
    await solveCaptcha(a.page, app.running.app);
    await a.page.click('button[type=submit]');
    await waitForHash(a.page, '#/home/home');

    await a.page.goto(`${app.running.url}/#/user/my`);
    await a.page.click(`a[href="#/user/security"]`);
    await waitForHash(a.page, '#/user/security');
    await a.page.locator('.security-chip', { hasText: en.security.off }).waitFor();
    await a.page.locator('.security-history li').first().waitFor();
    await shoot(a.page, 'security-off-dark-en');
    await a.page.click(`button:has-text("${en.security.setUp}")`);
    const secret = (await a.page.locator('[data-testid=totp-secret]').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await a.page.locator('.security-qr svg').waitFor();
    await shoot(a.page, 'security-setup-dark-en');
    // a wrong code is refused on the form and turns nothing on
    await a.page.fill('#totp-enable-code', totpCode(secret, Date.now()) === '000000' ? '111111' : '000000');
    await a.page.click(`button:has-text("${en.security.turnOn}")`);
    await a.page.locator('.field-message', { hasText: 'Wrong code' }).waitFor();
    await a.page.fill('#totp-enable-code', totpCode(secret, Date.now()));
    await a.page.click(`button:has-text("${en.security.turnOn}")`);
    const codes = a.page.locator('[data-testid=recovery-codes] li');
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = (await codes.nth(0).textContent())!;
    expect(await a.page.locator(`a[download="coinapp-recovery-codes.txt"]`).getAttribute('href')).toContain(encodeURIComponent(recovery));
    await shoot(a.page, 'security-recovery-dark-en');
    expect(await noOverflow(a.page)).toBe(true);
    await a.page.click(`button:has-text("${en.security.recoverySaved}")`);
    await a.page.locator('.security-chip', { hasText: en.security.on }).waitFor();

    // another device: password, then a code of the authenticator (the next 30 s step: the one that turned it on is spent)
    const b = await device(app.browser);
    await passwordStep(b.page);
    await shoot(b.page, 'second-step-dark-en');
    await secondStep(b.page, '12345');
    await b.page.locator('.field-message', { hasText: en.security.codeFormat }).waitFor();
    await secondStep(b.page, totpCode(secret, Date.now() + 30_000));
    await waitForHash(b.page, '#/home/home');

    // a third device signs in with a recovery code; the same code is refused the next time
    const c = await device(app.browser, 'de-DE', 'light');
    await passwordStep(c.page);
    await c.page.click(`button:has-text("${de.security.useRecovery}")`);
    await shoot(c.page, 'second-step-recovery-light-de');
    await secondStep(c.page, recovery);
    await waitForHash(c.page, '#/home/home');
    const d = await device(app.browser, 'de-DE', 'light');
    await passwordStep(d.page);
    await d.page.click(`button:has-text("${de.security.useRecovery}")`);
    await secondStep(d.page, recovery);
    await d.page.locator('.field-message').waitFor();
    expect(await hashOfPage(d.page)).toBe('#/login/verify');
    await d.context.close();

    // freezing on device b signs device a out
    await b.page.goto(`${app.running.url}/#/user/security`);
    await b.page.fill('#freeze-password', DEMO_PASSWORD);
    await b.page.click(`button:has-text("${en.security.freezeButton}")`);
    await b.page.locator('.dialog-message', { hasText: en.security.freezeConfirm }).waitFor();
    await b.page.click(`.dialog >> text=${en.common.confirm}`);
    await b.page.locator('.dialog-message', { hasText: en.security.frozenDone }).waitFor();
    await waitForHash(b.page, '#/login/login');
    await a.page.goto(`${app.running.url}/#/property/property`);
    await waitForHash(a.page, '#/login/login');
    for (const d of [a, b, c]) await d.context.close();
  });
});

const hashOfPage = (page: Page) => page.evaluate(() => window.location.hash);
