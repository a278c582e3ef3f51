// The customer in one view at 1280×800: an operator approves a deposit, finds the customer by their
// full mobile number, opens their page
// and finds the balance, the ledger row it made and the deposit among the customer's requests (its record
// names the operator), adds a risk-flag note, and the note shows on
// that customer's next review; finance records a paid withdrawal's transaction hash there (one of
// another network's format refused); the ledger's export holds every row of the customer (more
// than its pages show), recorded in the audit trail. With E2E_SHOTS=<dir> it saves the page in
// English and German.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { SEED_COINS } from '../../server/funds/coins/coins';
import { readFileSync } from 'node:fs';
import { units } from '../../contract/decimal';
import { applyChanges } from '../../server/core/ledger';
import { dataUrl, pngImage } from '../fixtures/images';
import { call, registerByEmail } from '../server/helpers';
import { appAndBrowser, operatorDesktop, saveShot } from './harness';

const app = appAndBrowser();
const pages: Page[] = [];
let uid = 0;
let token = '';
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
const NOTE = 'Phoned the customer: the 250 USDT came from their own exchange account.';

async function deposit(amount: string): Promise<number> {
  const proof = await call(app.running.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(64, 48)) } });
  const address = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;
  const d = await call(app.running.app, 'POST', '/recharge/createRecharge', {
    token,
    body: { coin: 'USDT', czline: 'TRC20', address, num: amount, payimg: proof.data.url, cate: 1 },
  });
  expect(d.code, d.msg).toBe(0);
  return d.data.ID as number;
}

beforeAll(async () => {
  const made = await registerByEmail(app.running.app, 'e2e-c360@example.com', 'Secret-pass-123');
  uid = made.user.ID;
  token = made.token;
  // a mobile number besides the e-mail: the operator finds the customer by it
  await app.running.app.db.updateTable('users').set({ phone: '13912345678', country_code: '+86' }).where('id', '=', uid).execute();
});
afterAll(async () => {
  for (const p of pages) await p.context().close();
});

let attempt = 0;

/** A new operator each time (a retried test makes its own). */
async function operatorPage(name: string, locale = 'en-US'): Promise<Page> {
  const page = await operatorDesktop(app.running, app.browser, `${name}${++attempt}`, ['finance', 'support'], locale);
  pages.push(page);
  return page;
}

async function approveDeposit(page: Page, id: number): Promise<void> {
  await page.goto(`${app.running.url}/admin/review?kind=deposit&id=${id}`);
  await page.selectOption('#root_decision', { label: en.admin.decision.approve });
  await page.click('button[type=submit]');
  await page.getByText(en.admin.decided).waitFor();
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

describe('the customer in one view', () => {
  it('shows a just-approved deposit in the balances and the ledger, and a note on the next review', async () => {
    const page = await operatorPage('nina');
    await approveDeposit(page, await deposit('250'));

    // found by the full mobile number, typed as people type it
    // (a fresh load: the decision's return to the queue must not land on the customer page)
    await page.goto(`${app.running.url}/admin/users`);
    await page.getByLabel(en.admin.search.label).fill('+86 139-1234-5678');
    await page.getByRole('link', { name: 'e2e-c360@example.com' }).click();
    await page.waitForURL(`**/admin/user?uid=${uid}`);
    const c360 = en.admin.customer360;
    const usdt = section(page, c360.balancesTitle).getByRole('row', { name: /^USDT/ });
    await expect(usdt.textContent()).resolves.toMatch(/^USDT250\./);
    const row = section(page, c360.ledgerTitle).getByRole('row', { name: new RegExp(en.records.type.deposit_success) });
    await expect(row.textContent()).resolves.toMatch(/250/);
    await expect(section(page, c360.endSessionsTitle).getByRole('button', { name: c360.endSessionsSubmit }).isVisible()).resolves.toBe(true);
    // the deposit among the customer's requests, and its record: approved by this operator
    const request = section(page, c360.requestsTitle).getByRole('row', { name: new RegExp(`${en.admin.kind.deposit}.*${en.admin.history.status.approved}`) });
    await expect(request.textContent()).resolves.toMatch(/250/);
    await request.getByRole('link').first().click();
    await page.getByRole('heading', { name: en.admin.history.recordTitle }).waitFor();
    await expect(page.locator('.detail-field', { hasText: en.admin.history.operatorsLabel }).locator('.detail-value').textContent()).resolves.toMatch(
      /^nina\d+$/,
    );
    await page.goBack();

    const add = section(page, c360.noteAddTitle);
    await add.getByLabel(c360.noteLabel).fill(NOTE);
    await page.selectOption('#root_riskFlag', { label: en.admin.yesNo.true });
    await add.getByRole('button', { name: c360.noteAddSubmit }).click();
    await page.getByText(c360.noteAdded).waitFor();
    await section(page, c360.notesTitle)
      .getByRole('row', { name: new RegExp(NOTE.slice(0, 30)) })
      .waitFor();
    await saveShot(page, 'customer-360-en-US');

    const next = await deposit('40');
    await page.goto(`${app.running.url}/admin/review?kind=deposit&id=${next}`);
    const flags = page.locator('.detail-field', { hasText: c360.riskFlagsLabel });
    await expect(flags.locator('.detail-value').textContent()).resolves.toMatch(new RegExp(`nina\\d+: ${NOTE}`));
  });

  it('exports every ledger row of the customer, more than its pages show, and records the export', async () => {
    const db = app.running.app.db;
    // a customer of its own: the German reading below expects the first one's balance as it was
    const customer = (await registerByEmail(app.running.app, `e2e-export${attempt}@example.com`, 'Secret-pass-123')).user.ID;
    for (let i = 1; i <= 60; i++)
      await db
        .transaction()
        .execute((trx) =>
          applyChanges(trx, [{ userId: customer, coin: 'USDT', available: units(`0.${i}`), frozen: 0n, type: 'admin_deposit', refId: null }], Date.now()),
        );
    const { n } = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', customer)
      .executeTakeFirstOrThrow();
    const page = await operatorPage('exp');
    await page.goto(`${app.running.url}/admin/user?uid=${customer}`);
    const ledger = section(page, en.admin.customer360.ledgerTitle);
    const [download] = await Promise.all([page.waitForEvent('download'), ledger.getByRole('button', { name: en.common.export }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines.length - 1).toBe(Number(n));
    expect(Number(n)).toBe(60); // three times the ledger section's page of 20
    await page.getByText(en.admin.auditExported.replace('{{rows}}', String(n))).waitFor();
    const audit = await db
      .selectFrom('audit_log')
      .select(['target_id', 'after_json'])
      .where('action', '=', 'list.export')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.target_id).toBe('adminCustomerLedger');
    expect(JSON.parse(String(audit.after_json))).toMatchObject({ filters: { uid: String(customer) }, rows: Number(n) });
  });

  it("records a paid withdrawal's transaction hash, refusing one of another network's format", async () => {
    const now = Date.now();
    const row = await app.running.app.db
      .insertInto('withdrawals')
      .values({
        user_id: uid,
        coin: 'USDT',
        network: 'ERC20',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        amount: '1000000000',
        fee: '100000000',
        manual_review: 0,
        status: 2,
        reason: '',
        created_at: now,
        reviewed_at: now,
        tx_hash: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const page = await operatorPage('paula');
    await page.goto(`${app.running.url}/admin/user?uid=${uid}`);
    const form = section(page, en.records.txHash.recordTitle);
    await form.getByLabel(en.records.txHash.withdrawalId).fill(String(row.id));
    await form.getByLabel(en.withdraw.txHash).fill(HASH.slice(2));
    await form.getByRole('button', { name: en.records.txHash.recordSubmit }).click();
    // refused under the field with the format it should have
    await form.getByText(en.records.txHash.format.replace('{{network}}', 'ERC20').replace('{{example}}', HASH)).waitFor();
    await form.getByLabel(en.withdraw.txHash).fill(HASH);
    await form.getByRole('button', { name: en.records.txHash.recordSubmit }).click();
    await page.getByText(en.records.txHash.recorded).waitFor();
    const saved = await app.running.app.db.selectFrom('withdrawals').select('tx_hash').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(saved.tx_hash).toBe(HASH);
  });

  it('reads in German', async () => {
    const page = await operatorPage('jonas', 'de-DE');
    await page.goto(`${app.running.url}/admin/user?uid=${uid}`);
    const usdt = section(page, de.admin.customer360.balancesTitle).getByRole('row', { name: /^USDT/ });
    // the reader's separators, the coin's decimals, the coin named once (by the row)
    await expect(usdt.textContent()).resolves.toMatch(/^USDT250,00(?!\s*USDT)/);
    await section(page, de.admin.customer360.notesTitle)
      .getByRole('row', { name: new RegExp(NOTE.slice(0, 30)) })
      .waitFor();
    // the sections in the order an operator reads them: money, the notes, what they asked for, then the detail
    const c360 = de.admin.customer360;
    const headings = await page.getByRole('heading').allTextContents();
    const at = [c360.balancesTitle, c360.notesTitle, c360.requestsTitle, c360.ledgerTitle, c360.spotOrdersTitle, c360.earnOrdersTitle, c360.referralsTitle].map(
      (h) => headings.indexOf(h),
    );
    expect(
      at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1])),
      headings.join(' | '),
    ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await saveShot(page, 'customer-360-de-DE');
  });
});
