// Notifications and content in Chromium: operator HTML goes through DOMPurify before it is shown
// (a <script>, an onerror handler and a javascript: link stored in an announcement never run),
// the personal centre's unread badge, the notification centre (unread rows, a notice opened is
// read when the list is shown again, mark all as read), and the about, MSB and contact pages.
// Nothing overflows a phone's column in German; with E2E_SHOTS=<dir> it saves 390×844
// screenshots (dark, light, German).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { notify } from '../../server/core/notify';
import { runCli } from '../../server/ops/cli';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed';
import { appAndBrowser, loginThroughUi, phone, waitForHash } from './harness';

const app = appAndBrowser();
let page: Page;
let demoId = 0;
let articleId = 0;
const dialogs: string[] = [];

const PAYLOAD = [
  '<p id="kept">Fees <b>drop</b> on Monday. <a id="good-link" href="https://example.com/fees">Details</a></p>',
  '<img id="bad-img" src="x" onerror="window.__pwned = \'img\'; alert(1)">',
  '<script>window.__pwned = "script"; alert(2)</script>',
  '<a id="bad-link" href="javascript:window.__pwned = \'link\'; alert(3)">click</a>',
  '<iframe id="bad-frame" srcdoc="<script>parent.__pwned = 1</script>"></iframe>',
  '<svg><animate onbegin="window.__pwned = \'svg\'" attributeName="x" dur="1s"/></svg>',
].join('');

beforeAll(async () => {
  page = (await phone(app.browser)).page;
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await loginThroughUi(page, app.running, DEMO_EMAIL, DEMO_PASSWORD);
  const demo = await app.running.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  demoId = Number(demo.id);
  // straight into the table: the operator command refuses such content; the app must not trust that
  const row = await app.running.app.db
    .insertInto('articles')
    .values({ title: 'Fee update', summary: 'Fees drop.', content: PAYLOAD, category: 1, created_at: Date.now(), translations: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  articleId = Number(row.id);
});

describe('operator HTML', () => {
  it('is sanitised before it is shown: the text and safe markup stay, nothing of the payload runs', async () => {
    await page.goto(`${app.running.url}/#/user/afficheDetail?id=${articleId}`);
    await page.locator('#kept').waitFor();
    await page.waitForTimeout(300);
    const found = await page.evaluate(() => ({
      kept: document.querySelector('#kept')?.textContent,
      bold: document.querySelector('#kept b')?.textContent,
      scripts: document.querySelectorAll('.detail-body script').length,
      handlers: document.querySelectorAll('.detail-body [onerror], .detail-body [onbegin]').length,
      frames: document.querySelectorAll('.detail-body iframe, .detail-body svg').length,
      badHref: document.querySelector('#bad-link')?.getAttribute('href') ?? null,
      good: { target: document.querySelector('#good-link')?.getAttribute('target'), rel: document.querySelector('#good-link')?.getAttribute('rel') },
      pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    }));
    expect(found).toEqual({
      kept: 'Fees drop on Monday. Details',
      bold: 'drop',
      scripts: 0,
      handlers: 0,
      frames: 0,
      badHref: null,
      good: { target: '_blank', rel: 'noopener noreferrer' },
      pwned: null,
    });
    // clicking what is left of the javascript: link does nothing either
    await page.click('#bad-link');
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull();
    expect(dialogs).toEqual([]);
  });

  it('the home route does not load the sanitiser; an announcement does', async () => {
    const token = await page.evaluate(() => localStorage.getItem('session'));
    const { context, page: fresh } = await phone(app.browser);
    await fresh.addInitScript((session) => localStorage.setItem('session', session!), token);
    const loaded: string[] = [];
    fresh.on('request', (r) => loaded.push(r.url()));
    await fresh.goto(`${app.running.url}/#/home/home`);
    await fresh.locator('.notice-strip').waitFor();
    await fresh.waitForTimeout(500);
    expect(loaded.filter((u) => /purify/i.test(u))).toEqual([]);
    await fresh.goto(`${app.running.url}/#/user/afficheDetail?id=${articleId}`);
    await fresh.locator('#kept').waitFor();
    expect(loaded.filter((u) => /purify/i.test(u))).toHaveLength(1);
    await context.close();
  });
});

describe('notification centre', () => {
  it('the badge counts unread notices; opening one reads it; mark all as read clears the rest', async () => {
    const now = Date.now();
    await app.running.app.db.transaction().execute(async (trx) => {
      await notify(trx, demoId, 'deposit_approved', { coin: 'USDT', amount: '100' }, now);
      await notify(trx, demoId, 'withdrawal_rejected', { coin: 'USDT', amount: '30', reason: 'Address flagged' }, now + 1);
      await notify(trx, demoId, 'kyc_approved', {}, now + 2);
    });
    await page.goto(`${app.running.url}/#/user/my`);
    const entry = page.getByRole('link', { name: `${en.route.user.inform}, ${en.inform.unread.replace('{{count}}', '3')}` });
    await entry.waitFor();
    await expect(entry.locator('.unread-badge').textContent()).resolves.toBe('3');

    await entry.click();
    await waitForHash(page, '#/user/inform');
    await page.getByText(en.notice.kyc_approved.title).waitFor();
    await expect(page.getByText(en.inform.state['0'], { exact: true }).count()).resolves.toBe(3);

    await page.getByText(en.notice.withdrawal_rejected.title).click();
    await page.locator('.detail-body').waitFor();
    await expect(page.locator('.detail-body').textContent()).resolves.toBe(
      'Your withdrawal of 30 USDT was rejected and the amount with its fee is back in your available balance. Reason: Address flagged',
    );
    await page.goBack();
    await page.getByText(en.notice.kyc_approved.title).waitFor();
    await page.waitForFunction(
      (read) => [...document.querySelectorAll('.row')].filter((r) => r.textContent?.includes(read)).length === 1,
      en.inform.state['1'],
    );
    // the unread count is a request of its own, which may answer after the rows
    await page.getByText(en.inform.unread.replace('{{count}}', '2')).waitFor();

    await page.getByRole('button', { name: en.inform.readAll }).click();
    await page.waitForFunction(
      (unread) => ![...document.querySelectorAll('.row')].some((r) => r.textContent?.includes(unread)),
      `${en.inform.stateLabel} ${en.inform.state['0']}`,
    );
    await page.goto(`${app.running.url}/#/user/my`);
    await page.getByRole('link', { name: en.route.user.inform, exact: true }).waitFor();
    expect(await page.locator('.unread-badge').count()).toBe(0);
  });
});

describe('about, MSB and contact', () => {
  it('show the version, the unconfigured MSB state and the configured channels and hours', async () => {
    await page.goto(`${app.running.url}/#/user/about`);
    await page.getByText(`${en.about.version} `, { exact: false }).waitFor();
    await expect(page.locator('.content-name').textContent()).resolves.toBe('CoinApp');
    // the articles are a request of their own, which may answer after the version
    await expect.poll(() => page.getByText(en.about.notPublished).count(), { timeout: 10_000 }).toBe(2);
    expect(
      (await runCli(['article', 'add', 'terms', 'Terms of service | The rules. | <h2>Accounts</h2><p>One account per person.</p>'], app.running.dataDir!)).code,
    ).toBe(0);
    await page.reload();
    await page.getByRole('link', { name: en.about.terms }).click();
    await page.locator('.detail-body h2', { hasText: 'Accounts' }).waitFor();
    await page.goto(`${app.running.url}/#/user/about`);
    await expect.poll(() => page.getByText(en.about.notPublished).count(), { timeout: 10_000 }).toBe(1);
    await page.goto(`${app.running.url}/#/user/MSB`);
    await page.getByText(en.msb.notConfigured).waitFor();
    // public: readable without a session
    const { context, page: guest } = await phone(app.browser, 'de-DE');
    await guest.goto(`${app.running.url}/#/user/service`);
    await guest.getByText(de.service.allDay).waitFor();
    const mail = guest.locator('a[href="mailto:support@coinapp.test"]');
    await expect(mail.textContent()).resolves.toBe(`${de.service.type.email}support@coinapp.test`);
    await context.close();
  });

  it('fit a 390 px phone in German, dark and light (screenshots at 390×844 with E2E_SHOTS)', async () => {
    const token = await page.evaluate(() => localStorage.getItem('session'));
    const dir = process.env.E2E_SHOTS;
    if (dir) mkdirSync(dir, { recursive: true });
    const pages = [
      ['inform', '/user/inform', '.rows'],
      [
        'inform-detail',
        `/user/informDetail?id=${(await app.running.app.db.selectFrom('notices').select('id').orderBy('id').executeTakeFirstOrThrow()).id}`,
        '.detail-body',
      ],
      ['my', '/user/my', '.menu'],
      ['announcement', `/user/afficheDetail?id=${articleId}`, '#kept'],
      ['about', '/user/about', '.content-name'],
      ['msb', '/user/MSB', '[data-testid="msb-none"]'],
      ['service', '/user/service', '.content-card'],
    ] as const;
    for (const [locale, theme] of [
      ['de-DE', 'dark'],
      ['de-DE', 'light'],
      ['en-US', 'dark'],
    ] as const) {
      const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 1, hasTouch: true });
      const shot = await context.newPage();
      await shot.addInitScript(
        ([session, th]) => {
          localStorage.setItem('session', session!);
          localStorage.setItem('theme', th!);
        },
        [token, theme],
      );
      for (const [name, route, ready] of pages) {
        await shot.goto(`${app.running.url}/#${route}`);
        await shot.locator(ready).first().waitFor();
        // the page transition (a slide) has ended
        await shot.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        const overflow = await shot.evaluate(() => {
          const column = document.querySelector('.app')!.getBoundingClientRect();
          const wide = [...document.querySelectorAll('.app *')].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && (r.right > column.right + 0.5 || r.left < column.left - 0.5);
          });
          // a phone's column is its whole width (up to 480 px; 375 px on a desktop)
          return {
            column: column.left >= -0.5 && column.right <= window.innerWidth + 0.5,
            page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            wide: wide.map((e) => `${e.tagName}.${e.className}`),
          };
        });
        expect(overflow, `${name} ${locale} ${theme}`).toEqual({ column: true, page: 0, wide: [] });
        if (dir) await shot.screenshot({ path: join(dir, `notices-${name}-${locale}-${theme}.png`), fullPage: true });
      }
      await context.close();
    }
  });
});
