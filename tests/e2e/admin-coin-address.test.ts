// Four eyes on a deposit address, in Chromium at 1280×800: one product operator proposes a new
// TRC20 address for USDT on the coin's page; the customer's deposit page still shows the old one;
// the proposer sees no approve button, a second product operator approves it in the waiting list,
// and only then does the customer's deposit page show the new address.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { SEED_COINS } from '../../server/funds/coins/coins';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, signInOperator } from './harness';

const app = appAndBrowser();
const contexts: BrowserContext[] = [];
// a retried test makes its operators afresh
let attempt = 0;
const OLD = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;
const NEW = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const EMAIL = 'address-watcher@example.com';
const PASSWORD = 'Deposit-2025!';
let customer: Page;

beforeAll(async () => {
  await registerByEmail(app.running.app, EMAIL, PASSWORD);
  const phoneSession = await phone(app.browser);
  contexts.push(phoneSession.context);
  customer = phoneSession.page;
  await loginThroughUi(customer, app.running, EMAIL, PASSWORD);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function desktop(): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  contexts.push(context);
  return context.newPage();
}

/** The address the customer's USDT deposit page offers on TRC20, read afresh. */
async function depositPageShows(address: string, not: string): Promise<void> {
  await customer.goto(`${app.running.url}/#/bitcoin/payment?coin=USDT`);
  await customer.reload();
  await customer.locator('.deposit-address').getByText(address).waitFor();
  expect(await customer.locator('.deposit-address').textContent()).not.toContain(not);
}

const waitingList = (page: Page) => page.getByRole('region', { name: en.admin.networkChangesTitle });
const waitingRow = (page: Page) => waitingList(page).getByRole('row', { name: new RegExp(NEW) });

describe('a new deposit address under four eyes', () => {
  it('one operator proposes it: customers still see the old address, the proposer cannot approve', async () => {
    const ana = await desktop();
    await signInOperator(ana, app.running, `ana-${++attempt}`, ['product']);
    await ana.goto(`${app.running.url}/admin/coin?coin=USDT`);
    const form = ana.getByRole('region', { name: en.admin.networkSetTitle });
    await form.locator('#root_network').fill('TRC20');
    await form.locator('#root_address').fill(NEW);
    await form.getByRole('button', { name: en.common.submit }).click();
    await ana.locator('.toast', { hasText: en.admin.networkSaved }).first().waitFor();

    const row = waitingRow(ana);
    await row.waitFor();
    expect(await row.textContent()).toContain(OLD);
    expect(await row.textContent()).toMatch(/operator ana-\d/);
    await row.getByRole('button', { name: en.admin.decision.reject }).waitFor();
    expect(await row.getByRole('button', { name: en.admin.decision.approve }).count()).toBe(0);
    // the networks list still shows the address customers see, with its copy button
    const networks = ana.getByRole('region', { name: en.admin.coinNetworksTitle });
    await networks.getByRole('listitem').filter({ hasText: OLD }).getByRole('button', { name: en.admin.copyAddress }).waitFor();

    await depositPageShows(OLD, NEW);
  });

  it('a second operator approves it, and only then does the customer’s deposit page show it', async () => {
    const ben = await desktop();
    await signInOperator(ben, app.running, `ben-${++attempt}`, ['product']);
    await ben.waitForURL('**/admin/dashboard');
    await ben.getByRole('link', { name: en.admin.networkChangesTitle }).click();
    await ben.waitForURL('**/admin/networkChanges');
    const row = waitingRow(ben);
    await row.waitFor();
    expect(await row.textContent()).toContain(OLD);
    await depositPageShows(OLD, NEW);

    // at 1280 px the table fits its column: the approve and reject buttons are in sight
    expect(await waitingList(ben).locator('.list-table-wrap').evaluate((w) => w.scrollWidth - w.clientWidth)).toBe(0);
    await row.getByRole('button', { name: en.admin.decision.approve }).click();
    const dialog = ben.getByRole('alertdialog');
    await dialog.getByText(NEW).waitFor();
    await dialog.getByRole('button', { name: en.common.confirm }).click();
    await ben.locator('.toast', { hasText: en.admin.networkChangeApproved }).first().waitFor();
    await expect.poll(() => waitingRow(ben).count()).toBe(0);

    await depositPageShows(NEW, OLD);
  });
});
