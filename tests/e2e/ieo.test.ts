// IEO in a real browser against the real server: the project list (/IEO/IEO) → the project's
// terms (/IEO/detail) → the subscribe tab (limits from the project) → the records (/IEO/history)
// show the coins frozen with their thaw time. With E2E_SHOTS=<dir> it also saves 390×844
// screenshots (dark, light, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { adminDeposit } from '../../server/composition/money';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const EMAIL = 'ieo-e2e@example.com';
const app = appAndBrowser();
let page: Page;

beforeAll(async () => {
  const r = await registerByEmail(app.running.app, EMAIL);
  await adminDeposit(app.running.app.db, r.user.ID, 'USDT', '1000', Date.now());
  ({ page } = await phone(app.browser));
  await loginThroughUi(page, app.running, EMAIL, 'Secret-pass-123');
});

const settled = () =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
const width = async () => {
  await settled();
  return page.evaluate(() => document.documentElement.scrollWidth);
};

async function shot(name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled();
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
}

describe('IEO', () => {
  it('subscribes to a live project and shows the coins frozen with the thaw time', async () => {
    await page.goto(`${app.running.url}/#/IEO/IEO`);
    const row = page.locator('.row').filter({ hasText: 'Nova Network' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(en.ieo.state['2']);
    expect(await width()).toBeLessThanOrEqual(375);
    await shot('ieo-list-dark');
    await row.locator('.row-main').click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/IEO/detail?id='));
    await page.getByText('0.05 USDT per NOVA').waitFor();
    // the time left to the end ticks by the second
    const endsIn = page.locator('.detail-field').filter({ hasText: en.ieo.endsIn });
    const first = await endsIn.textContent();
    expect(first).toMatch(/\d{2}:\d{2}:\d{2}/);
    await page.waitForFunction(
      ([text, label]) => [...document.querySelectorAll('.detail-field')].some((e) => e.textContent!.includes(label!) && e.textContent !== text),
      [first, en.ieo.endsIn],
    );
    expect(await width()).toBeLessThanOrEqual(375);
    await shot('ieo-terms-dark');
    await page.getByRole('tab', { name: en.ieo.tabSubscribe }).click();
    await page.locator('#root_num').waitFor();
    await expect(page.locator('.field-hint').first().textContent()).resolves.toContain('Min 100.00 · Max 20,000.00');
    await page.fill('#root_num', '50');
    await page.click('button[type=submit]');
    await page.getByText('At least 100.00 per subscription.').waitFor();
    await page.fill('#root_num', '1000');
    await shot('ieo-subscribe-dark');
    await page.click('button[type=submit]');
    // the confirmation repeats the purchase summary (tests/e2e/purchase-preview.test.ts)
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await waitForHash(page, '#/IEO/history');
    const order = page.locator('.row').filter({ hasText: 'Nova Network' });
    await order.waitFor();
    const text = (await order.textContent()) ?? '';
    expect(text).toContain(en.ieo.status['1']);
    expect(text).toContain('1,000.00 NOVA');
    expect(text).toContain('50.00 USDT');
    expect(text).toContain(en.ieo.thawAt);
    expect(await width()).toBeLessThanOrEqual(375);
    await shot('ieo-history-dark');
    const { frozen } = await app.running.app.db.selectFrom('balances').select('frozen').where('coin', '=', 'NOVA').executeTakeFirstOrThrow();
    expect(frozen).toBe((1000n * 10n ** 8n).toString());
    if (process.env.E2E_SHOTS) {
      // German, on a German browser
      ({ page } = await phone(app.browser, 'de-DE'));
      await loginThroughUi(page, app.running, EMAIL, 'Secret-pass-123');
      for (const route of ['IEO/IEO', 'IEO/history']) {
        await page.goto(`${app.running.url}/#/${route}`);
        await page.locator('.row').first().waitFor();
        expect(await width()).toBeLessThanOrEqual(375);
        await shot(`${route.replace('/', '-')}-de`);
      }
    }
  });
});
