// Before paying, the IEO, financing and mining buy forms show the total cost, the fee, the expected
// earnings and the dates as the amount is typed, and the confirmation repeats the same lines
// (issue 24, item 7), in English and German (German separators), dark and light, at 390×844.
// After an early redemption the financing order no longer offers "Penalty if redeemed now".
// With E2E_SHOTS=<dir> it also saves each form with its summary and its confirmation.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DAY_MS } from '../../server/earn/products/earn-units';
import { adminDeposit } from '../../server/composition/money';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, hashOf, loginThroughUi, phone, waitForHash } from './harness';

const EMAIL = 'preview-e2e@example.com';
const app = appAndBrowser();
let session = '';
let userId = 0;
let nova: { id: number; endAt: number; thawAt: number };

beforeAll(async () => {
  const r = await registerByEmail(app.running.app, EMAIL);
  userId = r.user.ID;
  await adminDeposit(app.running.app.db, r.user.ID, 'USDT', '10000', Date.now());
  const { page } = await phone(app.browser);
  await loginThroughUi(page, app.running, EMAIL, 'Secret-pass-123');
  session = (await page.evaluate(() => localStorage.getItem('session')))!;
  await page.context().close();
  const p = await app.running.app.db.selectFrom('ieo_projects').select(['id', 'end_at', 'lock_days']).where('coin', '=', 'NOVA').executeTakeFirstOrThrow();
  nova = { id: Number(p.id), endAt: Number(p.end_at), thawAt: Number(p.end_at) + Number(p.lock_days) * DAY_MS };
});

type Locale = 'en-US' | 'de-DE';
type Texts = typeof en;
const TEXTS: Record<Locale, Texts> = { 'en-US': en, 'de-DE': de as unknown as Texts };

async function open(locale: Locale, theme: 'dark' | 'light'): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 1, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(
    ([s, th]) => {
      localStorage.setItem('session', s!);
      localStorage.setItem('theme', th!);
    },
    [session, theme],
  );
  return page;
}

/** The summary's or the dialog's lines: [label, value] each. */
const lines = (page: Page, selector: string) =>
  page.locator(`${selector} > div`).evaluateAll((rows) => rows.map((r) => [r.querySelector('dt')!.textContent!, r.querySelector('dd')!.textContent!]));

const dateText = (page: Page, ms: number, locale: Locale, time = true) =>
  page.evaluate(
    ([at, loc, withTime]) =>
      new Intl.DateTimeFormat(loc as string, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(at as number)),
    [ms, locale, time] as const,
  );

interface Case {
  name: string;
  route: string;
  field: string;
  typed: string;
  expected(t: Texts, page: Page, locale: Locale): Promise<Record<string, string>>;
}

const CASES: Case[] = [
  {
    name: 'ieo',
    route: '/IEO/detail?id={nova}&pid={nova}&tab=ieo-subscribe',
    field: '#root_num',
    typed: '1000',
    async expected(t, page, locale) {
      const n = (en: string, de: string) => (locale === 'de-DE' ? de : en);
      return {
        total: `${n('50.00', '50,00')} USDT`,
        fee: `${n('0.00', '0,00')} USDT`,
        receive: `${n('1,000.00', '1.000,00')} NOVA`,
        closes: await dateText(page, nova.endAt, locale),
        release: await dateText(page, nova.thawAt, locale),
      };
    },
  },
  {
    name: 'financing',
    route: '/stake/detail?id=1&financing_id=1&tab=financing-order-create',
    field: '#root_money',
    typed: '500',
    async expected(_t, page, locale) {
      const n = (en: string, de: string) => (locale === 'de-DE' ? de : en);
      return {
        total: `${n('500.00', '500,00')} USDT`,
        fee: `${n('0.00', '0,00')} USDT`,
        // 500 × 0.1 % a day, 7 days
        daily: `${n('0.50', '0,50')} USDT`,
        earnings: `${n('3.50', '3,50')} USDT`,
        back: `${n('503.50', '503,50')} USDT`,
        penalty: `${n('5.00', '5,00')} USDT`,
        firstPayout: await dateText(page, Date.now() + DAY_MS, locale, false),
        maturity: await dateText(page, Date.now() + 7 * DAY_MS, locale, false),
      };
    },
  },
  {
    name: 'mining-sole',
    route: '/stake/detail?id=1&machine=1&type=1&tab=mining-purchase-sole',
    field: '#root_num',
    typed: '2',
    async expected(t, _page, locale) {
      const n = (en: string, de: string) => (locale === 'de-DE' ? de : en);
      return {
        total: `${n('2,000.00', '2.000,00')} USDT`,
        fee: `${n('0.00', '0,00')} USDT`,
        // 2 × 0.0002 BTC a day, 30 days; 1 % purchase reward; 20 % of each day frozen for 7 days
        daily: `${n('0.00040000', '0,00040000')} BTC`,
        earnings: `${n('0.01200000', '0,01200000')} BTC`,
        reward: `${n('20.00', '20,00')} USDT`,
        frozen: t.preview.frozenValue.replace('{{percent}}', n('20.00 %', '20,00 %')).replace('{{days}}', '7'),
        start: t.preview.afterApproval,
        firstPayout: t.preview.dayAfterApproval,
        end: t.preview.daysAfterApproval.replace('{{days}}', '30'),
      };
    },
  },
  {
    name: 'mining-share',
    route: '/stake/detail?id=2&machine=2&type=2&tab=mining-purchase-share',
    field: '#root_sharbltxt',
    typed: '25',
    async expected(t, _page, locale) {
      const n = (en: string, de: string) => (locale === 'de-DE' ? de : en);
      const worth = (amount: string) => t.preview.atDayPrice.replace('{{amount}}', `${amount} USDT`).replace('{{coin}}', 'ETH');
      return {
        total: `${n('2,500.00', '2.500,00')} USDT`,
        fee: `${n('0.00', '0,00')} USDT`,
        // a quarter of 30 USDT worth of ETH a day, 60 days
        daily: worth(n('7.50', '7,50')),
        earnings: worth(n('450.00', '450,00')),
        end: t.preview.daysAfterApproval.replace('{{days}}', '60'),
      };
    },
  },
];

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Types the amount, checks the summary's figures and that the confirmation repeats them; cancels it. */
async function checkForm(page: Page, c: Case, locale: Locale, theme: string, shots = true) {
  const t = TEXTS[locale];
  await page.goto(`${app.running.url}/#${c.route.replaceAll('{nova}', String(nova.id))}`);
  await page.locator(c.field).waitFor();
  const summary = page.getByTestId('purchase-summary');
  await summary.getByText(t.preview.empty).waitFor();
  await page.fill(c.field, c.typed);
  await summary.locator('[data-row=total]').waitFor();
  const expected = await c.expected(t, page, locale);
  for (const [row, value] of Object.entries(expected)) {
    await expect.poll(() => summary.locator(`[data-row=${row}] dd`).textContent(), { message: `${c.name} ${locale} ${row}` }).toContain(value);
  }
  const shown = await lines(page, '.summary-rows');
  expect(shown.map(([label]) => label)).toContain(t.preview.total);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (shots) await shot(page, `${c.name}-form-${theme}-${locale}`);
  await page.click('button[type=submit]');
  await page.locator('.dialog-rows').waitFor();
  await expect(page.locator('.dialog-message').textContent()).resolves.toBe(t.preview.confirm);
  expect(await lines(page, '.dialog-rows')).toEqual(shown);
  if (shots) await shot(page, `${c.name}-confirm-${theme}-${locale}`);
  return shown;
}

const orders = async () =>
  (await app.running.app.db.selectFrom('ieo_orders').select('id').execute()).length +
  (await app.running.app.db.selectFrom('financing_orders').select('id').execute()).length +
  (await app.running.app.db.selectFrom('mining_orders').select('id').execute()).length;

describe('purchase preview', () => {
  for (const locale of ['en-US', 'de-DE'] as const)
    for (const theme of ['dark', 'light'] as const)
      it(`shows total, fee, earnings and dates on each buy form and repeats them in the confirmation (${locale}, ${theme})`, async () => {
        const page = await open(locale, theme);
        for (const c of CASES) {
          await checkForm(page, c, locale, theme);
          // cancelled: nothing is sent
          await page.click(`.dialog >> text=${TEXTS[locale].common.cancel}`);
          await page.locator('.dialog').waitFor({ state: 'detached' });
          expect(await orders()).toBe(0);
        }
        await page.context().close();
      });

  it('buys after the confirmation, and a redeemed order no longer offers the penalty of redeeming now', async () => {
    const page = await open('en-US', 'dark');
    for (const c of CASES) {
      const before = await orders();
      await checkForm(page, c, 'en-US', 'dark', false);
      const form = await hashOf(page);
      await page.click(`.dialog >> text=${en.common.confirm}`);
      await expect.poll(orders).toBe(before + 1);
      // the form's success step opens the order list: wait for it, or it would race the next goto
      await expect.poll(() => hashOf(page)).not.toBe(form);
    }
    const paid = await app.running.app.db
      .selectFrom('balances')
      .select('available')
      .where('coin', '=', 'USDT')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    // 10,000 − 50 − 500 − 2,000 − 2,500
    expect(paid.available).toBe(String(4950n * 10n ** 8n));

    await page.goto(`${app.running.url}/#/stake/order`);
    await waitForHash(page, '#/stake/order');
    const row = page.locator('.row').filter({ hasText: 'USDT 7-day staking' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(en.finance.penalty);
    await row.getByRole('button', { name: en.finance.redeem }).click();
    await page.click(`.dialog >> text=${en.common.confirm}`);
    await expect.poll(() => row.textContent()).toContain(en.finance.status['2']);
    const text = await row.textContent();
    expect(text).not.toContain(en.finance.penalty);
    expect(text).toContain(`${en.finance.penaltyPaid}`);
    expect(text).toContain('5.00 USDT');
    if (process.env.E2E_SHOTS) await expect.poll(() => page.locator('.toast').count(), { timeout: 15_000 }).toBe(0);
    await shot(page, 'financing-redeemed-dark-en-US');
    await page.context().close();
  });
});
