// A new IEO project's start and end are chosen with date-and-time pickers (not typed as
// 2026-01-31T12:00 text) at 1280×800, and the project starts and ends at the chosen minutes (UTC:
// the browser's time zone here).
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../locales/en-US.json';
import { appAndBrowser, operatorDesktop } from './harness';

const app = appAndBrowser();
const pages: Page[] = [];
let attempt = 0;
afterAll(async () => {
  for (const p of pages) await p.context().close();
});

describe('a new IEO project', () => {
  it('takes its start and end from date-and-time pickers', async () => {
    const page = await operatorDesktop(app.running, app.browser, `ieo-op-${++attempt}`, ['product']);
    pages.push(page);
    await page.goto(`${app.running.url}/admin/ieoNew`);
    await expect(page.locator('#root_start').getAttribute('type')).resolves.toBe('datetime-local');
    await expect(page.locator('#root_end').getAttribute('type')).resolves.toBe('datetime-local');
    const coin = `DT${attempt}X`;
    const fields: Record<string, string> = { coin, name: `Date pickers ${attempt}`, total: '100000', price: '0.5', lockDays: '30', userCap: '1000', min: '10', max: '1000' };
    for (const [id, value] of Object.entries(fields)) await page.fill(`#root_${id}`, value);
    await page.fill('#root_start', '2027-01-31T12:00');
    await page.fill('#root_end', '2027-02-14T18:30');
    await page.click('button[type=submit]');
    await page.getByText(en.admin.product.created).waitFor();
    const row = await app.running.app.db.selectFrom('ieo_projects').select(['start_at', 'end_at']).where('coin', '=', coin).executeTakeFirstOrThrow();
    expect(row).toEqual({ start_at: Date.UTC(2027, 0, 31, 12, 0), end_at: Date.UTC(2027, 1, 14, 18, 30) });
  });
});
