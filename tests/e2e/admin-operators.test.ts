// Operators in the back office at 1280×800 (issue 38): an admin sees what `ops operator add` did on
// the host until she acknowledges it; she adds an operator and is handed a one-time enrolment link,
// never a password or an authenticator secret; the finance role she asked for waits, with her
// name, on the operators list; the new operator opens the link, chooses a password, adds the
// authenticator and is signed in; a second admin approves the waiting role; the link then says it
// was used.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { runCli } from '../../server/ops/cli';
import type { OperatorRole } from '../../server/core/db/types';
import { totpCode } from '../../server/platform/security/totp';
import { appAndBrowser, operatorDesktop } from './harness';

const app = appAndBrowser();

/** An admin signed in (the initial password changed), as a 1280×800 page of the back office. */
const adminPage = (name: string, roles: OperatorRole[] = ['admin']): Promise<Page> => operatorDesktop(app.running, app.browser, name, roles);

const formWith = (page: Page, submit: string) => page.locator('form').filter({ has: page.getByRole('button', { name: submit }) });
const rolesOf = async (name: string) =>
  (await app.running.app.db.selectFrom('operators').select('roles').where('name', '=', name).executeTakeFirstOrThrow()).roles;

describe('operators in the back office', () => {
  it('announces host changes, hands over an enrolment link, and waits for a second admin to grant finance', async () => {
    const host = await runCli(['operator', 'add', 'hostie', '--role', 'support'], app.running.dataDir!);
    expect(host.code, host.out).toBe(0);

    const alice = await adminPage('alice');
    await alice.goto(`${app.running.url}/admin/dashboard`);
    const notice = alice.getByRole('alert', { name: en.admin.hostChangesTitle });
    await notice.getByText(en.admin.hostChange.add.replace('{{name}}', 'hostie').replace('{{roles}}', en.admin.role.support)).waitFor();
    await notice.getByRole('button', { name: en.admin.hostChangesAcknowledge }).click();
    await notice.waitFor({ state: 'detached' });

    await alice.goto(`${app.running.url}/admin/operatorAdd`);
    await alice.fill('#root_name', 'jules');
    await alice.getByLabel(en.admin.role.finance).check();
    await alice.getByLabel(en.admin.role.support).check();
    await alice.click('button[type=submit]');
    const result = alice.locator('.form-result');
    await result.getByText(en.admin.operatorAddedEnrol).waitFor();
    const link = (await result.getByText(/\/admin\/enrol#[0-9a-f]{64}$/).textContent())!.trim();
    expect(await result.textContent()).not.toMatch(/otpauth|password:/i);
    await alice.screenshot({ path: 'tests/e2e/artifacts/admin-operator-added.png' });

    await alice.goto(`${app.running.url}/admin/operators`);
    const row = alice.getByRole('row').filter({ hasText: 'jules' });
    await row.getByText('finance', { exact: true }).waitFor();
    await row.getByText('alice').waitFor();

    // the new operator, in a browser of their own
    const own = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const jules = await own.newPage();
    await jules.goto(link.replace('http://localhost:8080', app.running.url));
    await jules.getByText(en.admin.enrolIntro.split('{{name}}')[0]).waitFor();
    await jules.locator('.admin-enrol-qr svg').waitFor();
    const secret = (await jules.getByTestId('enrol-secret').textContent())!;
    expect(jules.url()).not.toContain('#');
    await jules.fill('#enrol-password', 'jules-passphrase-3');
    await jules.fill('#enrol-code', totpCode(secret, Date.now()));
    await jules.getByRole('button', { name: en.admin.enrolSubmit }).click();
    await jules.waitForURL('**/admin/dashboard');
    await jules.getByText(en.admin.signedInAs.replace('{{name}}', 'jules').replace('{{roles}}', 'support')).waitFor();
    expect(await rolesOf('jules')).toBe('support');

    // a second admin approves the waiting role
    const bob = await adminPage('bob');
    await bob.goto(`${app.running.url}/admin/operator?name=jules`);
    const decide = formWith(bob, en.admin.grantDecideSubmit);
    await bob.getByText(en.admin.pendingRolesLabel).first().waitFor();
    await bob.screenshot({ path: 'tests/e2e/artifacts/admin-operator-waiting-grant.png', fullPage: true });
    await decide.locator('#root_decision').selectOption({ label: en.admin.decision.approve });
    await decide.getByRole('button', { name: en.admin.grantDecideSubmit }).click();
    await bob.getByText(en.admin.grantDecided).waitFor();
    await expect.poll(() => rolesOf('jules')).toBe('finance,support');

    // the link was used
    const again = await own.newPage();
    await again.goto(link.replace('http://localhost:8080', app.running.url));
    await again.getByText(en.admin.enrolLinkUsed).waitFor();
  });

  it('tells an operator whose roles still wait for a second admin that there is nothing to open yet', async () => {
    const page = await adminPage('waiting-op', []);
    await page.goto(`${app.running.url}/admin/dashboard`);
    await page.getByText(en.admin.noRolesYet).waitFor();
    expect(await page.locator('.admin-menu li').count()).toBe(0);
  });
});
