// Four eyes in the back office at 1280×800: a customer's 1,500 USDT bank withdrawal is listed for
// finance, and two finance operators complete it (the first approval pays nothing out); a deposit
// that one operator credits above what the customer reported waits for a second, who sees the claim
// beside the credit before approving.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { adminDeposit } from '../../server/funds/deposits/admin-deposit';
import { SEED_COINS } from '../../server/funds/coins/coins';
import { call, registerByEmail, verifyIdentity } from '../server/helpers';
import { dataUrl, pngImage } from '../fixtures/images';
import { appAndBrowser, operatorDesktop } from './harness';

const app = appAndBrowser();
const PAY = '418263';
let customerId = 0;
let bankWithdrawalId = 0;
let depositId = 0;
const pages: Page[] = [];

beforeAll(async () => {
  const { token, user } = await registerByEmail(app.running.app, 'e2e-four-eyes@example.com', 'Secret-pass-123');
  customerId = user.ID;
  await verifyIdentity(app.running.app.db, user.ID);
  expect((await call(app.running.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: 'Secret-pass-123', password: PAY } })).code).toBe(0);
  await adminDeposit(app.running.app.db, user.ID, 'USDT', '5000', Date.now());
  const card = {
    bankname: 'Deutsche Bank',
    accountname: 'Kim Example',
    bankcard: '1234567890123456',
    ibna: 'DE89370400440532013000',
    payeeaddress: 'Taunusanlage 12, Frankfurt',
    country: 'DE',
  };
  expect((await call(app.running.app, 'POST', '/user_bank/createUser_bank', { token, body: { ...card, swift: 'DEUTDEFF' } })).code).toBe(0);
  const usdt = (await call(app.running.app, 'GET', '/coin/getCoinList', {})).data.list.find((c: { coin: string }) => c.coin === 'USDT').ID;
  const w = await call(app.running.app, 'POST', '/withdraw_bank/createWithdraw_bank', {
    token,
    body: { ...card, coinname: 'USDT', coin_id: usdt, num: '1500', pay_password: PAY },
  });
  expect(w.code, w.msg).toBe(0);
  bankWithdrawalId = w.data.ID;
  const proof = await call(app.running.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(40, 30)) } });
  const address = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;
  const d = await call(app.running.app, 'POST', '/recharge/createRecharge', {
    token,
    body: { coin: 'USDT', czline: 'TRC20', address, num: '10', payimg: proof.data.url, cate: 1 },
  });
  expect(d.code, d.msg).toBe(0);
  depositId = d.data.ID;
});
afterAll(async () => {
  for (const p of pages) await p.context().close();
});

let attempt = 0;
/** A finance operator's back office on its dashboard; a retried test signs in operators of its own. */
async function finance(base: string): Promise<Page> {
  const page = await operatorDesktop(app.running, app.browser, `${base}-${++attempt}`, ['finance']);
  pages.push(page);
  await page.goto(`${app.running.url}/admin/dashboard`);
  return page;
}

/** Opens an item from the reviews list by its summary and gives a decision (with a received amount when given). */
async function approve(page: Page, row: RegExp, url: string, amount?: string): Promise<void> {
  await page.goto(`${app.running.url}/admin/reviews`);
  await page.getByRole('link', { name: row }).click();
  // the review's URL carries the list it was opened from (&back=)
  await page.waitForURL(`${url}*`);
  await page.selectOption('#root_decision', { label: en.admin.decision.approve });
  if (amount) await page.fill('#root_amount', amount);
  await page.click('button[type=submit]');
  await page.getByText(en.admin.decided).waitFor();
}

const bankStatus = async () =>
  Number((await app.running.app.db.selectFrom('bank_withdrawals').select('status').where('id', '=', bankWithdrawalId).executeTakeFirstOrThrow()).status);
const usdtBalance = async () =>
  app.running.app.db
    .selectFrom('balances')
    .select(['available', 'frozen'])
    .where('user_id', '=', customerId)
    .where('coin', '=', 'USDT')
    .executeTakeFirstOrThrow();

describe('four eyes in the back office', () => {
  it('two finance operators complete a 1,500 USDT bank withdrawal; the first approval pays nothing out', async () => {
    const ann = await finance('ann-fin');
    // the dashboard counts it and links to its queue
    const tile = ann.locator('.detail-tile', { hasText: en.admin.waiting['bank-withdrawal'] });
    expect(await tile.getByRole('link').textContent()).toBe('1');
    await tile.getByRole('link').click();
    await ann.waitForURL('**/admin/reviews?kind=bank-withdrawal');
    const frozen = (await usdtBalance()).frozen;
    await approve(ann, /1500 USDT/, `**/admin/review?kind=bank-withdrawal&id=${bankWithdrawalId}`);
    expect(await bankStatus()).toBe(1);
    expect((await usdtBalance()).frozen).toBe(frozen);

    const ben = await finance('ben-fin');
    await approve(ben, /1500 USDT/, `**/admin/review?kind=bank-withdrawal&id=${bankWithdrawalId}`);
    expect(await bankStatus()).toBe(2);
    expect(BigInt((await usdtBalance()).frozen)).toBeLessThan(BigInt(frozen));
  });

  it('a deposit credited above its claim waits for the second operator, who sees both amounts', async () => {
    const ann = await finance('ann-fin-2');
    const before = await usdtBalance();
    await approve(ann, /^10(\.0+)? USDT/, `**/admin/review?kind=deposit&id=${depositId}`, '500');
    expect(await usdtBalance()).toEqual(before);

    const ben = await finance('ben-fin-2');
    await ben.goto(`${app.running.url}/admin/review?kind=deposit&id=${depositId}`);
    const detail = ben.locator('main');
    await detail.getByText('500 USDT').waitFor();
    await detail.getByText('10 USDT', { exact: true }).first().waitFor();
    await detail.getByText(/^ann-fin-2-\d+$/).waitFor();
    await ben.screenshot({ path: 'tests/e2e/artifacts/admin-four-eyes-deposit.png' });
    await ben.selectOption('#root_decision', { label: en.admin.decision.approve });
    await ben.click('button[type=submit]');
    await ben.getByText(en.admin.decided).waitFor();
    expect(BigInt((await usdtBalance()).available) - BigInt(before.available)).toBe(500n * 10n ** 8n);
  });
});
