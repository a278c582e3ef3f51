// A completed crypto withdrawal shows its transaction hash with a copy button (390×844, English
// and German) and a link to the explorer page of its network; one whose hash is not recorded yet
// shows no such line.
// With E2E_SHOTS=<dir> it saves screenshots (dark English, light German).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone, saveShot } from './harness';

const app = appAndBrowser();
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
let sent = 0;
let pending = 0;

async function withdrawal(txHash: string | null): Promise<number> {
  const db = app.running.app.db;
  const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  const now = Date.now();
  const row = await db
    .insertInto('withdrawals')
    .values({
      user_id: Number(user.id),
      coin: 'USDT',
      network: 'ERC20',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      amount: '10000000000',
      fee: '100000000',
      manual_review: 0,
      status: 2,
      reason: '',
      created_at: now,
      reviewed_at: now,
      tx_hash: txHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function open(locale: string, theme: 'dark' | 'light'): Promise<Page> {
  const { page, context } = await phone(app.browser, locale);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.running.url });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
  await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
  return page;
}

beforeAll(async () => {
  sent = await withdrawal(HASH);
  pending = await withdrawal(null);
});

describe('the transaction hash of a completed withdrawal', () => {
  for (const [locale, words, theme] of [
    ['en-US', en, 'dark'],
    ['de-DE', de, 'light'],
  ] as const) {
    it(`is shown with a copy button that copies it (${locale})`, async () => {
      const page = await open(locale, theme);
      await page.goto(`${app.running.url}/#/bitcoin/withdrawDetail?id=${sent}`);
      const line = page.locator('.detail-field', { hasText: words.withdraw.txHash });
      await line.waitFor();
      await expect(line.locator('.detail-value').textContent()).resolves.toBe(HASH);
      // the explorer page of the network's config (ERC20: etherscan), in a new tab that cannot reach back
      const explorer = line.getByRole('link', { name: words.records.txHash.explorer });
      await expect(explorer.getAttribute('href')).resolves.toBe(`https://etherscan.io/tx/${HASH}`);
      await expect(explorer.getAttribute('rel')).resolves.toBe('noopener noreferrer');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await saveShot(page, `withdraw-tx-hash-${locale}-${theme}`);
      await line.getByRole('button', { name: `${words.common.copy}: ${words.withdraw.txHash}` }).click();
      await page.locator('.toast', { hasText: words.common.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(HASH);

      await page.goto(`${app.running.url}/#/bitcoin/withdrawDetail?id=${pending}`);
      await page.locator('.detail-field', { hasText: words.withdraw.address }).waitFor();
      await expect(page.locator('.detail-field', { hasText: words.withdraw.txHash }).count()).resolves.toBe(0);
      await page.context().close();
    });
  }
});
