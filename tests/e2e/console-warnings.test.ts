// Chrome's own warnings on the routes a customer opens most (forms, lists, details): a preload
// fetched in another credentials mode than the link that then uses it, or never used within a
// few seconds of the load, is reported on the console. None may appear, on a first load or on
// navigation inside the app.
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser, loginThroughUi, phone } from './harness';

const app = appAndBrowser();

/** Long enough for Chrome's "preloaded but not used within a few seconds" check (3 s after load) */
const SETTLE_MS = 4000;
const ROUTES = ['/bitcoin/withdrawHistory', '/stake/list', '/user/afficheDetail?id=1', '/bitcoin/exchange'];

const warningsOf = (page: Page) => {
  const seen: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'warning' || m.type() === 'error') seen.push(`${m.type()}: ${m.text()}`);
  });
  return seen;
};

describe('console on the routes customers open', () => {
  it('shows no warning on a first load of a form (login) or after signing in and opening lists and details', { timeout: 120_000 }, async () => {
    const { context, page } = await phone(app.browser);
    const seen = warningsOf(page);
    try {
      await page.goto(`${app.running.url}/#/login/login`);
      await page.waitForTimeout(SETTLE_MS);
      await loginThroughUi(page, app.running, 'demo@coinapp.test', 'demo123456');
      for (const route of ROUTES) {
        await page.evaluate((hash) => (window.location.hash = hash), `#${route}`);
        await page.waitForTimeout(SETTLE_MS);
      }
      for (const route of ROUTES.slice(0, 1)) {
        await page.goto(`${app.running.url}/#${route}`);
        await page.waitForTimeout(SETTLE_MS);
      }
    } finally {
      await context.close();
    }
    expect(seen).toEqual([]);
  });
});
