// After login the user lands on the page they asked for; a logged-in user opening login or
// register goes home; a ?back= that is not a page of this app is ignored (no open redirect).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, phone, solveCaptcha, waitForHash } from './harness';

const EMAIL = 'e2e-redirect@example.com';
const PASSWORD = 'Secret-pass-123';

const app = appAndBrowser();
let context: BrowserContext;
let page: Page;

async function logIn(): Promise<void> {
  await page.locator('#root_username').waitFor();
  await page.fill('#root_username', EMAIL);
  await page.fill('#root_password', PASSWORD);
  await solveCaptcha(page, app.running.app);
  await page.click('button[type=submit]');
}

/** A new browser context: no session (the open app would write its session back into storage). */
async function logOut(): Promise<void> {
  await context.close();
  ({ context, page } = await phone(app.browser));
}

beforeAll(async () => {
  await registerByEmail(app.running.app, EMAIL, PASSWORD);
  ({ context, page } = await phone(app.browser));
});
afterAll(async () => {
  await context?.close();
});

describe('redirect after login', () => {
  it('a protected page opened logged out goes to login, and after login to that page with its query', async () => {
    await page.goto(`${app.running.url}/?load=1#/bitcoin/withdraw?coinname=USDT`);
    await waitForHash(page, '#/login/login');
    await logIn();
    await waitForHash(page, '#/bitcoin/withdraw?coinname=USDT');
  });

  it('a logged-in user opening login or register goes home', async () => {
    await page.goto(`${app.running.url}/#/login/login`);
    await waitForHash(page, '#/home/home');
    await page.goto(`${app.running.url}/#/pages/login/register`);
    await waitForHash(page, '#/home/home');
  });

  it('in-app navigation to a protected page logged out returns there too', async () => {
    await logOut();
    await page.goto(`${app.running.url}/?load=2#/home/home`);
    await page.locator('.home').waitFor();
    await page.evaluate(() => {
      window.location.hash = '#/user/invite';
    });
    await waitForHash(page, '#/login/login');
    await logIn();
    await waitForHash(page, '#/user/invite');
  });

  it('an explicit ?back= of this app is followed; a URL is not', async () => {
    await logOut();
    await page.goto(`${app.running.url}/?load=3#/login/login?back=%2Fuser%2Fmy`);
    await logIn();
    await waitForHash(page, '#/user/my');
    for (const [load, back] of [
      [4, 'https%3A%2F%2Fevil.example%2F'],
      [5, '%2F%2Fevil.example'],
      [6, '%2Flogin%2Flogin'],
    ]) {
      await logOut();
      await page.goto(`${app.running.url}/?load=${load}#/login/login?back=${back}`);
      await logIn();
      await waitForHash(page, '#/home/home');
    }
  });
});
