// Passkeys in Chromium (issue 25): a virtual authenticator (DevTools protocol WebAuthn) plays the
// device. The customer adds a passkey on the security page, signs out, signs in with the passkey
// alone at /login/passkey (reached from the login form's link), then with the password, which now
// asks for a second step that "Use a passkey" finishes. WebAuthn needs a domain,
// so the app is opened at localhost (the server's default RP ID and origin are the request's own).
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, solveCaptcha, waitForHash } from './harness';

const app = appAndBrowser();
/** The page that holds the passkey panel */
const SECURITY = process.env.PASSKEY_PANEL_ROUTE ?? '/user/security';

async function phoneWithAuthenticator(): Promise<{
  context: BrowserContext;
  page: Page;
  authenticatorId: string;
  send: (method: string, params?: object) => Promise<unknown>;
}> {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', deviceScaleFactor: 2, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const send = (method: string, params?: object) => cdp.send(method as 'WebAuthn.enable', params as never);
  await send('WebAuthn.enable');
  const { authenticatorId } = (await send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })) as { authenticatorId: string };
  return { context, page, authenticatorId, send };
}

/** Signs out through the personal centre. */
async function signOut(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/#/user/my`);
  await page.click(`text=${en.user.logout}`);
  await page.locator('.dialog button', { hasText: en.common.confirm }).click();
  await page.waitForFunction(() => localStorage.getItem('session') === null);
}

describe('passkeys', () => {
  it('registers a passkey on the security page, signs in with it alone, and finishes a password sign-in with it', async () => {
    const base = app.running.url.replace('127.0.0.1', 'localhost');
    const { context, page, authenticatorId, send } = await phoneWithAuthenticator();
    await loginThroughUi(page, { ...app.running, url: base }, DEMO_EMAIL, DEMO_PASSWORD);

    await page.goto(`${base}/#${SECURITY}`);
    const panel = page.locator('.passkey-panel');
    await panel.locator('p', { hasText: en.passkey.none }).waitFor();
    await panel.locator('#passkey-name').fill('Test phone');
    await panel.locator('button[type=submit]', { hasText: en.passkey.add }).click();
    await panel.locator('.row-title', { hasText: 'Test phone' }).waitFor();
    await panel.locator('.row-field', { hasText: `${en.passkey.lastUsed}: ${en.passkey.neverUsed}` }).waitFor();
    const { credentials } = (await send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: { isResidentCredential: boolean; rpId: string }[] };
    expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);

    await signOut(page, base);

    await page.goto(`${base}/#/login/login`);
    await page.click(`text=${en.passkey.signInLink}`);
    await waitForHash(page, '#/login/passkey');
    await page.locator('.passkey-intro', { hasText: en.passkey.signInIntro }).waitFor();
    await page.locator('button', { hasText: en.passkey.signInButton }).click();
    await waitForHash(page, '#/home/home');
    await page.locator('.toast', { hasText: en.login.success }).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null')?.user?.email)).toBe(DEMO_EMAIL);

    const signins = await app.running.app.db.selectFrom('signins').select(['method', 'result']).orderBy('id').execute();
    expect(signins.at(-1)).toEqual({ method: 'passkey', result: 'ok' });
    const stored = await app.running.app.db.selectFrom('passkeys').select(['name', 'last_used_at']).execute();
    expect(stored).toEqual([{ name: 'Test phone', last_used_at: expect.anything() }]);

    // the panel shows the use
    await page.goto(`${base}/#${SECURITY}`);
    await panel.locator('.row-title', { hasText: 'Test phone' }).waitFor();
    expect(await panel.locator('.row-field', { hasText: en.passkey.neverUsed }).count()).toBe(0);

    // with a passkey, the password is the first step; "Use a passkey" finishes it
    await signOut(page, base);
    await page.goto(`${base}/#/login/login`);
    await page.fill('#root_username', DEMO_EMAIL);
    await page.fill('#root_password', DEMO_PASSWORD);
    await solveCaptcha(page, app.running.app);
    await page.click('button[type=submit]');
    await waitForHash(page, '#/login/verify');
    await page.locator('button', { hasText: en.passkey.use }).click();
    await page.waitForFunction(() => localStorage.getItem('session') !== null);
    await page.waitForFunction(() => window.location.hash !== '#/login/verify');
    const last = await app.running.app.db.selectFrom('signins').select(['method', 'result']).orderBy('id', 'desc').executeTakeFirst();
    expect(last).toEqual({ method: 'passkey', result: 'ok' });
    await context.close();
  });
});
