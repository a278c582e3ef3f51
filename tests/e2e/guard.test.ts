// The guard: without a token only the whitelist opens, on direct load and on every navigation, in both route forms.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes/routes';
import { appAndBrowser, hashOf, phone, waitForHash } from './harness';

const app = appAndBrowser();
let page: Page;

const guarded = ROUTES.filter((r) => !r.public).map((r) => r.path);
// the sign-in's second step is public but lives on the password step's ticket: opened alone it goes back to login
const SECOND_STEP = '/login/verify';
const whitelisted = ROUTES.filter((r) => r.public && r.path !== SECOND_STEP).map((r) => r.path);
const bothForms = (paths: string[]) => paths.flatMap((p) => [p, `/pages${p}`]);

beforeAll(async () => {
  ({ page } = await phone(app.browser));
});

describe('guard without a token', () => {
  it(`sends every one of the ${guarded.length * 2} guarded route forms to login on direct load`, async () => {
    const leaked: string[] = [];
    let load = 0;
    for (const path of bothForms(guarded)) {
      // a new query string makes every visit a full page load, as when a link is opened from outside
      await page.goto(`${app.running.url}/?load=${load++}#${path}`);
      await waitForHash(page, '#/login/login').catch(() => leaked.push(path));
    }
    expect(leaked).toEqual([]);
    await page.locator('#root_username').waitFor();
  });

  it('sends every guarded route form to login on in-app navigation', async () => {
    await page.goto(`${app.running.url}/#/home/home`);
    await page.locator('.home').waitFor();
    const leaked: string[] = [];
    for (const path of bothForms(guarded)) {
      await page.evaluate(() => {
        window.location.hash = '#/home/home';
      });
      await page.locator('.home').waitFor();
      await page.evaluate((p) => {
        window.location.hash = `#${p}`;
      }, path);
      await waitForHash(page, '#/login/login').catch(() => leaked.push(path));
    }
    expect(leaked).toEqual([]);
  });

  it('opens the whitelisted pages, the root and both forms of each', async () => {
    let load = 0;
    for (const path of ['/', ...bothForms(whitelisted)]) {
      await page.goto(`${app.running.url}/?open=${load++}#${path}`);
      await page.locator('main.page > *').first().waitFor();
      expect(await hashOf(page), path).toBe(path === '/' ? '#/' : `#${path}`);
    }
    await page.goto(`${app.running.url}/?open=${load}#${SECOND_STEP}`);
    await waitForHash(page, '#/login/login');
    await page.goto(`${app.running.url}/`);
    await expect(page.locator('.home-brand').textContent()).resolves.toBe('CoinApp');
  });
});
