// Starts the real server (built app + API + SQLite in a temp folder) on a
// loopback port and drives Debian's Chromium through playwright-core.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildServer, type ServerOptions } from '../../server/composition/app';
import { captcha as captchaAnswer, outbox } from '../../server/ops/commands';
import type { OperatorRole } from '../../server/core/db/types';
import { createOperator } from '../../server/platform/operators/operators';
import { totpCode } from '../../server/platform/security/totp';
import { call } from '../server/helpers';

export interface Running {
  url: string;
  app: FastifyInstance;
  /** The server's data dir: the operator CLI (runCli) works on it */
  dataDir?: string;
  close(): Promise<void>;
}

/** The server with the built app; `options` change what a test needs (a version, sessions per user). */
export async function startApp(options: Partial<ServerOptions> = {}): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-'));
  // E2E_DIST: a build of one's own (helpers building at once must not share dist/)
  const app = await buildServer({ dataDir, staticDir: process.env.E2E_DIST ?? 'dist', ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * The app and a browser for the tests of one file: started before them, closed after them.
 * Read `running` and `browser` inside tests (they are set once beforeAll has run).
 */
export function appAndBrowser(start: () => Promise<Running> = startApp): { readonly running: Running; readonly browser: Browser } {
  const state = {} as { running: Running; browser: Browser };
  beforeAll(async () => {
    state.running = await start();
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.running?.close();
  });
  return state;
}

/** A phone-sized page in English. */
export async function phone(browser: Browser, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale, deviceScaleFactor: 2, hasTouch: true });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Opens `url` with every script from /assets/ held back until the returned release() is called:
 * what the page shows and asks for until then is what a slow network gives before the app's
 * JavaScript arrives.
 */
export async function openWithScriptsHeld(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/.*\.js$/, async (r) => {
    await gate;
    await r.continue();
  });
  // DOMContentLoaded would wait for the held module scripts: wait for the parser instead
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  return release;
}

export const hashOf = (page: Page) => page.evaluate(() => window.location.hash);

export async function waitForHash(page: Page, hash: string): Promise<void> {
  await page.waitForFunction((h) => window.location.hash === h, hash, { timeout: 10_000 });
}

/** Types the answer of the captcha the form is showing, read from the server's store like support would. */
export async function solveCaptcha(page: Page, app: FastifyInstance): Promise<void> {
  const idInput = page.locator('#root_captchaId');
  await page.waitForFunction(() => (document.querySelector('#root_captchaId') as HTMLInputElement | null)?.value, null, { timeout: 10_000 });
  await page.locator('#root .captcha img').waitFor();
  const answer = await captchaAnswer(app.db, await idInput.inputValue());
  await page.fill('#root_captcha', answer);
}

export async function latestCode(app: FastifyInstance, target: string): Promise<string> {
  const entry = (await outbox(app.db, 50)).find((e) => e.target.endsWith(target));
  if (!entry) throw new Error(`no code was sent to ${target}`);
  return entry.code;
}

export async function loginThroughUi(page: Page, running: Running, username: string, password: string): Promise<void> {
  await page.goto(`${running.url}/#/login/login`);
  await page.fill('#root_username', username);
  await page.fill('#root_password', password);
  await solveCaptcha(page, running.app);
  await page.click('button[type=submit]');
  await waitForHash(page, '#/home/home');
}

/** Marks the user verified as an approved identity record would (withdrawals, bank withdrawals and loans answer 4025 otherwise). */
export async function verifyIdentity(app: FastifyInstance, userId: number): Promise<void> {
  const now = Date.now();
  await app.db
    .insertInto('user_cards')
    .values({ user_id: userId, type: 3, name: 'Test User', card_front: '', card_end: '', card_hand: '', status: 2, reason: '', created_at: now, updated_at: now, reviewed_at: now })
    .execute();
  await app.db.updateTable('users').set({ real_name_status: 2 }).where('id', '=', userId).execute();
}

/** The password an operator signed in by signInOperator changed the initial one to. */
const OPERATOR_PASSWORD = 'operator-passphrase-42';

/**
 * Makes the operator `name` and signs them in through the back office's form with a current
 * authenticator code, changing the initial password as the first sign-in asks. Resolves once the
 * back office shows its first screen.
 */
export async function signInOperator(page: Page, running: Running, name: string, roles: OperatorRole[], onLoginForm?: () => Promise<void>): Promise<void> {
  const made = await createOperator(running.app.db, name, roles, Date.now());
  await page.goto(`${running.url}/admin/`);
  await page.waitForURL('**/admin/login');
  await onLoginForm?.();
  await page.fill('#root_name', name);
  await page.fill('#root_password', made.password);
  await page.fill('#root_totp', totpCode(new URL(made.totp).searchParams.get('secret')!, Date.now()));
  await page.click('button[type=submit]');
  await page.waitForURL('**/admin/password');
  await page.fill('#root_oldPassword', made.password);
  await page.fill('#root_newPassword', OPERATOR_PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL((url) => !url.pathname.endsWith('/password'));
}

/**
 * Makes the operator `name`, signs them in through the API (the initial password changed) and
 * opens a 1280×800 back-office page holding that session: for tests about what an operator does
 * once signed in (signInOperator drives the sign-in form itself).
 */
export async function operatorDesktop(running: Running, browser: Browser, name: string, roles: OperatorRole[], locale = 'en-US'): Promise<Page> {
  const made = await createOperator(running.app.db, name, roles, Date.now());
  const secret = new URL(made.totp).searchParams.get('secret')!;
  const signedIn = await call(running.app, 'POST', '/admin/login', { body: { name, password: made.password, totp: totpCode(secret, Date.now()) } });
  expect(signedIn.code, signedIn.msg).toBe(0);
  const changed = await call(running.app, 'POST', '/admin/changePassword', {
    adminToken: signedIn.data.token,
    body: { oldPassword: made.password, newPassword: OPERATOR_PASSWORD },
  });
  expect(changed.code, changed.msg).toBe(0);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  await context.addInitScript((saved) => sessionStorage.setItem('adminSession', saved), JSON.stringify({ token: signedIn.data.token, name }));
  return context.newPage();
}

/** With E2E_SHOTS=<dir>, saves the page as <dir>/<name>.png (the whole page unless `fullPage` is false); otherwise nothing. */
export async function saveShot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}
