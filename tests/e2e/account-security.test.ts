// Account security in the browser (issue 8 parts 5–7): the devices page lists this phone and a
// second device and signs the other one out, which then lands on login; the anti-phishing code is
// set, shown masked, and starts the next email; a server on another version makes the app clear
// its caches and reload exactly once. With E2E_SHOTS=<dir> it also saves 390×844 screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone, startApp, waitForHash } from './harness';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const shots = process.env.E2E_SHOTS;

const app = appAndBrowser(() => startApp({ sessions: { maxPerUser: 3 } }));

async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('devices', () => {
  it('lists both devices, signs the other one out, and that device is sent to login', async () => {
    const mine = await phone(app.browser);
    const other = await app.browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: IPHONE });
    const otherPage = await other.newPage();
    await loginThroughUi(otherPage, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    await loginThroughUi(mine.page, app.running, DEMO_EMAIL, DEMO_PASSWORD);

    const page = mine.page;
    await page.goto(`${app.running.url}/#/user/devices`);
    const rows = page.locator('.row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect(rows.nth(0).textContent()).resolves.toContain(en.devices.current.true);
    await expect(rows.nth(1).textContent()).resolves.toContain('Safari · iOS');
    await expect(rows.nth(1).textContent()).resolves.toContain(en.places.thisComputer);
    await expect(rows.nth(0).locator('button').textContent()).resolves.toBe(en.devices.signOutOthers);
    await shoot(page, 'devices-dark');
    expect(await noOverflow(page)).toBe(true);

    await rows.nth(1).locator('button', { hasText: en.devices.signOut }).click();
    await page.locator('.dialog-message', { hasText: en.devices.confirmSignOut }).waitFor();
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await page.locator('.toast', { hasText: en.devices.signedOut }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    // the signed-out phone's next call is refused (4016) and the app opens login
    await otherPage.goto(`${app.running.url}/#/property/property`);
    await waitForHash(otherPage, '#/login/login');
    await mine.context.close();
    await other.close();
  });
});

describe('anti-phishing code', () => {
  it('is set with the login password, shown masked, and starts the next email', async () => {
    const { context, page } = await phone(app.browser, 'de-DE');
    await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    await page.goto(`${app.running.url}/#/user/antiPhishing`);
    await page.fill('#root_code', 'ab');
    await page.fill('#root_password', DEMO_PASSWORD);
    await page.click('button[type=submit]');
    await page.locator('.field-message', { hasText: de.antiPhishing.codeRule }).waitFor();
    expect(await app.running.app.db.selectFrom('users').select('anti_phishing_code').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow()).toEqual({ anti_phishing_code: null });

    await page.fill('#root_code', 'Blue-Fox_7');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/user/my');
    await page.click(`a[href="#/user/antiPhishing"]`);
    await page.locator('.notice', { hasText: 'Bl******_7' }).waitFor();
    // the form opened again starts empty: no password is kept
    expect(await page.locator('#root_password').inputValue()).toBe('');
    await shoot(page, 'anti-phishing-de');
    expect(await noOverflow(page)).toBe(true);

    const r = await page.request.post(`${app.running.url}/api/base/emailCode`, { data: { email: DEMO_EMAIL } });
    expect((await r.json()).code).toBe(0);
    const mail = await app.running.app.db.selectFrom('outbox').select('body').where('target', '=', DEMO_EMAIL).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.body.startsWith('Anti-phishing code: Blue-Fox_7')).toBe(true);
    await context.close();
  });
});

describe('version check', () => {
  it('clears what an older build cached and reloads once when the server runs another version', async () => {
    const newer = await startApp({ version: '9.9.9' });
    try {
      const { context, page } = await phone(app.browser);
      // the first load leaves a cache behind, as an old build's shell would
      await context.addInitScript(() => {
        if (!sessionStorage.getItem('coinapp.reloadedForVersion')) void caches.open('old-shell');
      });
      let loads = 0;
      page.on('load', () => loads++);
      await page.goto(`${newer.url}/#/home/home`);
      await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
      await page.waitForTimeout(1000);
      expect(loads).toBe(2);
      expect(await page.evaluate(() => sessionStorage.getItem('coinapp.reloadedForVersion'))).toBe('9.9.9');
      expect(await page.evaluate(() => caches.keys())).toEqual([]);
      await context.close();
    } finally {
      await newer.close();
    }
  });

  it('does not reload when the versions match', async () => {
    const { context, page } = await phone(app.browser);
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${app.running.url}/#/home/home`);
    await page.waitForTimeout(1500);
    expect(loads).toBe(1);
    await context.close();
  });
});
