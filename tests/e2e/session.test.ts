// One live session per user: a login elsewhere logs this browser out with 4016.
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { captcha as captchaAnswer } from '../../server/ops/commands';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, hashOf, loginThroughUi, phone, waitForHash } from './harness';

const app = appAndBrowser();

async function loginElsewhere(): Promise<string> {
  const api = (path: string, body?: unknown) =>
    fetch(`${app.running.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }).then(
      (r) => r.json() as Promise<{ code: number; data: { captchaId: string; token: string } }>,
    );
  const { data: c } = await api('/base/captcha');
  const res = await api('/base/login', { username: DEMO_EMAIL, password: DEMO_PASSWORD, captcha: await captchaAnswer(app.running.app.db, c.captchaId), captchaId: c.captchaId });
  expect(res.code).toBe(0);
  return res.data.token;
}

describe('session', () => {
  it('logs the first browser out with the 4016 message after a second login elsewhere', async () => {
    const { page } = await phone(app.browser);
    await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    await page.goto(`${app.running.url}/#/user/bank`);
    await page.locator('.state-empty', { hasText: en.bank.empty }).waitFor();

    await loginElsewhere();
    await page.goto(`${app.running.url}/#/user/address`);
    await waitForHash(page, '#/login/login');
    await page.locator('.toast', { hasText: en.errors['4016'] }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  });

  it('shows a translated "page not found" with a way home for an address the app does not have', async () => {
    const { page } = await phone(app.browser);
    await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    await page.goto(`${app.running.url}/#/pages/IEO/nowhere`);
    await page.locator('.not-available h2', { hasText: en.notFound.title }).waitFor();
    await page.click(`text=${en.notAvailable.home}`);
    await waitForHash(page, '#/home/home');
    expect(await hashOf(page)).toBe('#/home/home');
  });
});
