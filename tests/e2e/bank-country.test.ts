// Bank cards follow the country in a real browser (390×844): choosing the United States asks for
// the account number and the ABA routing number (a wrong check digit is refused on the form,
// in the server's words) and no IBAN; choosing Germany asks for the IBAN and an optional BIC, and
// the same IBAN twice is refused at its field. The card list
// names the country ("United States", "Deutschland" in German), never "US"/"DE".
// With E2E_SHOTS=<dir> it saves screenshots in dark and light, English and German.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const app = appAndBrowser();
let page: Page;
const shots = process.env.E2E_SHOTS;

beforeAll(async () => {
  ({ page } = await phone(app.browser));
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
});

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
const cards = () => app.running.app.db.selectFrom('bank_cards').selectAll().execute();

async function shot(p: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const theme of ['dark', 'light'] as const) {
    await p.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await settled(p);
    await p.screenshot({ path: join(shots, `${name}-${theme}.png`), fullPage: true });
  }
  await p.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
}

const fieldMessage = (p: Page, field: string) => p.locator(`.field:has(#root_${field}) .field-message`);

async function openForm(p: Page, country: string): Promise<void> {
  await p.goto(`${app.running.url}/#/user/bank`);
  await p.locator('.list-screen').first().waitFor();
  await p.goto(`${app.running.url}/#/user/addBank`);
  await waitForHash(p, '#/user/addBank');
  await p.selectOption('#root_country', country);
}

describe('bank cards by country', () => {
  it('a US card: account number and ABA routing number, no IBAN; a wrong check digit is refused on the form', async () => {
    await openForm(page, 'US');
    await page.locator('#root_routing').waitFor();
    await expect(page.locator('#root_ibna:visible').count()).resolves.toBe(0);
    // the field names the US code and its form: "ABA routing number", "9 digits, e.g. 021000021"
    await expect(page.locator('label[for=root_routing]').textContent()).resolves.toBe(`${en.bank.routingName.aba} *`);
    await expect(page.getAttribute('#root_routing', 'placeholder')).resolves.toBe(en.bank.routingExample.aba);
    await page.fill('#root_bankname', 'Chase');
    await page.fill('#root_accountname', 'Demo Customer');
    await page.fill('#root_bankcard', '000123456789');
    await page.fill('#root_routing', '021000022');
    await page.fill('#root_payeeaddress', '383 Madison Ave, New York');
    await shot(page, 'bank-add-us');
    const before = (await cards()).length;
    await page.click('button[type=submit]');
    await page.getByText(en.bank.routingInvalid.aba).waitFor();
    expect((await cards()).length).toBe(before);
    // corrected on the same form, Save sends again at once
    await page.fill('#root_routing', '021000021');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/user/bank');
    await page.locator('.row', { hasText: 'Chase' }).waitFor();
    const stored = (await cards()).find((c) => c.bankname === 'Chase')!;
    expect(stored).toMatchObject({ country: 'US', bankcard: '000123456789', routing: '021000021', iban: '' });
  });

  it('India, Australia and Canada name their own codes (IFSC, BSB, transit), not a generic routing code', async () => {
    for (const [country, kind] of [
      ['IN', 'ifsc'],
      ['AU', 'bsb'],
      ['CA', 'transit'],
    ] as const) {
      await openForm(page, country);
      await page.locator('#root_routing').waitFor();
      await expect(page.locator('label[for=root_routing]').textContent()).resolves.toBe(`${en.bank.routingName[kind]} *`);
      await expect(page.getAttribute('#root_routing', 'placeholder')).resolves.toBe(en.bank.routingExample[kind]);
      if (country === 'IN') await shot(page, 'bank-add-in');
    }
  });

  it('a DE card: the IBAN and an optional BIC of 8 or 11 characters; the same IBAN twice is refused at its field', async () => {
    await openForm(page, 'DE');
    await page.locator('#root_ibna').waitFor();
    await expect(page.locator('#root_routing:visible').count()).resolves.toBe(0);
    await expect(page.locator('#root_bankcard:visible').count()).resolves.toBe(0);
    // SEPA: the BIC is asked for, not required
    await expect(page.locator('label[for=root_swift]').textContent()).resolves.toBe(en.bank.swift);
    await page.fill('#root_bankname', 'Commerzbank');
    await page.fill('#root_accountname', 'Demo Customer');
    await page.locator('#root_ibna').pressSequentially('DE89 3704 0044 0532 0130 00');
    await page.fill('#root_payeeaddress', 'Kaiserplatz, Frankfurt');
    await page.fill('#root_swift', 'COBADEFFXX');
    await shot(page, 'bank-add-de');
    const before = (await cards()).length;
    await page.click('button[type=submit]');
    await fieldMessage(page, 'swift').filter({ hasText: en.bank.swiftInvalid }).waitFor();
    expect((await cards()).length).toBe(before);
    await page.fill('#root_swift', 'COBADEFFXXX');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/user/bank');
    await page.locator('.row', { hasText: 'Commerzbank' }).waitFor();
    expect((await cards()).find((c) => c.bankname === 'Commerzbank')).toMatchObject({ country: 'DE', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' });

    await openForm(page, 'DE');
    await page.fill('#root_bankname', 'Commerzbank Filiale');
    await page.fill('#root_accountname', 'Demo Customer');
    await page.locator('#root_ibna').pressSequentially('DE89370400440532013000');
    await page.fill('#root_payeeaddress', 'Kaiserplatz, Frankfurt');
    await page.click('button[type=submit]');
    await fieldMessage(page, 'ibna').filter({ hasText: en.bank.duplicateIban }).waitFor();
    await shot(page, 'bank-add-de-duplicate');
    expect((await cards()).length).toBe(before + 1);
  });

  it('the list names each country in the reader’s language', async () => {
    await page.goto(`${app.running.url}/#/user/bank`);
    await page.locator('.row', { hasText: 'Chase' }).getByText('United States').waitFor();
    await page.locator('.row', { hasText: 'Commerzbank' }).getByText('Germany').waitFor();
    await expect(page.locator('.row', { hasText: 'Chase' }).getByText(/^US$/).count()).resolves.toBe(0);
    await settled(page);
    expect(await overflow(page)).toBe(0);
    await shot(page, 'bank-list-en');

    const { page: dePage, context } = await phone(app.browser, 'de-DE');
    await dePage.setViewportSize({ width: 390, height: 844 });
    await loginThroughUi(dePage, app.running, DEMO_EMAIL, DEMO_PASSWORD);
    await dePage.goto(`${app.running.url}/#/user/bank`);
    await dePage.locator('.row', { hasText: 'Chase' }).getByText('Vereinigte Staaten').waitFor();
    await dePage.locator('.row', { hasText: 'Commerzbank' }).getByText('Deutschland').waitFor();
    await settled(dePage);
    expect(await overflow(dePage)).toBe(0);
    await shot(dePage, 'bank-list-de');
    await openForm(dePage, 'US');
    await expect(dePage.locator('label[for=root_routing]').textContent()).resolves.toBe(`${de.bank.routingName.aba} *`);
    await expect(dePage.getAttribute('#root_routing', 'placeholder')).resolves.toBe(de.bank.routingExample.aba);
    await dePage.fill('#root_bankname', 'Chase');
    await dePage.fill('#root_accountname', 'Demo Customer');
    await dePage.fill('#root_bankcard', '000123456789');
    await dePage.fill('#root_routing', '021000022');
    await dePage.fill('#root_payeeaddress', '383 Madison Ave, New York');
    await dePage.click('button[type=submit]');
    await dePage.getByText(de.bank.routingInvalid.aba).waitFor();
    await settled(dePage);
    expect(await overflow(dePage)).toBe(0);
    await shot(dePage, 'bank-add-us-de');
    await openForm(dePage, 'DE');
    await expect(dePage.locator('label[for=root_swift]').textContent()).resolves.toBe(de.bank.swift);
    await dePage.fill('#root_bankname', 'Commerzbank');
    await dePage.fill('#root_accountname', 'Demo Customer');
    await dePage.locator('#root_ibna').pressSequentially('DE89370400440532013000');
    await dePage.fill('#root_payeeaddress', 'Kaiserplatz, Frankfurt');
    await dePage.click('button[type=submit]');
    await fieldMessage(dePage, 'ibna').filter({ hasText: de.bank.duplicateIban }).waitFor();
    await shot(dePage, 'bank-add-de-duplicate-de');
    await context.close();
  });
});
