// The history of decisions at 1280×800: a finance operator approves a withdrawal, opens the
// history from the menu and finds it by the day it was decided (status, operator, amount,
// customer), exports the filter as CSV (recorded in the audit trail), opens the item's record (who
// decided it); a range that ends the day before leaves it out.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../locales/en-US.json';
import { customerWithdrawal, type TestServer } from '../server/helpers';
import { appAndBrowser, operatorDesktop, saveShot } from './harness';

const app = appAndBrowser();
const pages: Page[] = [];
let attempt = 0;
afterAll(async () => {
  for (const p of pages) await p.context().close();
});

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('the history of decisions', () => {
  it('finds a decided withdrawal by its day', async () => {
    const n = ++attempt;
    const server = { app: app.running.app, clock: { now: () => Date.now() } } as unknown as TestServer;
    const { withdrawalId } = await customerWithdrawal(server, `e2e-history-${n}@example.com`, '120');
    const page = await operatorDesktop(app.running, app.browser, `hist-fin-${n}`, ['finance']);
    pages.push(page);
    await page.goto(`${app.running.url}/admin/review?kind=withdrawal&id=${withdrawalId}`);
    await page.selectOption('#root_decision', { label: en.admin.decision.approve });
    await page.click('button[type=submit]');
    await page.getByText(en.admin.decided).waitFor();
    // a decision returns to the queue (or its next item) first
    await page.waitForURL('**/admin/reviews*');

    await page.getByRole('link', { name: en.admin.history.title }).click();
    await page.waitForURL('**/admin/history*');
    await page.locator('label.filter', { hasText: en.admin.kindLabel }).locator('select').selectOption({ label: en.admin.kind.withdrawal });
    // the filters follow the query string: let the kind land there before typing the days
    await page.waitForURL(/kind=withdrawal/);
    const today = day(Date.now());
    await saveShot(page, 'history-before-date');
    await page.getByLabel(en.admin.customer360.fromFilter, { exact: true }).fill(today);
    await page.getByLabel(en.admin.customer360.toFilter, { exact: true }).fill(today);
    await page.waitForURL(new RegExp(`to=${today}`));
    const row = page.getByRole('row', { name: new RegExp(`e2e-history-${n}@example.com`) });
    await expect.poll(() => row.textContent()).toContain(`hist-fin-${n}`);
    expect(await row.textContent()).toContain(en.admin.history.status.approved);
    expect(await row.textContent()).toMatch(/120/);

    // the export is the server's: every row of the filter, recorded as who exported what
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.common.export }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('kind,id,user,uid,status,operators,decidedAt,amount,coin');
    expect(lines.some((l) => l.startsWith(`withdrawal,${withdrawalId},e2e-history-${n}@example.com,`))).toBe(true);
    await page.getByText(en.admin.auditExported.replace('{{rows}}', String(lines.length - 1))).waitFor();
    const exported = await app.running.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'history.export').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(exported.actor).toBe(`operator hist-fin-${n}`);

    // the row opens the decided item's record
    await row.getByRole('link').first().click();
    await page.getByRole('heading', { name: en.admin.history.recordTitle }).waitFor();
    const decidedBy = page.locator('.detail-field', { hasText: en.admin.history.operatorsLabel }).locator('.detail-value');
    await expect(decidedBy.textContent()).resolves.toBe(`hist-fin-${n}`);
    await page.goBack();
    await page.waitForURL(new RegExp(`to=${today}`));

    await page.getByLabel(en.admin.customer360.fromFilter, { exact: true }).fill(day(Date.now() - 2 * 86_400_000));
    await page.getByLabel(en.admin.customer360.toFilter, { exact: true }).fill(day(Date.now() - 86_400_000));
    await page.getByText(en.admin.history.empty).waitFor();
    await expect(row.count()).resolves.toBe(0);
  });
});
