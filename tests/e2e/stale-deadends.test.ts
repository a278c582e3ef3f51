// Issue 39 items 4 and 5 in the browser at 390×844: a field error goes away once the input it
// depends on is corrected (the spot limit price, the wire minimum after another currency, the
// exchange's "not more than available" after another coin); a settled futures position's Available
// is fetched again without a reload; the withdrawal form says identity verification is needed
// before anything is typed; choosing the same coin on both sides of the exchange swaps them and
// says so; the exchange asks for confirmation with what is paid, got and the rate.
// With E2E_SHOTS=<dir> it saves screenshots in dark English and light German.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { adminDeposit } from '../../server/composition/money';
import { call, newCaptcha } from '../server/helpers';
import { DEMO_INVITATION_CODE } from '../../server/composition/seed';
import { appAndBrowser, latestCode, loginThroughUi, verifyIdentity, saveShot } from './harness';

const app = appAndBrowser();
const PASSWORD = 'Secret-pass-123';

let customers = 0;

/** A new account, from an address of its own (a few codes an hour per address are free of an image code). */
async function register(email: string): Promise<number> {
  const ip = `10.39.0.${++customers}`;
  expect((await call(app.running.app, 'POST', '/base/emailCode', { body: { email }, ip })).code).toBe(0);
  const emailCode = await latestCode(app.running.app, email);
  const body = { email, emailCode, passWord: PASSWORD, invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(app.running.app, ip)) };
  const r = await call(app.running.app, 'POST', '/base/registerUser', { body, ip });
  expect(r.code, r.msg).toBe(0);
  return (r.data as { user: { ID: number } }).user.ID;
}

/** A signed-in 390×844 page of a new customer with 1,000 USDT, verified unless told otherwise. */
async function customer(email: string, { verified = true, locale = 'en-US', theme = 'dark' } = {}): Promise<Page> {
  const id = await register(email);
  if (verified) await verifyIdentity(app.running.app, id);
  await adminDeposit(app.running.app.db, id, 'USDT', '1000', Date.now());
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 2, hasTouch: true });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  await loginThroughUi(page, app.running, email, PASSWORD);
  return page;
}

const fieldMessage = (page: Page, text: string) => page.locator('.field-message', { hasText: text });

describe('errors follow the input they depend on', () => {
  it('spot: "Enter the limit price" goes once a price is typed', async () => {
    const page = await customer('stale-spot@example.com');
    await page.goto(`${app.running.url}/#/deal/deal`);
    await page.locator('input[name=amount]').fill('0.01');
    await page.locator('.ticket button[type=submit]').click();
    const message = fieldMessage(page, en.errors['4014']);
    await message.waitFor();
    await page.locator('input[name=price]').fill('100');
    await message.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('wire: the minimum of the first currency goes once a currency with a lower one is chosen', async () => {
    const page = await customer('stale-wire@example.com');
    await page.goto(`${app.running.url}/#/bitcoin/wireTransfer`);
    await page.getByRole('tab', { name: en.wire.tabRequest }).waitFor();
    await page.fill('#root_email', 'stale-wire@example.com');
    await page.selectOption('#root_currency', 'JPY');
    await page.fill('#root_amount', '99999');
    await page.click('button[type=submit]');
    const message = fieldMessage(page, en.wire.belowMinimum.replace('{{limit}}', '100,000'));
    await message.waitFor();
    await page.selectOption('#root_currency', 'USD');
    await message.waitFor({ state: 'detached' });
    await expect(page.locator('.field-message').count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe('exchange', () => {
  it('"not more than available" goes once a coin with enough is chosen; the same coin on both sides swaps them and says so; it asks before it sends', async () => {
    const page = await customer('stale-exchange@example.com');
    await page.goto(`${app.running.url}/#/bitcoin/exchange`);
    await page.locator('[data-testid=quote-rate]').waitFor();
    // from BTC (none held): the amount is more than available; back to USDT (1,000): the error goes
    await page.selectOption('#root_from_coin', 'BTC');
    await page.selectOption('#root_to_coin', 'USDT');
    await page.fill('#root_num', '1');
    await page.click('button[type=submit]');
    const message = page.locator('.field-message', { hasText: en.exchange.numAvailable.split('{{')[0].trim() });
    await message.waitFor();
    await page.selectOption('#root_from_coin', 'USDT');
    // USDT on both sides: the pair is swapped visibly and the amount, typed in the other coin, emptied
    await page.locator('[data-testid=quote-swapped]').waitFor();
    await expect(page.locator('[data-testid=quote-swapped]').textContent()).resolves.toBe(
      en.exchange.swapped.replace(/\{\{from\}\}/g, 'USDT').replace('{{to}}', 'BTC'),
    );
    await expect(page.locator('#root_to_coin').inputValue()).resolves.toBe('BTC');
    await expect(page.locator('#root_num').inputValue()).resolves.toBe('');
    await expect(message.count()).resolves.toBe(0);
    await saveShot(page, 'exchange-swapped-en-dark');

    await page.fill('#root_num', '100');
    await page.waitForFunction(() => document.querySelector('[data-testid=quote-receive]')?.textContent !== '—');
    const receive = (await page.locator('[data-testid=quote-receive]').textContent()) ?? '';
    await page.click('button[type=submit]');
    await page.locator('.dialog-rows').waitFor();
    const rows = await page.locator('.dialog-rows').textContent();
    expect(rows).toContain(en.exchange.pay);
    expect(rows).toContain('100 USDT');
    expect(rows).toContain(receive);
    expect(rows).toContain('1 USDT ≈');
    await saveShot(page, 'exchange-confirm-en-dark');
    // cancelled: nothing moves
    await page.click(`.dialog >> text=${en.common.cancel}`);
    await page.locator('.dialog').waitFor({ state: 'detached' });
    const held = await app.running.app.db
      .selectFrom('balances')
      .innerJoin('users', 'users.id', 'balances.user_id')
      .select('available')
      .where('users.email', '=', 'stale-exchange@example.com')
      .where('coin', '=', 'BTC')
      .execute();
    expect(held).toEqual([]);
    await page.click('button[type=submit]');
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await page.waitForFunction(() => window.location.hash.startsWith('#/property/property'));
    await page.context().close();
  });
});

describe('withdrawal without a verified identity', () => {
  it('says verification is needed before anything is typed, with the way there', async () => {
    for (const [locale, theme, texts] of [
      ['en-US', 'dark', en],
      ['de-DE', 'light', de],
    ] as const) {
      const page = await customer(`unverified-${locale.toLowerCase()}@example.com`, { verified: false, locale, theme });
      await page.goto(`${app.running.url}/#/bitcoin/withdraw`);
      const notice = page.locator('[data-testid=verification-needed]');
      await notice.waitFor();
      await expect(notice.locator('p').textContent()).resolves.toBe(texts.funds.verification.needed);
      await expect(notice.locator('a').getAttribute('href')).resolves.toMatch(/^#\/user\/realName\?back=/);
      await expect(page.locator('button[type=submit]').isDisabled()).resolves.toBe(true);
      await saveShot(page, `withdraw-unverified-${locale.slice(0, 2)}-${theme}`);
      await notice.locator('a').click();
      await page.waitForFunction(() => window.location.hash.startsWith('#/user/realName'));
      await page.context().close();
    }
  });
});

describe('futures', () => {
  it('a settled position fetches Available again without a reload', async () => {
    const page = await customer('stale-futures@example.com');
    await page.goto(`${app.running.url}/#/contract/futures?symbol=btcusdt`);
    await page.locator('.futures-actions .btn').first().waitFor();
    await page.click(`.futures-actions >> text=${en.futures.buyUp}`);
    const dialog = page.locator('.futures-dialog');
    await dialog.locator('.choices button').first().click();
    await dialog.locator('input[name=stake]').fill('10');
    const created = page.waitForResponse((r) => r.url().includes('/hyorder/createHyorder'));
    await dialog.locator('button[type=submit]').click();
    const { ID: id } = ((await (await created).json()) as { data: { ID: number } }).data;
    const position = page.locator(`.positions .active-order[data-id="${id}"]`);
    await position.locator('.countdown').waitFor();
    await page.locator('.available', { hasText: '990.00 USDT' }).waitFor();
    const refetched = page.waitForResponse((r) => r.url().includes('/user/mycoin'), { timeout: 60_000 });
    await position.locator('.result').waitFor({ timeout: 60_000 });
    await refetched;
    const row = await app.running.app.db
      .selectFrom('balances')
      .innerJoin('users', 'users.id', 'balances.user_id')
      .select('available')
      .where('users.email', '=', 'stale-futures@example.com')
      .where('coin', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const units = BigInt(row.available);
    const shown = `${(units / 10n ** 8n).toLocaleString('en-US')}.${String((units % 10n ** 8n) / 10n ** 6n).padStart(2, '0')} USDT`;
    await page.locator('.available', { hasText: shown }).waitFor();
    await saveShot(page, 'futures-settled-en-dark');
    await page.context().close();
  });
});
