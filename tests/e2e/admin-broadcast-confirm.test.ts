// A broadcast reaches every customer, so the console asks before it goes out, repeating the title
// and the text as typed (1280×800): Cancel sends nothing, Confirm sends it once.
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

const broadcasts = async (title: string) => {
  const rows = await app.running.app.db.selectFrom('notices').select('texts').where('user_id', 'is', null).execute();
  return rows.filter((r) => (JSON.parse(r.texts) as { en?: { title?: string } }).en?.title === title);
};

describe('a broadcast', () => {
  it('asks before it goes to every customer, repeating what was typed', async () => {
    const page = await operatorDesktop(app.running, app.browser, `bc-op-${++attempt}`, ['content']);
    pages.push(page);
    await page.goto(`${app.running.url}/admin/notices`);
    const title = `Maintenance window ${attempt}`;
    const body = 'Trading pauses on Sunday from 02:00 to 03:00 UTC.';
    await page.fill('#root_title', title);
    await page.fill('#root_body', body);
    await page.click('button[type=submit]');
    await expect(page.locator('.dialog-message').textContent()).resolves.toBe(en.admin.broadcastConfirm);
    const rows = await page.locator('.dialog-rows').textContent();
    expect(rows).toContain(title);
    expect(rows).toContain(body);
    await page.click(`.dialog >> text=${en.common.cancel}`);
    await page.locator('.dialog').waitFor({ state: 'detached' });
    expect(await broadcasts(title)).toHaveLength(0);

    await page.click('button[type=submit]');
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await page
      .locator('.toast', { hasText: en.admin.broadcastSent.split('{{')[0] })
      .first()
      .waitFor();
    expect(await broadcasts(title)).toHaveLength(1);
  });
});
