// The second-level futures screen in a real browser, 390×844, dark and light, English and German:
// the live price chart has history and ticks, a placed order shows as an open position with a
// countdown and its open price as a line on the chart, the result shows after settlement (green or
// red), the buttons stay on one line at 375 px, and a settled order's details have no empty Reason.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi } from './harness';

const app = appAndBrowser();
const shots = process.env.E2E_SHOTS;
const contexts: BrowserContext[] = [];
let session = '';

const CASES = [
  { locale: 'en-US', theme: 'dark', texts: en },
  { locale: 'en-US', theme: 'light', texts: en },
  { locale: 'de-DE', theme: 'dark', texts: de },
  { locale: 'de-DE', theme: 'light', texts: de },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** A 390×844 phone page in `locale` and `theme`, signed in with the session of the first login. */
async function openPage(locale: string, theme: string): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 2, hasTouch: true });
  contexts.push(context);
  await context.addInitScript(
    ([t, s]) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('session', s);
    },
    [theme, session] as const,
  );
  return context.newPage();
}

beforeAll(async () => {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
  session = await page.evaluate(() => localStorage.getItem('session') ?? '');
  await context.close();
});

afterAll(async () => {
  for (const c of contexts) await c.close();
});

/** WCAG 2.2 AA violations axe-core finds on the page, as "rule target". */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode(true).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
}

const attr = (page: Page, name: string) => page.locator('.futures-chart').getAttribute(name);

/** Opens the screen, waits for a chart with history and live ticks, places a 30 s order and follows it to its result. */
async function journey({ locale, theme, texts }: (typeof CASES)[number]): Promise<void> {
  const page = await openPage(locale, theme);
  const name = `futures-${locale.slice(0, 2)}-${theme}`;
  await page.goto(`${app.running.url}/#/contract/futures?symbol=btcusdt`);
  await page.locator('.navbar-title', { hasText: texts.route.contract.futures }).waitFor();
  // history from the kline endpoint, then live ticks on top of it
  await page.waitForFunction(
    () => {
      const chart = document.querySelector('.futures-chart');
      const history = Number(chart?.getAttribute('data-history'));
      return history > 1 && Number(chart?.getAttribute('data-points')) > history;
    },
    null,
    { timeout: 15_000 },
  );
  expect(await page.locator('.futures-chart canvas').count()).toBe(1);
  expect(await attr(page, 'data-lines')).toBe('');

  // both buttons on one line, nothing cut, at the narrowest phone
  await page.setViewportSize({ width: 375, height: 844 });
  const buttons = await page
    .locator('.futures-actions .btn')
    .evaluateAll((els) => els.map((e) => ({ oneLine: e.clientHeight < 50, fits: e.scrollWidth <= e.clientWidth })));
  expect(buttons).toEqual([
    { oneLine: true, fits: true },
    { oneLine: true, fits: true },
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, `${name}-chart`);

  await page.click(`.futures-actions >> text=${texts.futures.buyUp}`);
  const dialog = page.locator('.futures-dialog');
  await dialog.locator('.choices button').first().click();
  // a stake outside the allowed range: the range is stated, nothing can be sent
  await dialog.locator('input[name=stake]').fill('60000');
  const range = texts.futures.stakeOutOfRange.replace('{{min}}', '10').replace('{{max}}', locale === 'de-DE' ? '50.000' : '50,000');
  await expect.poll(() => dialog.locator('.field-message[role=alert]').textContent()).toBe(range);
  expect(await dialog.locator('button[type=submit]').isDisabled()).toBe(true);
  await dialog.locator('input[name=stake]').fill('10');
  expect(await dialog.locator('.field-message').count()).toBe(0);
  const created = page.waitForResponse((r) => r.url().includes('/hyorder/createHyorder'));
  await dialog.locator('button[type=submit]').click();
  const { ID: id, openPrice } = ((await (await created).json()) as { data: { ID: number; openPrice: string } }).data;
  const position = page.locator(`.positions .active-order[data-id="${id}"]`);
  await position.locator('.countdown').waitFor();
  // the open price is drawn on the chart
  await page.waitForFunction(() => document.querySelector('.futures-chart')?.getAttribute('data-lines') !== '');
  expect((await attr(page, 'data-lines'))?.split(' ')).toContain(openPrice);
  await shoot(page, `${name}-open`);
  expect(await axeViolations(page)).toEqual([]);

  await position.locator('.result').waitFor({ timeout: 45_000 });
  const card = (await position.getAttribute('class')) ?? '';
  const colour = await position.locator('.result').evaluate((e) => getComputedStyle(e).color);
  const vars = await page.evaluate(() => ({
    up: getComputedStyle(document.documentElement).getPropertyValue('--up'),
    down: getComputedStyle(document.documentElement).getPropertyValue('--down'),
  }));
  const rgb = (hex: string) => {
    const n = parseInt(hex.trim().slice(1), 16);
    return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
  };
  if (card.includes('result-win')) expect(colour).toBe(rgb(vars.up));
  else if (card.includes('result-loss')) expect(colour).toBe(rgb(vars.down));
  else expect(card).toContain('result-draw');
  // the settled order's line leaves the chart
  await page.waitForFunction((p) => !(document.querySelector('.futures-chart')?.getAttribute('data-lines') ?? '').split(' ').includes(p), openPrice);
  await shoot(page, `${name}-settled`);
  expect(await axeViolations(page)).toEqual([]);

  // its details: a normal settlement has no reason to show
  await position.locator('a[href*="/contract/detail"]').click();
  await page.locator('.detail:not(.detail-skeleton)').waitFor();
  const detail = (await page.locator('.detail').textContent()) ?? '';
  expect(detail).toContain(texts.futures.openPrice);
  expect(detail).not.toContain(`${texts.futures.invalidReason}:`);
  // a clear hierarchy: each value brighter than its label, amounts larger than other values, the status a chip
  const look = await page.evaluate(() => {
    const style = (sel: string) => getComputedStyle(document.querySelector(sel)!);
    return {
      label: style('.detail-label').color,
      value: style('.detail-value').color,
      amount: parseFloat(style('.detail-amount').fontSize),
      plain: parseFloat(style('.detail-value:not(.detail-amount)').fontSize),
      chip: style('.detail-status > span').borderRadius,
    };
  });
  expect(look.value).not.toBe(look.label);
  expect(look.amount).toBeGreaterThan(look.plain);
  expect(parseFloat(look.chip)).toBeGreaterThan(8);
  await shoot(page, `${name}-detail`);
}

describe('futures screen', () => {
  it('charts the pair, shows the open position with countdown and price line, then its result, in both themes and languages', async () => {
    await Promise.all(CASES.map((c) => journey(c)));
  }, 120_000);
});
