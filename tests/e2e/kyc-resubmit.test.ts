// A rejected identity record is resubmitted from the real-name screen through
// PUT /user_card/updateUser_card with the record's ID (spec §7, issue 24): the same record goes
// back to "under review" with the new details; no POST createUser_card is sent.
// With E2E_SHOTS=<dir> it saves 390×844 screenshots (dark, light, English, German).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import timings from '../../schemas/config/timings.json';
import { runCli } from '../../server/ops/cli';
import { dataUrl, pngImage } from '../fixtures/images';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const app = appAndBrowser();
const EMAIL = 'kyc-resubmit@example.com';
const PASSWORD = 'Verify-2025!';
let token = '';
let userId = 0;
let page: Page;
const files: string[] = [];
const calls: string[] = [];
const myCards = () => app.running.app.db.selectFrom('user_cards').selectAll().where('user_id', '=', userId).execute();

async function api(method: string, path: string, body: unknown): Promise<{ code: number; data: Record<string, unknown> }> {
  const res = await fetch(`${app.running.url}/api${path}`, {
    method,
    headers: { 'X-Token': token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: Record<string, unknown> };
}

async function shot(p: Page, name: string): Promise<void> {
  expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await p.screenshot({ path: join(dir, `kyc-resubmit-${name}.png`), fullPage: true });
}

beforeAll(async () => {
  const r = await registerByEmail(app.running.app, EMAIL, PASSWORD);
  ({ token } = r);
  userId = r.user.ID;
  // a first submission through the API, rejected by the operator
  const photo = async (w: number) => String((await api('POST', '/user/uploadBase64', { base64Str: dataUrl(pngImage(w, 20)) })).data.url);
  const first = await api('POST', '/user_card/createUser_card', {
    type: 1,
    name: 'Erika Musterman',
    card_front: await photo(21),
    card_end: await photo(22),
    card_hand: await photo(23),
  });
  expect(first.code).toBe(0);
  expect((await runCli(['kyc', 'reject', String(first.data.ID), 'The name does not match the document'], app.running.dataDir!)).code).toBe(0);
  for (const [name, w] of [
    ['front', 330],
    ['back', 310],
    ['hand', 290],
  ] as const) {
    const file = join(app.running.dataDir!, `resubmit-${name}.png`);
    writeFileSync(file, pngImage(w, 200));
    files.push(file);
  }
  ({ page } = await phone(app.browser));
  await page.setViewportSize({ width: 390, height: 844 });
  page.on('request', (req) => {
    if (/\/api\/user_card\//.test(req.url()) && req.method() !== 'GET') calls.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  await loginThroughUi(page, app.running, EMAIL, PASSWORD);
});

afterAll(async () => {
  await page?.context().close();
});

describe('resubmitting a rejected identity record', () => {
  it('sends PUT updateUser_card with the record’s ID; the same record is under review again', async () => {
    const [before] = await myCards();
    expect(before).toMatchObject({ status: 3 });
    await page.goto(`${app.running.url}/#/user/realName?tab=real-name-status`);
    await page.locator('.row-field', { hasText: en.realName.statusValue['3'] }).waitFor();
    await shot(page, 'rejected');
    await page.getByRole('tab', { name: en.realName.tabSubmit }).click();
    await page.locator('.notice', { hasText: en.realName.resubmitNotice }).first().waitFor();
    await page.selectOption('#root_type', { label: en.realName.typeValue['3'] });
    await page.fill('#root_name', 'Erika Mustermann');
    await page.setInputFiles('#root_card_front', files[0]);
    await page.setInputFiles('#root_card_end', files[1]);
    await page.setInputFiles('#root_card_hand', files[2]);
    await expect.poll(() => page.getByAltText(en.upload.preview).count(), { timeout: 10_000 }).toBe(3);
    await shot(page, 'form');
    await page.waitForTimeout(timings.doubleSubmitMs);
    await page.click('button[type=submit]');
    await page.locator('.toast', { hasText: en.realName.submitted }).first().waitFor({ timeout: 5000 });
    await waitForHash(page, '#/user/realName?tab=real-name-status');
    await page.locator('.row-field', { hasText: en.realName.statusValue['1'] }).waitFor();

    expect(calls).toEqual(['PUT /api/user_card/updateUser_card']);
    const rows = await myCards();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: before.id, status: 1, type: 3, name: 'Erika Mustermann' });
    expect(rows[0].card_front).not.toBe(before.card_front);
    await shot(page, 'under-review');
  });

  it('reads well in the light theme and in German', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.locator('.row-field', { hasText: en.realName.statusValue['1'] }).waitFor();
    await shot(page, 'under-review-light');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));

    // rejected again: the German form says why and resubmits the same way
    const [row] = await myCards();
    expect((await runCli(['kyc', 'reject', String(row.id), 'Foto unscharf'], app.running.dataDir!)).code).toBe(0);
    const german = await phone(app.browser, 'de-DE');
    try {
      await german.page.setViewportSize({ width: 390, height: 844 });
      await loginThroughUi(german.page, app.running, EMAIL, PASSWORD);
      await german.page.goto(`${app.running.url}/#/user/realName?tab=real-name-submit`);
      await german.page.locator('.notice', { hasText: de.realName.resubmitNotice }).first().waitFor();
      await shot(german.page, 'form-de');
      await german.page.evaluate(() => localStorage.setItem('theme', 'light'));
      await german.page.reload();
      await german.page.locator('.notice', { hasText: de.realName.resubmitNotice }).first().waitFor();
      await shot(german.page, 'form-de-light');
    } finally {
      await german.context.close();
    }
  });
});
