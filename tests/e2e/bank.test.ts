// Withdrawing to a bank card in a real browser: add a card typing the IBAN in lower case
// with spaces and see it in groups of four; delete a card after confirming; withdraw to the
// card (currency, amount with its fee, the card, the withdrawal password); see it under
// review in the bank withdrawal records and on its detail page; the operator's approval shows
// there too. Then a wire-transfer request with its currency's minimum, and the operator's
// instructions in the requests tab.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots (dark, light, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { bankWithdrawalReview } from '../../server/funds/bank/bank-withdrawals';
import { hashPayPassword } from '../../server/funds/rules';
import { wireReview } from '../../server/funds/bank/wire';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { ledgerMismatches } from '../../server/composition/money';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const app = appAndBrowser();
let page: Page;
const PAY = '620947';
const shots = process.env.E2E_SHOTS;

beforeAll(async () => {
  ({ page } = await phone(app.browser));
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
});

const toast = (p: Page, text: string) => p.locator('.toast', { hasText: text }).waitFor({ timeout: 5000 });
const count = async (table: string) =>
  Number(
    (
      await app.running.app.db
        .selectFrom(table as never)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Waits for the finite animations (the page transition) to end. */
const settled = (p: Page) =>
  p.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function shot(name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const [suffix, theme] of [
    ['dark', 'dark'],
    ['light', 'light'],
  ] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await page.screenshot({ path: join(shots, `${name}-${suffix}.png`), fullPage: true });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.setViewportSize({ width: 375, height: 812 });
}

async function addCard(bankname: string, accountname: string, iban: string): Promise<void> {
  // through the card list, so the form opens empty
  await page.goto(`${app.running.url}/#/user/bank`);
  await page.click(`text=${en.bank.addTitle}`);
  await waitForHash(page, '#/user/addBank');
  // the country first: it decides the account fields (an IBAN in GB and DE)
  await page.selectOption('#root_country', iban.slice(0, 2).toUpperCase());
  await page.locator('#root_ibna').waitFor();
  await page.fill('#root_bankname', bankname);
  await page.fill('#root_accountname', accountname);
  await page.locator('#root_ibna').pressSequentially(iban);
  await page.fill('#root_payeeaddress', '1 Churchill Place, London');
}

describe('bank cards', () => {
  it('takes an IBAN typed in lower case with spaces, shows it in groups of four and stores it upper-case without spaces', async () => {
    await addCard('Barclays', 'Demo Customer', 'gb82 west 1234 5698 7654 32');
    await expect(page.inputValue('#root_ibna')).resolves.toBe('GB82 WEST 1234 5698 7654 32');
    await shot('bank-card-add');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/user/bank');
    await page.locator('.row', { hasText: 'Barclays' }).waitFor();
    const stored = await app.running.app.db.selectFrom('bank_cards').select('iban').where('bankname', '=', 'Barclays').executeTakeFirstOrThrow();
    expect(stored.iban).toBe('GB82WEST12345698765432');
  });

  it('refuses wrong check digits on the device, saying why, and sends nothing', async () => {
    const before = await count('bank_cards');
    await addCard('Typo Bank', 'Demo Customer', 'gb82 west 1234 5698 7654 33');
    await page.locator('.iban-hint', { hasText: en.bank.ibanChecksum }).waitFor();
    await page.click('button[type=submit]');
    await page.locator('.field-message', { hasText: en.bank.ibnaInvalid }).waitFor();
    expect(await count('bank_cards')).toBe(before);
  });

  it('deletes a card after confirmation', async () => {
    await addCard('Spare Bank', 'Demo Customer', 'DE89 3704 0044 0532 0130 00');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/user/bank');
    const row = page.locator('.row', { hasText: 'Spare Bank' });
    await row.waitFor();
    await shot('bank-card-list');
    const before = await count('bank_cards');
    await row.getByRole('button', { name: en.common.delete }).click();
    await page.locator('.dialog-message', { hasText: en.bank.confirmDelete }).waitFor();
    await page.click(`.dialog >> text=${en.common.cancel}`);
    expect(await count('bank_cards')).toBe(before);
    await row.getByRole('button', { name: en.common.delete }).click();
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await toast(page, en.common.deleted);
    await row.waitFor({ state: 'detached' });
    expect(await count('bank_cards')).toBe(before - 1);
  });
});

describe('withdrawal to a bank card', () => {
  it('without a withdrawal password the form says so before it is filled', async () => {
    await page.goto(`${app.running.url}/#/bitcoin/bank`);
    await page.locator('.notice-block', { hasText: en.funds.block.noPayPassword }).waitFor();
    await expect(page.locator('button[type=submit]').isDisabled()).resolves.toBe(true);
  });

  it('withdraws to the chosen card and shows it under review, with a detail page', async () => {
    // the withdrawal-password screen is another part of this issue: set the password as it would
    const user = await app.running.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    await app.running.app.db
      .updateTable('users')
      .set({ pay_password_hash: hashPayPassword({ db: app.running.app.db, dataDir: app.running.dataDir! }, PAY) })
      .where('id', '=', user.id)
      .execute();
    await page.goto(`${app.running.url}/#/bitcoin/bank`);
    await page.reload();
    const card = page.getByRole('radio', { name: /Barclays/ });
    await card.waitFor();
    await expect(card.locator('.bank-card-iban').textContent()).resolves.toBe('GB82 WEST 1234 5698 7654 32');
    await page.locator('#root_coinname option[value="USDT"]').waitFor({ state: 'attached' });
    await page.selectOption('#root_coinname', 'USDT');
    await page.fill('#root_num', '100');
    await page.getByTestId('bank-cost').getByText('Fee (1.00 %): 1.00 USDT').waitFor();
    await page.getByTestId('bank-cost').getByText('Frozen until reviewed: 101.00 USDT').waitFor();
    await card.click();
    await expect(card.getAttribute('aria-checked')).resolves.toBe('true');
    await page.fill('#root_pay_password', PAY);
    await settled(page);
    expect(await overflow(page)).toBe(0);
    await shot('bank-withdraw');

    const before = await count('bank_withdrawals');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/bitcoin/bankHistory');
    expect(await count('bank_withdrawals')).toBe(before + 1);
    const row = page.locator('.row', { hasText: 'Barclays' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(en.bankWithdraw.statusValue['1']);
    await expect(row.textContent()).resolves.toContain('100.00 USDT');
    await shot('bank-history');

    await row.locator('.row-main').click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/bitcoin/bankDetail?id='));
    const detail = page.locator('.detail');
    await detail.locator('.detail-title', { hasText: 'Barclays' }).waitFor();
    const text = (await detail.textContent()) ?? '';
    expect(text).toContain(en.bankWithdraw.statusValue['1']);
    expect(text).toContain('1.00 USDT');
    expect(text).toContain('101.00 USDT');
    expect(text).toContain('GB82 WEST 1234 5698 7654 32');
    expect(text).toContain('Demo Customer');
    await settled(page);
    expect(await overflow(page)).toBe(0);
    await shot('bank-detail');

    // the operator approves (ops approve bank-withdrawal <id>): the record says so
    const id = Number(new URL(page.url().replace('#/', '')).searchParams.get('id'));
    await expect(bankWithdrawalReview.approve(app.running.app.db, id, [], Date.now())).resolves.toMatch(/approved/);
    await page.goto(`${app.running.url}/#/bitcoin/bankHistory?status=2`);
    await page.locator('.row', { hasText: en.bankWithdraw.statusValue['2'] }).waitFor();
    expect(await ledgerMismatches(app.running.app.db)).toEqual([]);
  });
});

describe('wire transfer', () => {
  it("requests a wire transfer at the currency's minimum and sees the operator's instructions in the requests tab", async () => {
    await page.goto(`${app.running.url}/#/bitcoin/wireTransfer`);
    await page.getByRole('tab', { name: en.wire.tabRequest }).waitFor();
    await page.fill('#root_email', 'demo.customer@example.com');
    await page.selectOption('#root_currency', 'JPY');
    await page.locator('.field-hint', { hasText: 'Min 100,000' }).waitFor();
    await page.fill('#root_amount', '99999');
    await page.click('button[type=submit]');
    await page.locator('.field-message', { hasText: en.wire.belowMinimum.replace('{{limit}}', '100,000') }).waitFor();
    expect(await count('wire_transfers')).toBe(0);
    await page.fill('#root_amount', '150000');
    await settled(page);
    expect(await overflow(page)).toBe(0);
    await shot('wire-request');
    await page.click('button[type=submit]');
    await toast(page, en.wire.submitted);
    expect(await count('wire_transfers')).toBe(1);

    const id = Number((await app.running.app.db.selectFrom('wire_transfers').select('id').executeTakeFirstOrThrow()).id);
    await wireReview.actions!.instruct.run(app.running.app.db, id, ['Pay', 'to', 'CoinApp', 'Ltd,', 'reference', `W-${id}`], Date.now(), app.running.dataDir!);
    // the form opened the requests tab on success; the operator's instructions come later, so reload
    await page.reload();
    await page.getByRole('tab', { name: en.wire.tabRecords }).click();
    const row = page.locator('.row', { hasText: 'JPY' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('150,000.00 JPY');
    expect(text).toContain(en.wire.statusValue['1']);
    expect(text).toContain(`Pay to CoinApp Ltd, reference W-${id}`);
    await settled(page);
    expect(await overflow(page)).toBe(0);
    await shot('wire-records');
  });

  it('reads in German without overflowing', async () => {
    const { page: dePage, context } = await phone(app.browser, 'de-DE');
    await loginThroughUi(dePage, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    for (const route of ['/bitcoin/bank', '/bitcoin/bankHistory', '/bitcoin/wireTransfer']) {
      await dePage.goto(`${app.running.url}/#${route}`);
      await dePage.locator('.form-screen, .list-screen').first().waitFor();
      await settled(dePage);
      expect(await overflow(dePage), route).toBe(0);
    }
    await dePage.goto(`${app.running.url}/#/bitcoin/bank`);
    await dePage.getByRole('radio', { name: /Barclays/ }).waitFor();
    await dePage.getByText(de.bankWithdraw.card).first().waitFor();
    if (shots) {
      await dePage.setViewportSize({ width: 390, height: 844 });
      await settled(dePage);
      await dePage.screenshot({ path: join(shots, 'bank-withdraw-de.png'), fullPage: true });
    }
    await context.close();
  });
});
