// A broadcast reaches every customer, so the console asks before it goes out, repeating the title
// and the text as typed (1280×800): Cancel sends nothing, Confirm sends it once. A targeted one
// (German readers who hold BTC) counts its recipients in that dialog, in the operator's language,
// reaches only them and is listed with its conditions.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../locales/en-US.json';
import de from '../../locales/de-DE.json';
import { units } from '../../contract/decimal';
import { applyChanges } from '../../server/core/ledger';
import { call, login, registerByEmail } from '../server/helpers';
import { appAndBrowser, operatorDesktop, saveShot } from './harness';

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
    await expect(page.locator('.dialog-message').textContent()).resolves.toBe(en.admin.broadcastSendConfirm);
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

  it('to German readers holding BTC: the dialog counts them, only they read it, the list names the conditions', async () => {
    const { app: server } = app.running;
    const reader = async (email: string, lang: string, btc?: string) => {
      const made = await registerByEmail(server, email);
      const signedIn = await login(server, email, 'Secret-pass-123', { lang });
      if (btc)
        await server.db
          .transaction()
          .execute((trx) =>
            applyChanges(trx, [{ userId: made.user.ID, coin: 'BTC', available: units(btc), frozen: 0n, type: 'admin_deposit', refId: null }], Date.now()),
          );
      return signedIn.data.token as string;
    };
    const holder = await reader('leser@example.com', 'de-DE', '0.4');
    const other = await reader('reader@example.com', 'en-US', '2');
    await reader('ohne@example.com', 'de-DE');

    const page = await operatorDesktop(app.running, app.browser, `bc-op-${++attempt}`, ['content'], 'de-DE');
    pages.push(page);
    await page.goto(`${app.running.url}/admin/notices`);
    const title = `Neue Gebühren ${attempt}`;
    await page.fill('#root_title', title);
    await page.fill('#root_body', 'Ab Montag gelten neue Gebühren.');
    await page.selectOption('#root_toLang', 'de');
    await page.fill('#root_toCoin', 'BTC');
    await page.fill('#root_toMinBalance', '0,25');
    await page.click('button[type=submit]');
    await expect(page.locator('.dialog-message').textContent()).resolves.toBe(de.admin.broadcastSendConfirm);
    const rows = page.locator('.dialog-rows');
    await expect(rows.textContent()).resolves.toContain(`${de.admin.recipientsLabel}1`);
    await expect(rows.textContent()).resolves.toContain(`${de.admin.toMinBalanceLabel}0,25`);
    await saveShot(page, 'admin-broadcast-audience-de-DE', false);
    await page.click(`.dialog >> text=${de.common.confirm}`);
    await page
      .locator('.toast', { hasText: de.admin.broadcastSent.split('{{')[0] })
      .first()
      .waitFor();

    const [sent] = await broadcasts(title);
    expect(sent).toBeDefined();
    const sees = async (token: string) =>
      ((await call(server, 'GET', '/notice/getNoticeList', { token, query: { page: 1, pageSize: 20 } })).data.list as { title: string }[]).some(
        (n) => n.title === title,
      );
    expect(await sees(holder)).toBe(true);
    expect(await sees(other)).toBe(false);
    const listRow = page.locator('tr', { hasText: title });
    await expect(listRow.textContent()).resolves.toContain('de · BTC ≥ 0,25');
    await saveShot(page, 'admin-broadcasts-de-DE');
    if (process.env.E2E_SHOTS) {
      await page.click(`text=${de.admin.lightTheme}`);
      await saveShot(page, 'admin-broadcasts-de-DE-light');
    }
  });
});
