// The back office in Chromium at 1280×800: an operator signs in with an authenticator code, must
// change the initial password first, sees a large withdrawal waiting and gives the first approval
// (no money moves); a second finance operator opens the same item and completes it.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { adminDeposit } from '../../server/funds/deposits/admin-deposit';
import { call, registerByEmail, verifyIdentity } from '../server/helpers';
import { SEED_COINS } from '../../server/funds/coins/coins';
import { dataUrl, pngImage } from '../fixtures/images';
import { appAndBrowser, signInOperator } from './harness';

const app = appAndBrowser();
let withdrawalId = 0;
let depositId = 0;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const { token, user } = await registerByEmail(app.running.app, 'e2e-admin-customer@example.com', 'Secret-pass-123');
  await verifyIdentity(app.running.app.db, user.ID);
  expect((await call(app.running.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: 'Secret-pass-123', password: '418263' } })).code).toBe(
    0,
  );
  await adminDeposit(app.running.app.db, user.ID, 'USDT', '5000', Date.now());
  const coins = await call(app.running.app, 'GET', '/coin/getCoinList', {});
  const usdt = coins.data.list.find((c: { coin: string }) => c.coin === 'USDT').ID;
  const w = await call(app.running.app, 'POST', '/withdraw/createWithdraw', {
    token,
    body: { coinname: 'USDT', coin_id: usdt, czline: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', num: '1500', pay_password: '418263' },
  });
  expect(w.code, w.msg).toBe(0);
  withdrawalId = w.data.ID;
  const proof = await call(app.running.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(64, 48)) } });
  const address = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;
  const d = await call(app.running.app, 'POST', '/recharge/createRecharge', {
    token,
    body: { coin: 'USDT', czline: 'TRC20', address, num: '250', payimg: proof.data.url, cate: 1 },
  });
  expect(d.code, d.msg).toBe(0);
  depositId = d.data.ID;
});
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function desktop(): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  contexts.push(context);
  return context.newPage();
}

/** Signs in through the form with a current code, and changes the initial password when asked. */
async function signIn(page: Page, name: string, role: 'finance' | 'compliance' = 'finance'): Promise<void> {
  await signInOperator(page, app.running, name, [role], () => page.getByRole('heading', { name: en.admin.signInTitle }).waitFor());
  // the dashboard comes first; the reviews are a menu item
  await page.waitForURL('**/admin/dashboard');
  await page.getByRole('link', { name: en.admin.reviewsTitle, exact: true }).click();
  await page.waitForURL('**/admin/reviews');
  await page.getByText(en.admin.signedInAs.replace('{{name}}', name).replace('{{roles}}', role)).waitFor();
}

async function approve(page: Page, row = /1500 USDT/, url = `**/admin/review?kind=withdrawal&id=${withdrawalId}*`): Promise<void> {
  await page.getByRole('link', { name: row }).click();
  await page.waitForURL(url);
  await page.selectOption('#root_decision', { label: en.admin.decision.approve });
  await page.click('button[type=submit]');
  await page.getByText(en.admin.decided).waitFor();
  // after a decision the queue opens its next item, or stays on the list when none is left
  await page.waitForURL('**/admin/reviews*');
}

const depositStatus = async () =>
  Number((await app.running.app.db.selectFrom('deposits').select('status').where('id', '=', depositId).executeTakeFirstOrThrow()).status);
const status = async () =>
  Number((await app.running.app.db.selectFrom('withdrawals').select('status').where('id', '=', withdrawalId).executeTakeFirstOrThrow()).status);

describe('the back office', () => {
  it('shows a deposit’s transfer proof beside its decision, and credits it on approval', async () => {
    const carol = await desktop();
    await signIn(carol, 'carol');
    await carol.getByRole('link', { name: /250(\.0+)? USDT/ }).click();
    await carol.waitForURL(`**/admin/review?kind=deposit&id=${depositId}*`);
    const proof = carol.getByRole('img', { name: en.admin.proofLabel });
    await proof.waitFor();
    await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await carol.screenshot({ path: 'tests/e2e/artifacts/admin-deposit-proof.png' });
    await carol.selectOption('#root_decision', { label: en.admin.decision.approve });
    await carol.click('button[type=submit]');
    await carol.getByText(en.admin.decided).waitFor();
    expect(await depositStatus()).toBe(2);
  });

  it('takes two finance operators for a withdrawal of 1,500 USDT', async () => {
    const alice = await desktop();
    await signIn(alice, 'alice');
    await approve(alice);
    expect(await status()).toBe(1);
    await alice.getByText('alice', { exact: true }).waitFor();
    await alice.screenshot({ path: 'tests/e2e/artifacts/admin-reviews-dark-en.png' });

    const bob = await desktop();
    await signIn(bob, 'bob');
    await approve(bob);
    expect(await status()).toBe(2);
    await bob.getByText(en.admin.reviewsEmpty).waitFor();
  });

  it('lets a compliance operator find a customer and freeze withdrawals with a reason', async () => {
    const dora = await desktop();
    await signIn(dora, 'dora', 'compliance');
    await dora.getByRole('link', { name: en.admin.usersTitle }).click();
    await dora.getByLabel(en.admin.search.label).fill('e2e-admin-customer@');
    await dora.getByRole('link', { name: 'e2e-admin-customer@example.com' }).click();
    await dora.waitForURL('**/admin/user?uid=*');
    await dora.getByRole('heading', { name: en.admin.freezeTitle, exact: true }).waitFor();
    const freeze = dora.locator('.admin-screen', { has: dora.getByRole('heading', { name: en.admin.freezeTitle, exact: true }) });
    await freeze.locator('#root_what').selectOption({ label: en.admin.what.withdraw });
    await freeze.locator('#root_reason').fill('Source of funds under review');
    await freeze.locator('button[type=submit]').click();
    await dora.getByText(en.admin.frozenDone).waitFor();
    const user = await app.running.app.db
      .selectFrom('users')
      .select(['withdraw_frozen', 'withdraw_frozen_reason'])
      .where('email', '=', 'e2e-admin-customer@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ withdraw_frozen: 1, withdraw_frozen_reason: 'Source of funds under review' });
    await dora.screenshot({ path: 'tests/e2e/artifacts/admin-user-frozen.png' });
  });
});
