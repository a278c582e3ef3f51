// Accessibility in Chromium (issue 11): axe-core finds no WCAG 2.2 AA violation on any route of the
// route table, logged out (the public pages) and logged in as a user with records (every detail page
// opens a real one), in the dark theme in English and the light one in Russian (long words); nor with
// a confirmation dialog or a toast open. Nothing on those pages sticks out of the 375 px column.
// On a desktop viewport the login form works by keyboard (tab order, Enter submits), Escape closes a
// dialog, focus is visible in both themes, and toasts and the chosen pair's price are live regions.
import { isAuthPage } from '../../src/app/redirect';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import ru from '../../locales/ru-RU.json';
import { ROUTES } from '../../src/routes/routes';
import { SEED_COINS } from '../../server/funds/coins/coins';
import { notify } from '../../server/core/notify';
import { captcha as captchaAnswer } from '../../server/ops/commands';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { dataUrl, pngImage } from '../fixtures/images';
import { call, login, registerByEmail } from '../server/helpers';
import { appAndBrowser, phone, waitForHash } from './harness';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const THEMES = ['dark', 'light'] as const;
/** The language each theme's pass reads in: Russian's long words are what overflow a narrow column */
const LANGUAGE = { dark: { code: 'en-US', texts: en }, light: { code: 'ru-RU', texts: ru } } as const;
const PAY = '205718';
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const app = appAndBrowser();
let session = '';
/** ?query of the routes that show one record (or need one to show anything) */
const query: Record<string, string> = {};

beforeAll(async () => {
  const server = app.running.app;
  const signedIn = await login(server, DEMO_EMAIL, DEMO_PASSWORD);
  const token = signedIn.data.token as string;
  session = JSON.stringify({ token, user: null });
  const demoId = Number(signedIn.data.user.ID);
  const post = async (path: string, body: unknown) => {
    const r = await call(server, 'POST', path, { token, body });
    expect(r.code, `${path}: ${r.msg}`).toBe(0);
    return r.data;
  };
  const firstId = async (table: 'financing_products' | 'loan_products' | 'ieo_projects' | 'articles') =>
    Number((await server.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id);

  await post('/user/changePayPassword', { loginPassword: DEMO_PASSWORD, password: PAY });
  const usdt = ((await call(server, 'GET', '/coin/getCoinList')).data.list as { coin: string; ID: number }[]).find((c) => c.coin === 'USDT')!.ID;
  const card = {
    bankname: 'Deutsche Bank',
    accountname: 'Demo User',
    bankcard: '0532013000',
    ibna: 'DE89370400440532013000',
    payeeaddress: 'Taunusanlage 12, Frankfurt',
    country: 'DE',
  };
  await post('/user_bank/createUser_bank', { ...card, swift: 'DEUTDEFF' });
  await post('/user_qianbao/createUser_qianbao', { coin: 'USDT', czline: 'TRC20', addr: TRON, name: 'Cold wallet' });
  const spot = await post('/bborder/upbbbuy', { symbol: 'btcusdt', buytype: 'market', musdt: '100' });
  const futures = await post('/hyorder/createHyorder', { cate: 1, usdt: '10', coinname: 'btcusdt', ctime_num: 30 });
  const upload = await post('/user/uploadBase64', { base64Str: dataUrl(pngImage(24, 24)) });
  const trc20 = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;
  const deposit = await post('/recharge/createRecharge', { coin: 'USDT', czline: 'TRC20', address: trc20, num: '50', payimg: upload.url, cate: 1 });
  const withdrawal = await post('/withdraw/createWithdraw', { coinname: 'USDT', coin_id: usdt, czline: 'TRC20', address: TRON, num: '100', pay_password: PAY });
  const bank = await post('/withdraw_bank/createWithdraw_bank', { ...card, coinname: 'USDT', coin_id: usdt, num: '1000', pay_password: PAY });
  const wire = await post('/wire_transfer/createWire_transfer', { email: 'demo@example.com', amount: '5000', currency: 'USD' });
  const loanProduct = await firstId('loan_products');
  const loan = await post('/loan_order/createLoan_order', { loan_id: loanProduct, amount: '1000' });
  const financing = await firstId('financing_products');
  const ieo = await firstId('ieo_projects');
  const noticeId = await server.db.transaction().execute(async (trx) => {
    await notify(trx, demoId, 'deposit_approved', { coin: 'USDT', amount: '100' }, Date.now());
    return Number((await trx.selectFrom('notices').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
  });
  Object.assign(query, {
    '/deal/detail': `id=${spot.ID}`,
    '/contract/detail': `id=${futures.ID}`,
    '/bitcoin/paymentDetail': `id=${deposit.ID}`,
    '/bitcoin/withdrawDetail': `id=${withdrawal.ID}`,
    '/bitcoin/bankDetail': `id=${bank.ID}`,
    '/bitcoin/wireDetail': `id=${wire.ID}`,
    '/bitcoin/loanDetail': `id=${loanProduct}`,
    '/bitcoin/loanOrderDetail': `id=${loan.ID}`,
    '/stake/detail': `id=${financing}`,
    '/IEO/detail': `id=${ieo}`,
    '/user/afficheDetail': `id=${await firstId('articles')}`,
    '/user/informDetail': `id=${noticeId}`,
    '/property/detail': 'coin=USDT',
    '/bitcoin/payment': 'coin=USDT',
    '/bitcoin/withdraw': 'coin=USDT',
    '/open-location': 'lat=48.8584&lon=2.2945&name=Eiffel%20Tower',
  });
});

/** Waits until no request has been in flight for 300 ms, nothing is loading and the page transition has ended. */
async function settle(page: Page, pending: Set<unknown>): Promise<void> {
  const start = Date.now();
  let quietSince = Date.now();
  while (Date.now() - start < 6000) {
    await page.waitForTimeout(100);
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) break;
  }
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton'), null, { timeout: 5000 });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        // a live price's flash that a new tick replaces is cancelled: ended too
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** A phone page (or a desktop one of `viewport`) counting its requests in flight, with a theme, a language (and a session) in localStorage. */
async function openPage(theme: string, signedIn: boolean, viewport?: { width: number; height: number }, lang = 'en-US') {
  const { context, page } = viewport ? { context: await app.browser.newContext({ viewport, locale: lang }), page: undefined } : await phone(app.browser, lang);
  await context.addInitScript(
    ([t, s, l]) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('lang', l);
      if (s) localStorage.setItem('session', s);
    },
    [theme, signedIn ? session : '', lang] as const,
  );
  return { context, ...tracked(page ?? (await context.newPage())) };
}

/** `page` with the set of its requests in flight. */
function tracked(page: Page): { page: Page; pending: Set<unknown> } {
  const pending = new Set<unknown>();
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return { page, pending };
}

type Found = string[];

/** Adds "route theme rule target" for every node of every violation. */
async function audit(page: Page, label: string, found: Found): Promise<void> {
  // legacy mode runs axe in the page itself: the app has no frames, and it spares a blank page per run (about 4× faster)
  const result = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  for (const v of result.violations)
    for (const node of v.nodes) found.push(`${label} ${v.id} ${node.target.join(' ')}${v.id === 'color-contrast' ? ` (${node.any[0]?.message ?? ''})` : ''}`);
}

/**
 * Adds "route sticks out: element right edge" for every element whose right edge lies past the
 * viewport's, unless a box inside the app's column scrolls or clips sideways on purpose (a strip of pairs).
 */
async function sticksOut(page: Page, label: string, found: Found): Promise<void> {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (e: Element) => {
      // .app clips the whole column (overflow-x: clip), which hides an overflow rather than meaning it
      for (let p = e.parentElement; p && !p.classList.contains('app'); p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && !clipped(e))
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${Math.round(e.getBoundingClientRect().right)}`);
  });
  for (const w of wide) found.push(`${label} sticks out: ${w}`);
}

const publicPaths = ROUTES.filter((r) => r.public).map((r) => r.path);
// a signed-in user has no business on the sign-in pages (src/app/redirect.ts sends them on)
const signedInPaths = ROUTES.filter((r) => !isAuthPage(r.path) && !['/login/password', '/login/forgetPassword'].includes(r.path)).map((r) => r.path);

describe('axe-core, WCAG 2.2 AA', () => {
  for (const theme of THEMES) {
    const { code: lang, texts } = LANGUAGE[theme];
    it(`finds nothing on the public pages, logged out, ${theme}, ${lang}`, async () => {
      const { context, page, pending } = await openPage(theme, false, undefined, lang);
      const found: Found = [];
      for (const path of publicPaths) {
        await page.goto(`${app.running.url}/#${path}`);
        await settle(page, pending);
        await audit(page, `${path} ${theme}`, found);
        await sticksOut(page, `${path} ${lang}`, found);
      }
      // a toast: the send-code button without an email says what is missing
      await page.goto(`${app.running.url}/#/login/register`);
      await settle(page, pending);
      await page.click(`text=${texts.sendCode.send}`);
      // in the polite live region, present before the toast
      await page.locator('[role="status"] .toast', { hasText: texts.sendCode.needEmail }).waitFor();
      await audit(page, `toast ${theme}`, found);
      await context.close();
      expect(found).toEqual([]);
    });

    it(`finds nothing on every other route with a user's records, ${theme}, ${lang}`, async () => {
      const { context, page, pending } = await openPage(theme, true, undefined, lang);
      const found: Found = [];
      const queue = [...signedInPaths];
      // two pages take turns: most of a route's time is the wait for it to settle, not axe
      const auditQueue = async ({ page, pending }: ReturnType<typeof tracked>) => {
        for (let path = queue.shift(); path; path = queue.shift()) {
          await page.goto(`${app.running.url}/#${path}${query[path] ? `?${query[path]}` : ''}`);
          await settle(page, pending);
          expect(await page.evaluate(() => window.location.hash), `${path}: a guard or an error sent the page away`).toContain(path);
          await audit(page, `${path} ${theme}`, found);
          await sticksOut(page, `${path} ${lang}`, found);
        }
      };
      const second = tracked(await context.newPage());
      await Promise.all([auditQueue({ page, pending }), auditQueue(second)]);
      await second.page.close();
      // a confirmation dialog
      await page.goto(`${app.running.url}/#/user/my`);
      await settle(page, pending);
      await page.click(`text=${texts.user.logout}`);
      await page.getByRole('alertdialog', { name: texts.user.logoutConfirm }).waitFor();
      await settle(page, pending);
      await audit(page, `dialog ${theme}`, found);
      await context.close();
      expect(found.sort()).toEqual([]);
    });
  }
});

/** Relative luminance contrast of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const lum = (rgb: string) => {
    const [r, g, b2] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The focused element as a user would name it: its label, its id or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement;
    return e.getAttribute('aria-label') ?? (e.id || (e.textContent ?? '').trim());
  });

describe('keyboard on a desktop', () => {
  const EMAIL = 'keyboard-a11y@example.com';
  const PASSWORD = 'Secret-pass-123';

  it('tabs through the login form in reading order and Enter logs in', async () => {
    await registerByEmail(app.running.app, EMAIL, PASSWORD);
    const { context, page, pending } = await openPage('dark', false, { width: 1280, height: 800 });
    await page.goto(`${app.running.url}/#/login/login`);
    await settle(page, pending);
    // the form engine's chunk may arrive after the network went quiet
    await page.locator('form input').first().waitFor();
    const order: string[] = [];
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    expect(order).toEqual([
      en.common.back,
      'root_username',
      'root_password',
      en.common.showPassword,
      'root_captcha',
      en.captcha.refresh,
      en.login.submit,
      en.login.forgot,
      en.login.toRegister,
    ]);

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('root_username');
    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => (document.querySelector('#root_captchaId') as HTMLInputElement | null)?.value);
    await page.keyboard.type((await captchaAnswer(app.running.app.db, await page.inputValue('#root_captchaId')))!);
    await page.keyboard.press('Enter');
    await waitForHash(page, '#/home/home');
    await context.close();
  });

  it('Escape closes the confirmation dialog without logging out, and focus goes back to the button', async () => {
    const { context, page, pending } = await openPage('dark', true, { width: 1280, height: 800 });
    await page.goto(`${app.running.url}/#/user/my`);
    await settle(page, pending);
    await page.getByRole('button', { name: en.user.logout }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: en.user.logoutConfirm }).waitFor();
    expect(await focused(page)).toBe(en.common.cancel);
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(en.user.logout);
    expect(await page.evaluate(() => window.location.hash)).toBe('#/user/my');
    expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();
    await context.close();
  });

  for (const theme of THEMES) {
    it(`shows where the focus is in the ${theme} theme: a 2 px outline at 3:1 against the page`, async () => {
      const { context, page, pending } = await openPage(theme, false, { width: 1280, height: 800 });
      await page.goto(`${app.running.url}/#/login/login`);
      await settle(page, pending);
      await page.locator('form input').first().waitFor();
      const seen: { name: string; style: string; width: string; ratio: number }[] = [];
      for (let i = 0; i < 9; i++) {
        await page.keyboard.press('Tab');
        const { style, width, color, background } = await page.evaluate(() => {
          const css = getComputedStyle(document.activeElement!);
          return { style: css.outlineStyle, width: css.outlineWidth, color: css.outlineColor, background: getComputedStyle(document.body).backgroundColor };
        });
        seen.push({ name: await focused(page), style, width, ratio: contrast(color, background) });
      }
      for (const s of seen) {
        expect(s.style, s.name).toBe('solid');
        expect(parseFloat(s.width), s.name).toBeGreaterThanOrEqual(2);
        expect(s.ratio, s.name).toBeGreaterThanOrEqual(3);
      }
      await context.close();
    });
  }
});

describe('live regions', () => {
  it('the chosen pair price on the spot screen is a polite, atomic live region', async () => {
    const { context, page, pending } = await openPage('dark', true);
    await page.goto(`${app.running.url}/#/deal/deal?symbol=ethusdt`);
    await settle(page, pending);
    const region = page.locator('.last-price [role="status"]');
    await expect(region.getAttribute('aria-atomic')).resolves.toBe('true');
    await expect.poll(() => region.textContent()).toMatch(new RegExp(`^${en.trade.price}: [\\d,]+\\.\\d+$`));
    await context.close();
  });
});
