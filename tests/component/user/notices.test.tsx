// @vitest-environment happy-dom
// Notifications and content as a user meets them, against the real server on a loopback port:
// operator HTML is shown only after DOMPurify (a <script>, an onerror handler and a javascript:
// link never reach the DOM, even when such content is in the table), the personal centre's
// unread badge, and the notification centre with its unread rows and "mark all as read".
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/composition/app';
import { notify } from '../../../server/core/notify';
import { captcha as captchaAnswer } from '../../../server/ops/commands';
import { configureApi } from '../../../src/api/baseQuery';
import * as announcementDetail from '../../../src/api/generated/screens/announcement-detail';
import DetailScreen from '../../../src/engine/DetailScreen';
import { SafeHtml, sanitizeHtml } from '../../../src/engine/SafeHtml';
import type { ScreenModule } from '../../../src/engine/types';
import InformScreen from '../../../src/screens/user/InformScreen';
import MyScreen from '../../../src/screens/user/MyScreen';
import { createStore } from '../../../src/store';
import { useLanguage } from '../render';

const PAYLOAD = [
  '<p id="kept">Fees <b>drop</b> on Monday.</p>',
  '<img id="bad-img" src="x" onerror="window.__pwned = \'img\'">',
  '<script>window.__pwned = "script"</script>',
  '<a id="bad-link" href="javascript:window.__pwned = \'link\'">details</a>',
  '<iframe src="https://example.com"></iframe>',
  '<svg><script>window.__pwned = "svg"</script></svg>',
].join('');

type Flagged = Window & { __pwned?: string };

let app: FastifyInstance;
let token = '';
let demoId = 0;
let articleId = 0;

beforeAll(async () => {
  await useLanguage('en-US');
  app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'notices-')), scheduler: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const cap = await app.inject({ method: 'POST', url: '/api/base/captcha' });
  const captchaId = cap.json().data.captchaId as string;
  const login = await app.inject({
    method: 'POST',
    url: '/api/base/login',
    payload: { username: 'demo@coinapp.test', password: 'demo123456', captchaId, captcha: await captchaAnswer(app.db, captchaId) },
  });
  token = login.json().data.token;
  demoId = login.json().data.user.ID;
  // stored straight into the table: the operator command refuses such content, the app must not trust that
  const row = await app.db
    .insertInto('articles')
    .values({ title: 'Fee update', summary: 'Fees drop.', content: PAYLOAD, category: 1, created_at: Date.now(), translations: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  articleId = Number(row.id);
  (window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM.settings.fetch.disableSameOriginPolicy = true;
  configureApi({ apiRoot: url, fetch: (...a) => globalThis.fetch(...a), getToken: () => token, getLang: () => 'en', schedule: (fn) => fn() });
});
afterEach(cleanup);
afterAll(() => app.close());

function show(path: string, element: ReactElement, route = path.split('?')[0]) {
  const store = createStore({ token, user: { ID: demoId, email: 'demo@coinapp.test' } as never });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

function expectHarmless(root: ParentNode) {
  expect(root.querySelector('script')).toBeNull();
  expect(root.querySelector('iframe')).toBeNull();
  expect(root.querySelector('svg')).toBeNull();
  expect(root.querySelector('[onerror]')).toBeNull();
  const link = root.querySelector('#bad-link');
  expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
  expect((window as Flagged).__pwned).toBeUndefined();
}

describe('operator HTML where the sanitiser cannot run', () => {
  // DOMPurify needs a DOM it can trust: under happy-dom it leaves onerror handlers and scripts in
  // place (as it hands markup back in a browser too old for it). SafeHtml probes it once and then
  // shows the content as text, never as markup. The sanitiser itself is checked in Chromium
  // (tests/e2e/notices.test.ts).
  it('sanitizeHtml says so instead of handing the markup back', async () => {
    expect(await sanitizeHtml(PAYLOAD)).toBeNull();
  });

  it('SafeHtml then draws the words only; plain text keeps its line breaks', async () => {
    const { container } = render(<SafeHtml html={PAYLOAD} />);
    await waitFor(() => expect(container.textContent).toContain('Fees drop on Monday.'));
    expect(container.querySelector('p, b, img, a, iframe, svg, script')).toBeNull();
    expectHarmless(container);
    cleanup();
    const plain = render(<SafeHtml html={'Line one\n\n1 < 2 and 3 > 2'} />);
    expect(plain.container.textContent).toBe('Line one\n\n1 < 2 and 3 > 2');
  });

  it('an announcement whose stored content carries a payload shows its text and nothing runs', async () => {
    show(`/user/afficheDetail?id=${articleId}`, <DetailScreen module={announcementDetail as unknown as ScreenModule} />);
    await screen.findByRole('heading', { name: 'Fee update' });
    await waitFor(() => expect(document.querySelector('.detail-body')?.textContent).toContain('Fees drop on Monday.'));
    expect(document.querySelector('.detail-body img, .detail-body a, .detail-body script')).toBeNull();
    expectHarmless(document);
  });
});

describe('notification centre and the unread badge', () => {
  it('the personal centre shows the unread count; the centre marks the unread rows and reads all on request', async () => {
    const now = Date.now();
    await app.db.transaction().execute(async (trx) => {
      await notify(trx, demoId, 'deposit_approved', { coin: 'USDT', amount: '100' }, now);
      await notify(trx, demoId, 'loan_rejected', { coin: 'USDT', amount: '500', reason: 'Income not shown.' }, now + 1);
    });
    show('/user/my', <MyScreen />);
    const inform = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(inform.querySelector('.unread-badge')?.textContent).toBe('2');
    cleanup();

    show('/user/inform', <InformScreen />);
    await screen.findByText('Loan application rejected');
    expect(screen.getByText('Your loan application for 500 USDT was rejected. Reason: Income not shown.')).toBeTruthy();
    expect(screen.getAllByText('Unread')).toHaveLength(2);
    // the count is its own request: it may arrive after the rows
    expect(await screen.findByText('2 unread')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    });
    await waitFor(() => expect(screen.getAllByText('Read')).toHaveLength(2));
    expect(screen.queryByText('Unread')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull());
    cleanup();

    show('/user/my', <MyScreen />);
    await screen.findByRole('link', { name: /Notifications/ });
    await waitFor(() => expect(document.querySelector('.unread-badge')).toBeNull());
  });
});
