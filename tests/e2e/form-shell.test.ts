// A captcha form opened first (register, login; issue 24, Lighthouse LCP): before any of the app's
// scripts has arrived, index.html's form shell shows the form's outline and the captcha image the
// boot script asked for; the scripts are requested only once that image is on screen; then React's
// form takes its place, with the same captcha, and the shell is gone. 390×844, dark and light,
// English and German. With E2E_SHOTS=<dir> it saves the screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser, openWithScriptsHeld, phone } from './harness';

const app = appAndBrowser();

const shellImage = (p: Page) =>
  p.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>('#form-shell img');
    const shell = document.getElementById('form-shell');
    return {
      shown: Boolean(shell && getComputedStyle(shell).display !== 'none' && !shell.hidden),
      src: img?.getAttribute('src') ?? '',
      loaded: Boolean(img?.complete && img.naturalWidth > 0),
    };
  });

async function check(locale: string, theme: 'dark' | 'light', route: string): Promise<void> {
  const { page, context } = await phone(app.browser, locale);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const scripts: number[] = [];
    let captchaAt = 0;
    page.on('request', (r) => {
      if (/\/assets\/.*\.js$/.test(r.url())) scripts.push(Date.now());
    });
    page.on('requestfinished', (r) => {
      if (r.url().endsWith('/api/base/captcha')) captchaAt = Date.now();
    });
    const release = await openWithScriptsHeld(page, `${app.running.url}/#${route}`);
    // the shell and its captcha, with no script of the app run yet
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('#form-shell img')?.naturalWidth);
    const early = await shellImage(page);
    expect(early).toMatchObject({ shown: true, loaded: true });
    expect(early.src).toMatch(/^data:image\/png;base64,/);
    expect(await page.evaluate(() => document.getElementById('root')!.childElementCount)).toBe(0);
    // the scripts are asked for once the image is painted (a frame after it decodes), not before it was in
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(captchaAt);
    const dir = process.env.E2E_SHOTS;
    const name = `form-shell-${route.split('/').pop()}-${locale.slice(0, 2)}-${theme}`;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `${name}.png`) });
    }
    release();
    // React's form: the same captcha (the boot script's, taken by the app), and the shell gone
    await page.locator('#root .captcha img').waitFor();
    await expect(page.locator('#root .captcha img').getAttribute('src')).resolves.toBe(early.src);
    // gone from the page, not only hidden: one captcha image, one form
    expect(await page.locator('#form-shell').count()).toBe(0);
    expect(await page.locator('.captcha img').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    if (dir) await page.screenshot({ path: join(dir, `${name}-app.png`) });
  } finally {
    await context.close();
  }
}

describe('the form shell of a captcha form', () => {
  it('register in English, dark and light', async () => {
    await check('en-US', 'dark', '/login/register');
    await check('en-US', 'light', '/login/register');
  });
  it('register and login in German', async () => {
    await check('de-DE', 'dark', '/login/register');
    await check('de-DE', 'light', '/login/login');
  });
});
