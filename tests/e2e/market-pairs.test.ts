// The market list's pair cell on a phone (issue 24): "DOGE/USDT" stays on one line and is shown in
// full at 390 and 375 px, in English and German, dark and light; the price and the change chip
// stay inside the row. With E2E_SHOTS=<dir> it saves the screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone } from './harness';

const app = appAndBrowser();
let session = '';

beforeAll(async () => {
  const { page, context } = await phone(app.browser);
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
  session = (await page.evaluate(() => localStorage.getItem('session'))) ?? '';
  await context.close();
});

interface Cell {
  symbol: string;
  lines: number;
  clipped: boolean;
  rowOverflow: boolean;
}

/** Each row's pair text: how many lines it takes, whether it is cut, whether anything leaves the row. */
const cells = (p: Page) =>
  p.$$eval('.pair-row', (rows) =>
    rows.map((row): Cell => {
      const symbol = row.querySelector('.pair-symbol') as HTMLElement | null;
      const base = row.querySelector('.pair-symbol strong, .pair-name strong') as HTMLElement;
      const quote = base.nextElementSibling as HTMLElement;
      const lineHeight = parseFloat(getComputedStyle(base).lineHeight) || base.getBoundingClientRect().height;
      const top = Math.min(base.getBoundingClientRect().top, quote.getBoundingClientRect().top);
      const bottom = Math.max(base.getBoundingClientRect().bottom, quote.getBoundingClientRect().bottom);
      const rowBox = row.getBoundingClientRect();
      const inside = [...row.querySelectorAll('.pair-price, .change-chip')].every((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= rowBox.left - 0.5 && r.right <= rowBox.right + 0.5;
      });
      return {
        symbol: `${base.textContent}${quote.textContent}`,
        lines: Math.round((bottom - top) / lineHeight),
        clipped: symbol ? symbol.scrollWidth > symbol.clientWidth + 0.5 : false,
        rowOverflow: !inside,
      };
    }),
  );

async function check(locale: string, width: number, theme: 'dark' | 'light'): Promise<void> {
  const { page, context } = await phone(app.browser, locale);
  try {
    await page.setViewportSize({ width, height: 844 });
    await page.addInitScript(
      ([s, th]) => {
        localStorage.setItem('session', s);
        localStorage.setItem('theme', th);
      },
      [session, theme] as const,
    );
    await page.goto(`${app.running.url}/#/market/market`);
    await page.locator('.pair-row[data-symbol=dogeusdt]').waitFor();
    await page.waitForFunction(() => !document.querySelector('.pair-row .pair-price')?.textContent?.includes('--'));
    const all = await cells(page);
    const doge = all.find((c) => c.symbol === 'DOGE/USDT');
    expect(doge, JSON.stringify(all)).toMatchObject({ lines: 1, clipped: false, rowOverflow: false });
    expect(
      all.filter((c) => c.lines !== 1 || c.rowOverflow),
      `${locale} ${width}px`,
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const dir = process.env.E2E_SHOTS;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `market-${locale.slice(0, 2)}-${width}-${theme}.png`) });
    }
  } finally {
    await context.close();
  }
}

describe('market list pair cell', () => {
  for (const locale of ['en-US', 'de-DE']) {
    for (const width of [390, 375]) {
      it(`${locale} at ${width} px: DOGE/USDT on one line, in full; price and change inside the row`, async () => {
        await check(locale, width, 'dark');
        if (width === 390) await check(locale, width, 'light');
      });
    }
  }
});
