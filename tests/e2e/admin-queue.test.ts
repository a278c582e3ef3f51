// The review queue at 1280×800: an operator who decides an item and goes elsewhere before the
// answer arrives stays where they went (the decision's return to the queue does not pull them
// back), and is told once that it was decided; a decision opens the next waiting item of the same
// filter, and the filter's list once none is left. A withdrawal is approved from its queue row
// after a confirmation quoting it; the row leaves the queue and the filter stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../locales/en-US.json';
import { call, customerWithdrawal, WITHDRAWAL_PIN, type TestServer } from '../server/helpers';
import { appAndBrowser, operatorDesktop, saveShot } from './harness';

const app = appAndBrowser();
const pages: Page[] = [];
let attempt = 0;
let withdrawalId = 0;
let token = '';

beforeAll(async () => {
  const server = { app: app.running.app, clock: { now: () => Date.now() } } as unknown as TestServer;
  ({ withdrawalId, token } = await customerWithdrawal(server, 'e2e-queue@example.com', '80'));
});

/** Another withdrawal of the same customer, waiting for review. */
async function withdraw(amount: string): Promise<number> {
  const coins = await call(app.running.app, 'GET', '/coin/getCoinList', {});
  const coinId = coins.data.list.find((c: { coin: string }) => c.coin === 'USDT').ID;
  const r = await call(app.running.app, 'POST', '/withdraw/createWithdraw', {
    token,
    body: { coinname: 'USDT', coin_id: coinId, czline: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', num: amount, pay_password: WITHDRAWAL_PIN },
  });
  expect(r.code, r.msg).toBe(0);
  return r.data.ID as number;
}
afterAll(async () => {
  for (const p of pages) await p.context().close();
});

describe('the review queue', () => {
  it('leaves an operator where they went while their decision was on its way', async () => {
    const page = await operatorDesktop(app.running, app.browser, `queue-fin-${++attempt}`, ['finance', 'support']);
    pages.push(page);
    await page.goto(`${app.running.url}/admin/reviews`);
    await page.getByRole('link', { name: /80(\.0+)? USDT/ }).click();
    await page.waitForURL(`**/admin/review?kind=withdrawal&id=${withdrawalId}*`);
    // the answer takes a second: time to open another screen
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/reviews/decide', async (route) => {
      await held;
      await route.continue();
    });
    await page.selectOption('#root_decision', { label: en.admin.decision.approve });
    await page.click('.admin-screen:has(#root_decision) button[type=submit]');
    await page.getByRole('link', { name: en.admin.usersTitle }).click();
    await page.waitForURL('**/admin/users');
    release();
    await page.getByText(en.admin.decided).waitFor();
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/admin/users');
    await page.getByLabel(en.admin.search.label).waitFor();
    const status = await app.running.app.db.selectFrom('withdrawals').select('status').where('id', '=', withdrawalId).executeTakeFirstOrThrow();
    expect(Number(status.status)).toBe(2);
  });
  it('opens the next waiting item of the same filter after a decision, and the list once none is left', async () => {
    const first = await withdraw('61');
    const second = await withdraw('62');
    const page = await operatorDesktop(app.running, app.browser, `queue-next-${++attempt}`, ['finance']);
    pages.push(page);
    await page.goto(`${app.running.url}/admin/reviews?kind=withdrawal`);
    await page.getByRole('link', { name: /61(\.0+)? USDT/ }).click();
    await page.waitForURL(`**/admin/review?kind=withdrawal&id=${first}*`);
    const decide = async (id: number) => {
      await page.selectOption('#root_decision', { label: en.admin.decision.reject });
      await page.fill('#root_reason', 'Test');
      await page.click('.admin-screen:has(#root_decision) button[type=submit]');
      await page.getByText(en.admin.decided).first().waitFor();
      return id;
    };
    await decide(first);
    // the next item of the kind=withdrawal queue, not the whole queue
    await page.waitForURL(new RegExp(`/admin/review\\?kind=withdrawal&id=(?!${first}\\b)\\d+`));
    // reject until the filter's queue is empty: then its list stays, under the same filter
    const settled = (id: number) => (url: URL) =>
      (url.pathname === '/admin/reviews' && !url.searchParams.has('next')) || (url.pathname === '/admin/review' && Number(url.searchParams.get('id')) !== id);
    for (let i = 0; i < 5 && new URL(page.url()).pathname === '/admin/review'; i++) {
      const id = Number(new URL(page.url()).searchParams.get('id'));
      await decide(id);
      await page.waitForURL(settled(id));
    }
    await page.waitForURL(/\/admin\/reviews\?kind=withdrawal/);
    expect(Number((await app.running.app.db.selectFrom('withdrawals').select('status').where('id', '=', second).executeTakeFirstOrThrow()).status)).toBe(3);
  });

  it('approves a withdrawal from its queue row after a confirmation that quotes it', async () => {
    const id = await withdraw('47');
    const page = await operatorDesktop(app.running, app.browser, `queue-row-${++attempt}`, ['finance']);
    pages.push(page);
    await page.goto(`${app.running.url}/admin/reviews?kind=withdrawal`);
    const row = page.locator('tr', { has: page.getByRole('link', { name: /47(\.0+)? USDT/ }) });
    await row.waitFor();
    await saveShot(page, 'admin-queue-rows', false);
    await row.getByRole('button', { name: en.admin.decision.approve }).click();
    const message = await page.locator('.dialog-message').textContent();
    await saveShot(page, 'admin-queue-row-approve', false);
    expect(message).toMatch(/^Approve 47(\.0+)? USDT/);
    expect(message).toContain('e2e-queue@example.com');
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await page.getByText(en.admin.decided).first().waitFor();
    await row.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('kind')).toBe('withdrawal');
    expect(Number((await app.running.app.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status)).toBe(2);
    // one decision, one audit row
    const audits = await app.running.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'review.approve')
      .where('target_id', '=', String(id))
      .execute();
    expect(audits).toHaveLength(1);
  });
});
