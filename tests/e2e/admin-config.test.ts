// Run-time configuration end to end (issue 42), with no server restart: a customer's wire form at
// 375 px refuses 4,000 USD under the 5,000 minimum and stays open; in the console at 1280×800 an
// operator with the config role lowers the USD minimum to 3,000 with a reason, a second one
// approves it from the changes list, and the open customer page (not reloaded) then shows the new
// minimum and sends the same 4,000 USD request. A rollback by one operator brings 5,000 back.
// A German text changed the same way (found in the console's texts list) replaces the message an
// open German page shows, and no other language's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, operatorDesktop, phone, saveShot } from './harness';

const app = appAndBrowser();
const pages: Page[] = [];
let customer: Page;

const wires = async () =>
  (await app.running.app.db.selectFrom('wire_transfers').select(['currency', 'amount']).execute()).map((w) => `${String(w.amount)} ${w.currency}`);

beforeAll(async () => {
  ({ page: customer } = await phone(app.browser));
  pages.push(customer);
  await loginThroughUi(customer, app.running, DEMO_EMAIL, DEMO_PASSWORD);
});
afterAll(async () => {
  for (const p of pages) await p.context().close();
});

describe('a limit changed at run time', () => {
  it('reaches an open customer form once a second operator approves it', async () => {
    await customer.goto(`${app.running.url}/#/bitcoin/wireTransfer`);
    await customer.fill('#root_email', 'demo.customer@example.com');
    await customer.selectOption('#root_currency', 'USD');
    await customer.locator('.field-hint', { hasText: 'Min 5,000' }).waitFor();
    await customer.fill('#root_amount', '4000');
    await customer.click('button[type=submit]');
    await customer.locator('.field-message', { hasText: en.wire.belowMinimum.replace('{{limit}}', '5,000') }).waitFor();

    const ana = await operatorDesktop(app.running, app.browser, 'cfg-ana', ['config']);
    pages.push(ana);
    await ana.goto(`${app.running.url}/admin/config?file=schemas/config/wire-limits.json`);
    await ana.getByRole('link', { name: '/USD/minimum' }).click();
    await ana.waitForURL((url) => url.pathname === '/admin/configChange');
    await expect.poll(() => ana.inputValue('#root_value')).toBe('5000');
    await ana.fill('#root_value', '3000');
    await ana.fill('#root_reason', 'Match the EU competitors');
    await saveShot(ana, 'admin-config-propose', false);
    await ana.click('button[type=submit]');
    await ana.getByText(en.admin.configProposed).waitFor();
    await ana.waitForURL('**/admin/configChanges**');
    // the author is offered no approval of their own change
    const own = ana.locator('tr', { hasText: '/USD/minimum: 5000 → 3000' });
    await own.waitFor();
    expect(await own.getByRole('button', { name: en.admin.decision.approve }).count()).toBe(0);

    const ben = await operatorDesktop(app.running, app.browser, 'cfg-ben', ['config']);
    pages.push(ben);
    await ben.goto(`${app.running.url}/admin/configChanges`);
    const row = ben.locator('tr', { hasText: '/USD/minimum: 5000 → 3000' });
    await row.waitFor();
    await saveShot(ben, 'admin-config-changes', false);
    await row.getByRole('button', { name: en.admin.decision.approve }).click();
    await ben.click(`.dialog >> text=${en.common.confirm}`);
    await ben.getByText(en.admin.configPublished).first().waitFor();
    const approvedAt = Date.now();

    // the customer's page was never reloaded: it finds the new version and fetches its limits again
    await customer.locator('.field-hint', { hasText: 'Min 3,000' }).waitFor({ timeout: 15_000 });
    console.log(`the open page showed the new minimum ${Date.now() - approvedAt} ms after the approval`);
    expect(await customer.inputValue('#root_amount')).toBe('4000');
    await customer.click('button[type=submit]');
    await customer.locator('.toast', { hasText: en.wire.submitted }).waitFor({ timeout: 5000 });
    expect(await wires()).toEqual(['400000000000 USD']);
  });

  it('is rolled back at once by one operator', async () => {
    const ana = pages[1];
    await ana.goto(`${app.running.url}/admin/configRollback`);
    await ana.fill('#root_reason', 'Too many small wires');
    await ana.click('button[type=submit]');
    await ana.click(`.dialog >> text=${en.common.confirm}`);
    await ana.getByText(en.admin.configRolledBack).waitFor();
    await ana.waitForURL('**/admin/configHistory');
    await ana.locator('tr', { hasText: '/USD/minimum: 3000 → 5000' }).waitFor();
    await saveShot(ana, 'admin-config-history', false);
    await ana.goto(`${app.running.url}/admin/config?file=schemas/config/wire-limits.json`);
    const usd = ana.locator('tr', { has: ana.getByRole('link', { name: '/USD/minimum' }) });
    await expect.poll(async () => (await usd.textContent()) ?? '').toContain('5000');
  });

  it('changes a German text on an open German page once approved', async () => {
    const { page: german } = await phone(app.browser, 'de-DE');
    pages.push(german);
    await loginThroughUi(german, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    await german.goto(`${app.running.url}/#/bitcoin/wireTransfer`);
    await german.fill('#root_email', 'demo.customer@example.com');
    await german.selectOption('#root_currency', 'USD');
    await german.fill('#root_amount', '10');
    await german.click('button[type=submit]');
    await german.locator('.field-message', { hasText: de.wire.belowMinimum.replace('{{limit}}', '5.000') }).waitFor();

    const ana = pages[1];
    await ana.goto(`${app.running.url}/admin/configTexts?lang=de-DE&q=wire.belowMinimum`);
    await ana.getByRole('link', { name: '/wire/belowMinimum' }).click();
    await ana.waitForURL((url) => url.pathname === '/admin/configChange');
    await expect.poll(() => ana.inputValue('#root_value')).toBe(de.wire.belowMinimum);
    await ana.fill('#root_value', 'Überweisungen erst ab {{limit}} – bitte mehr eingeben.');
    await ana.fill('#root_reason', 'Klarer formulieren');
    await ana.click('button[type=submit]');
    await ana.getByText(en.admin.configProposed).waitFor();

    const ben = pages[2];
    await ben.goto(`${app.running.url}/admin/configChanges`);
    const row = ben.locator('tr', { hasText: '/wire/belowMinimum' });
    await row.getByRole('button', { name: en.admin.decision.approve }).click();
    await ben.click(`.dialog >> text=${en.common.confirm}`);
    await ben.getByText(en.admin.configPublished).first().waitFor();
    const approvedAt = Date.now();

    // the open German page was not reloaded
    await german.locator('.field-message', { hasText: 'Überweisungen erst ab 5.000' }).waitFor({ timeout: 15_000 });
    console.log(`the open German page showed the new text ${Date.now() - approvedAt} ms after the approval`);
    await saveShot(german, 'config-text-de', true);
    // an English page keeps the English text
    const { page: english } = await phone(app.browser);
    pages.push(english);
    await loginThroughUi(english, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    await english.goto(`${app.running.url}/#/bitcoin/wireTransfer`);
    await english.fill('#root_email', 'demo.customer@example.com');
    await english.selectOption('#root_currency', 'USD');
    await english.fill('#root_amount', '10');
    await english.click('button[type=submit]');
    await english.locator('.field-message', { hasText: en.wire.belowMinimum.replace('{{limit}}', '5,000') }).waitFor();
    await ana.goto(`${app.running.url}/admin/configTexts?lang=de-DE&q=wire.belowMinimum`);
    await ana.locator('tr', { hasText: 'Überweisungen erst ab' }).waitFor();
    await saveShot(ana, 'admin-config-texts', false);
  });
});
