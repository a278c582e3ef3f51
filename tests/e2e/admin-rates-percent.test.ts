// A staking product's rates are typed in percent at 1280×800 (people think "0.1 % a day", the
// server keeps the ratio 0.001): the form sends the ratios, the product's list shows the percents,
// and in German the comma is the decimal separator.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { appAndBrowser, operatorDesktop } from './harness';

const app = appAndBrowser();
const pages: Page[] = [];
let attempt = 0;
afterAll(async () => {
  for (const p of pages) await p.context().close();
});

async function create(locale: string, rates: { daily: string; penalty: string }, created: string): Promise<string> {
  const page = await operatorDesktop(app.running, app.browser, `rates-op-${++attempt}`, ['product'], locale);
  pages.push(page);
  await page.goto(`${app.running.url}/admin/financingNew`);
  const name = `Percent staking ${attempt}`;
  for (const [id, value] of Object.entries({ name, coin: 'USDT', min: '100', max: '10000', termDays: '30' })) await page.fill(`#root_${id}`, value);
  await page.fill('#root_dailyRate', rates.daily);
  await page.fill('#root_penaltyRate', rates.penalty);
  await page.click('button[type=submit]');
  await page.getByText(created).waitFor();
  return name;
}

describe('product rates in percent', () => {
  it('sends 0.1 % a day as 0.001 and 2 % as 0.02', async () => {
    const name = await create('en-US', { daily: '0.1', penalty: '2' }, en.admin.product.created);
    const row = await app.running.app.db
      .selectFrom('financing_products')
      .select(['daily_rate', 'penalty_rate'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect([row.daily_rate, row.penalty_rate].map((r) => r.replace(/0+$/, ''))).toEqual(['0.001', '0.02']);
  });

  it('reads the German decimal comma', async () => {
    const name = await create('de-DE', { daily: '0,05', penalty: '1,5' }, de.admin.product.created);
    const row = await app.running.app.db
      .selectFrom('financing_products')
      .select(['daily_rate', 'penalty_rate'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect([row.daily_rate, row.penalty_rate].map((r) => r.replace(/0+$/, ''))).toEqual(['0.0005', '0.015']);
  });
});
