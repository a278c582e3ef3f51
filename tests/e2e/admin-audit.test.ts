// The back office's audit screen at 1280×800: an operator's write shows as a diff of its before and
// after (key: old → new), the operator filter, sent to the server, leaves that operator's rows only,
// and the CSV export of them is made and audited by the server.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { createOperator } from '../../server/platform/operators/operators';
import { totpCode } from '../../server/platform/security/totp';
import { call, registerByEmail } from '../server/helpers';
import { appAndBrowser, signInOperator } from './harness';

const app = appAndBrowser();
let attempt = 0;

/** A compliance operator, signed in through the API, freezes the customer's withdrawals. */
async function freezeAs(name: string, uid: number): Promise<void> {
  const { db } = app.running.app;
  const made = await createOperator(db, name, ['compliance'], Date.now());
  const login = await call(app.running.app, 'POST', '/admin/login', {
    body: { name, password: made.password, totp: totpCode(new URL(made.totp).searchParams.get('secret')!, Date.now()) },
  });
  expect(login.code, login.msg).toBe(0);
  const token = login.data.token as string;
  expect((await call(app.running.app, 'POST', '/admin/changePassword', { adminToken: token, body: { oldPassword: made.password, newPassword: 'operator-passphrase-42' } })).code).toBe(0);
  const frozen = await call(app.running.app, 'POST', '/admin/users/freeze', { adminToken: token, body: { uid, what: 'withdraw', reason: 'Card reported stolen' } });
  expect(frozen.code, frozen.msg).toBe(0);
}

it("shows a write's before and after as a diff, and filters by operator on the server", async () => {
  const n = ++attempt;
  const customer = await registerByEmail(app.running.app, `audit-e2e-${n}@example.com`);
  const finn = `audit-finn-${n}`;
  await freezeAs(finn, Number(customer.user.ID));

  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await signInOperator(page, app.running, `audit-ada-${n}`, ['admin']);
    await page.goto(`${app.running.url}/admin/audit`);
    await page.locator('.list-table').waitFor();
    // the admin's own sign-in is on the first page beside the freeze
    await expect.poll(() => page.locator('.list-table tbody tr').count()).toBeGreaterThan(3);

    await page.getByLabel(en.admin.auditOperatorFilter, { exact: true }).fill(finn);
    await page.waitForURL(new RegExp(`operator=${finn}`));
    const rows = page.locator('.list-table tbody tr');
    await expect.poll(async () => (await rows.allTextContents()).every((t) => t.includes(`operator ${finn}`)) && (await rows.count()) === 3).toBe(true);

    const freeze = page.getByRole('row', { name: /user\.freeze\.withdraw/ });
    await expect.poll(() => freeze.textContent()).toContain('withdrawFrozen: false → true');
    await expect.poll(() => freeze.textContent()).toContain('withdrawFrozenReason: — → Card reported stolen');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // the export is the server's: the filtered rows, and a row of its own naming who exported what
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.common.export }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(4);
    expect(csv).toContain('user.freeze.withdraw');
    await page.getByText(en.admin.auditExported.replace('{{rows}}', '3')).waitFor();
    const exported = await app.running.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'audit.export').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(exported.actor).toBe(`operator audit-ada-${n}`);
    expect(JSON.parse(exported.after_json!)).toEqual({ filter: { operator: finn }, rows: 3 });
  } finally {
    await context.close();
  }
});
