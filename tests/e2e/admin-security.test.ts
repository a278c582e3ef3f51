// A customer's account security in the back office at 1280×800 (issue 25): the customer page says
// the authenticator is on, the Sign-ins tab lists the customer's sign-ins, and resetting the
// authenticator takes two compliance operators: the first one's reset only asks for it, the
// second one's removes it. With E2E_SHOTS=<dir> it saves screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { totpCode } from '../../server/platform/security/totp';
import { call, login, registerByEmail } from '../server/helpers';
import { appAndBrowser, operatorDesktop } from './harness';

const app = appAndBrowser();
const shots = process.env.E2E_SHOTS;

/** A compliance operator signed in (the initial password changed), as a 1280×800 page of the back office. */
const operatorPage = (name: string): Promise<Page> => operatorDesktop(app.running, app.browser, name, ['compliance']);

/** The reset form of the customer page (the freeze form beside it has fields of the same names). */
const resetForm = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: en.admin.totpResetSubmit }) });

async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

describe('account security in the back office', () => {
  it('shows the authenticator and sign-ins, and resets the authenticator with four eyes', async () => {
    const customer = await registerByEmail(app.running.app, 'e2e-totp-reset@example.com', 'Secret-pass-123');
    const setup = await call(app.running.app, 'POST', '/user/totp/setup', { token: customer.token });
    expect(
      (await call(app.running.app, 'POST', '/user/totp/enable', { token: customer.token, body: { code: totpCode(setup.data.secret, Date.now()) } })).code,
    ).toBe(0);
    expect((await login(app.running.app, 'e2e-totp-reset@example.com', 'Wrong-pass-1')).code).not.toBe(0);
    const uid = customer.user.ID;

    const first = await operatorPage('comp-one');
    await first.goto(`${app.running.url}/admin/user?uid=${uid}`);
    await first.getByText(`${en.admin.customerTotpLabel}:`).waitFor();
    await first.getByRole('heading', { name: en.admin.signinsTab }).waitFor();
    await first.getByText(en.security.result.badPassword).waitFor();
    await shoot(first, 'admin-user-security');
    await resetForm(first).locator('#root_reason').fill('Passport checked on a video call');
    await resetForm(first).getByRole('button', { name: en.admin.totpResetSubmit }).click();
    await first.getByText(en.admin.totpResetRequested).waitFor();
    expect((await call(app.running.app, 'GET', '/user/securityStatus', { token: customer.token })).data.totp).toBe(true);

    const second = await operatorPage('comp-two');
    await second.goto(`${app.running.url}/admin/user?uid=${uid}`);
    await resetForm(second).locator('#root_reason').fill('Agreed');
    await resetForm(second).getByRole('button', { name: en.admin.totpResetSubmit }).click();
    await second.getByText(en.admin.totpResetDone).waitFor();
    await shoot(second, 'admin-user-reset-done');
    expect((await call(app.running.app, 'GET', '/user/securityStatus', { token: customer.token })).data.totp).toBe(false);
  });
});
