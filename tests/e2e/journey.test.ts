// A newcomer's first visit: home, the guard, registration, login, bank card,
// withdrawal address, an announcement, Japanese, the light theme, logout.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import ja from '../../locales/ja-JP.json';
import { DEMO_INVITATION_CODE } from '../../server/composition/seed';
import { appAndBrowser, hashOf, latestCode, loginThroughUi, phone, solveCaptcha, waitForHash } from './harness';

const app = appAndBrowser();
let page: Page;
const email = `newbie_${Date.now()}@example.com`;
const password = 'newbie-pass-1';

beforeAll(async () => {
  ({ page } = await phone(app.browser));
});

const toast = (p: Page, text: string) => p.locator('.toast', { hasText: text }).waitFor({ timeout: 5000 });
const count = async (table: 'bank_cards' | 'withdrawal_addresses' | 'users') =>
  Number(
    (
      await app.running.app.db
        .selectFrom(table as never)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('newcomer journey', () => {
  it('lands on home and is sent to login for My Assets', async () => {
    await page.goto(app.running.url);
    await page.locator('.home').waitFor();
    await expect(page.locator('.hero h2').textContent()).resolves.toBe(en.home.greeting);
    await page.click(`.tabbar >> text=${en.tabs.property}`);
    await waitForHash(page, '#/login/login');
  });

  it('registers by email with a code, the captcha, the password twice and an invitation code', async () => {
    await page.click(`text=${en.login.toRegister}`);
    await waitForHash(page, '#/login/register');
    await page.fill('#root_email', email);
    await page.click(`text=${en.sendCode.send}`);
    await toast(page, en.sendCode.sent);
    await expect(page.locator('.send-code').textContent()).resolves.toMatch(/\d+/);

    await page.fill('#root_emailCode', await latestCode(app.running.app, email));
    await page.fill('#root_passWord', password);
    await page.fill('#root_confirmPassword', `${password}x`);
    await page.fill('#root_invitationCode', DEMO_INVITATION_CODE);
    await solveCaptcha(page, app.running.app);
    const usersBefore = await count('users');
    await page.click('button[type=submit]');
    await page.locator('.field-message', { hasText: en.validation.passwordMismatch }).waitFor();
    expect(await count('users')).toBe(usersBefore);

    await page.fill('#root_confirmPassword', password);
    await page.click('button[type=submit]');
    await waitForHash(page, '#/home/home');
    expect(await count('users')).toBe(usersBefore + 1);
  });

  it('shows the new user their own invitation code and credit score, then logs out to login', async () => {
    await page.click('.home-header .avatar');
    await waitForHash(page, '#/user/my');
    await expect(page.locator('.profile-name').textContent()).resolves.toBe(email);
    await expect(page.locator('.invitation-code').textContent()).resolves.toMatch(/^[A-Z0-9]{6}$/);
    await page.click(`text=${en.user.logout}`);
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await waitForHash(page, '#/login/login');
  });

  it('logs in with the new account', async () => {
    await loginThroughUi(page, app.running, email, password);
    await page.locator('.home-header a[href="#/user/my"]').waitFor();
  });

  it('refuses an incomplete bank card, then adds one and lists it', async () => {
    await page.goto(`${app.running.url}/#/user/bank`);
    await page.locator('.state-empty', { hasText: en.bank.empty }).waitFor();
    await page.click(`text=${en.bank.addTitle}`);
    await waitForHash(page, '#/user/addBank');
    // the country first: a German card takes an IBAN (contract/bank-account.ts)
    await page.selectOption('#root_country', 'DE');
    await page.fill('#root_ibna', 'not an iban');
    await page.click('button[type=submit]');
    await page.locator('.field-message', { hasText: en.bank.banknameRequired }).waitFor();
    await page.locator('.field-message', { hasText: en.bank.ibnaInvalid }).waitFor();
    expect(await count('bank_cards')).toBe(0);

    await page.fill('#root_bankname', 'Deutsche Bank');
    await page.fill('#root_accountname', 'Nia Newbie');
    await page.fill('#root_ibna', 'DE89370400440532013000');
    await page.fill('#root_payeeaddress', 'Taunusanlage 12, Frankfurt');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/user/bank');
    const row = page.locator('.row', { hasText: 'Deutsche Bank' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('**** 3000');
  });

  it('adds a withdrawal address and deletes it after confirming', async () => {
    await page.goto(`${app.running.url}/#/user/address`);
    await page.locator('.state-empty', { hasText: en.address.empty }).waitFor();
    await page.click(`text=${en.address.addTitle}`);
    await page.selectOption('#root_coin', 'USDT');
    await page.click('#root_czline >> text=TRC20');
    await page.fill('#root_addr', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await page.fill('#root_name', 'My Tron wallet');
    await page.click('button[type=submit]');
    await waitForHash(page, '#/user/address');
    const row = page.locator('.row', { hasText: 'My Tron wallet' });
    await row.waitFor();
    expect(await count('withdrawal_addresses')).toBe(1);

    await row.locator(`text=${en.common.delete}`).click();
    await page.locator('.dialog', { hasText: en.address.confirmDelete }).waitFor();
    await page.click(`.dialog >> text=${en.common.cancel}`);
    expect(await count('withdrawal_addresses')).toBe(1);
    await row.locator(`text=${en.common.delete}`).click();
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await page.locator('.state-empty', { hasText: en.address.empty }).waitFor();
    expect(await count('withdrawal_addresses')).toBe(0);
  });

  it('reads an announcement from the list', async () => {
    await page.goto(`${app.running.url}/#/user/affiche`);
    const first = page.locator('.row-link').first();
    const title = (await first.locator('.row-title').textContent()) ?? '';
    await first.click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/user/afficheDetail?id='));
    // past the skeleton, whose title is empty (the screen's chunk may arrive before its record)
    await expect.poll(() => page.locator('.detail-title').textContent()).toBe(title);
    // the body is sanitised HTML; the sanitiser loads on demand, so it appears a moment after the title
    await expect.poll(async () => ((await page.locator('.detail-body').textContent()) ?? '').length).toBeGreaterThan(40);
  });

  it('switches to Japanese and sends lang=jp', async () => {
    await page.goto(`${app.running.url}/#/user/lang`);
    await page.click('text=日本語');
    await page.locator('.navbar-title', { hasText: ja.route.user.lang }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja-JP');
    const request = page.waitForRequest((r) => r.url().includes('/api/user_bank/'));
    await page.goto(`${app.running.url}/#/user/bank`);
    expect((await request).headers().lang).toBe('jp');
    await page.locator('.navbar-title', { hasText: ja.route.user.bank }).waitFor();
  });

  it('switches to the light theme on the personal centre, then logs out to login', async () => {
    await page.goto(`${app.running.url}/#/user/my`);
    const meta = () => page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'));
    expect(await meta()).toBe('#0f9d8f');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.click('input[role=switch]');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.screenshot({ path: 'tests/e2e/artifacts/my-light-ja.png' });
    await page.click(`text=${ja.user.logout}`);
    await page.click(`.dialog >> text=${ja.common.confirm}`);
    await waitForHash(page, '#/login/login');
    expect(await hashOf(page)).toBe('#/login/login');
  });
});
