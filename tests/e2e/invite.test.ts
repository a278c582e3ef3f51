// My invitation (/user/invite): the demo user reads their link; a stranger opens it in a new
// browser, finds the invitation code filled in on both registration tabs and registers by email;
// the demo user then sees one level-1 member. Nothing overflows a phone's column in German.
// With E2E_SHOTS=<dir> it also saves 390×844 screenshots (dark, light, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { DEMO_EMAIL, DEMO_INVITATION_CODE, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, latestCode, loginThroughUi, phone, solveCaptcha, waitForHash } from './harness';

const app = appAndBrowser();
let page: Page;
let link = '';
const email = `friend${Date.now()}@example.com`;

beforeAll(async () => {
  const { context, page: p } = await phone(app.browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.running.url });
  page = p;
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
});

const stat = (p: Page, key: string) => p.locator(`[data-testid="invite-${key}"] dd`);

describe('my invitation', () => {
  it('shows the code, the link (copied to the clipboard), a QR code, zero members and the empty state', async () => {
    await page.goto(`${app.running.url}/#/user/invite`);
    await expect(page.locator('[data-testid="invite-code"]').textContent()).resolves.toBe(DEMO_INVITATION_CODE);
    link = (await page.locator('[data-testid="invite-link"]').textContent()) ?? '';
    expect(link).toBe(`${app.running.url}/#/login/register?invitationCode=${DEMO_INVITATION_CODE}`);
    await page.locator('.invite-qr svg').waitFor();
    for (const key of ['level-1', 'level-2', 'level-3', 'total']) await expect(stat(page, key).textContent()).resolves.toBe('0');
    await expect(page.locator('[data-testid="invite-empty"]').textContent()).resolves.toBe(en.invite.empty);

    await page.click(`button[aria-label="${en.invite.copyLink}"]`);
    await page.locator('.toast', { hasText: en.common.copied }).waitFor({ timeout: 5000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // Headless Chromium on Linux has no Web Share: the button is left out rather than failing.
    const canShare = await page.evaluate(() => typeof navigator.share === 'function');
    expect(await page.locator('.invite-share').count()).toBe(canShare ? 1 : 0);
  });

  it('the link opens registration with the code filled in on both tabs; registering makes a level-1 member', async () => {
    const { context, page: friend } = await phone(app.browser);
    await friend.goto(link);
    await friend.locator('#root_invitationCode').waitFor();
    await expect(friend.locator('#root_invitationCode').inputValue()).resolves.toBe(DEMO_INVITATION_CODE);
    await friend.locator('[role=tab]').nth(1).click();
    await friend.locator('#root_phone').waitFor();
    await expect(friend.locator('#root_invitationCode').inputValue()).resolves.toBe(DEMO_INVITATION_CODE);
    await friend.locator('[role=tab]').nth(0).click();
    await friend.locator('#root_email').waitFor();
    await expect(friend.locator('#root_invitationCode').inputValue()).resolves.toBe(DEMO_INVITATION_CODE);

    await friend.fill('#root_email', email);
    await friend.click(`text=${en.sendCode.send}`);
    await friend.locator('.toast', { hasText: en.sendCode.sent }).waitFor({ timeout: 5000 });
    await friend.fill('#root_emailCode', await latestCode(app.running.app, email));
    await friend.fill('#root_passWord', 'friend-pass-1');
    await friend.fill('#root_confirmPassword', 'friend-pass-1');
    await solveCaptcha(friend, app.running.app);
    await friend.click('button[type=submit]');
    await waitForHash(friend, '#/home/home');
    await context.close();

    const row = await app.running.app.db.selectFrom('users').select(['invited_by']).where('email', '=', email).executeTakeFirstOrThrow();
    const demo = await app.running.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(demo.id);

    await page.reload();
    await expect(stat(page, 'level-1').textContent()).resolves.toBe('1');
    await expect(stat(page, 'level-2').textContent()).resolves.toBe('0');
    await expect(stat(page, 'total').textContent()).resolves.toBe('1');
    const member = page.locator('[data-testid="invite-members"] .invite-member');
    await expect(member.count()).resolves.toBe(1);
    const text = (await member.textContent()) ?? '';
    expect(text).toContain('fr•••@example.com');
    expect(text).not.toContain(email);
    expect(text).toContain(en.invite.unverified);
  });

  it('fits a 390 px phone in German, dark and light (screenshots at 390×844 with E2E_SHOTS)', async () => {
    const token = await page.evaluate(() => localStorage.getItem('session'));
    const dir = process.env.E2E_SHOTS;
    if (dir) mkdirSync(dir, { recursive: true });
    for (const [locale, theme] of [
      ['de-DE', 'dark'],
      ['de-DE', 'light'],
      ['en-US', 'dark'],
      ['en-US', 'light'],
    ] as const) {
      const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 2, hasTouch: true });
      const shot = await context.newPage();
      await shot.addInitScript(
        ([session, th]) => {
          localStorage.setItem('session', session!);
          localStorage.setItem('theme', th!);
        },
        [token, theme],
      );
      await shot.goto(`${app.running.url}/#/user/invite`);
      await shot.locator('[data-testid="invite-members"]').waitFor();
      await shot.locator('.invite-qr svg').waitFor();
      expect(await shot.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const overflow = await shot.evaluate(() => {
        const column = document.querySelector('.app')!.getBoundingClientRect();
        const wide = [...document.querySelectorAll('.invite, .invite *')].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.right > column.right + 0.5 || r.left < column.left - 0.5;
        });
        // a phone's column is its whole width (up to 480 px; 375 px on a desktop)
        return {
          column: column.left >= -0.5 && column.right <= window.innerWidth + 0.5,
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          wide: wide.map((e) => e.className),
        };
      });
      expect(overflow).toEqual({ column: true, page: 0, wide: [] });
      if (dir) await shot.screenshot({ path: join(dir, `invite-${locale}-${theme}.png`), fullPage: true });
      await context.close();
    }
  });
});
