// @vitest-environment happy-dom
// The record list against the real reference server on a loopback port (no fetch mocks): the
// demo user's spot orders, the status filter and its query string, paging, the empty state, and
// the error state whose Retry recovers.
import { createServer } from 'node:net';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captcha as captchaAnswer } from '../../../server/ops/commands';
import { adminDeposit, createFakeMarket } from '../../../server/composition/money';
import { configureApi } from '../../../src/api/baseQuery';
import * as spotOrderList from '../../../src/api/generated/screens/spot-order-list';
import ListScreen from '../../../src/engine/ListScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { createStore } from '../../../src/store';
import { call, clock, startServer, type TestServer } from '../../server/helpers';
import { useLanguage } from '../render';

const module = spotOrderList as unknown as ScreenModule;
const c = clock();
const market = createFakeMarket(c.now);
// The environment's fetch: happy-dom replaces Node's global fetch with its own, a real HTTP
// client that applies the browser's same-origin policy. The page is put on the server's origin
// (as in production, where one port serves the app and its API), so no CORS is involved.
const httpFetch: typeof fetch = (...a) => globalThis.fetch(...a);

let s: TestServer;
let base: string;
let token: string;
const OPEN = 21;
const FILLED = 2;
const CANCELLED = 2;
const TOTAL = OPEN + FILLED + CANCELLED; // 25: more than one page of 20

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

async function order(body: Record<string, unknown>): Promise<number> {
  c.advance(200); // stay under the per-second order limit
  const r = await call(s.app, 'POST', '/bborder/upbbbuy', { token, body });
  expect(r.code, r.msg).toBe(0);
  return r.data.ID;
}

beforeAll(async () => {
  await useLanguage('en-US');
  s = await startServer({ market, scheduler: false }, c);
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${base}/`);

  // Log the demo user in over HTTP, as the app does
  const cap = (await (await httpFetch(`${base}/api/base/captcha`, { method: 'POST' })).json()) as { data: { captchaId: string } };
  const answer = await captchaAnswer(s.app.db, cap.data.captchaId);
  const res = await httpFetch(`${base}/api/base/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo@coinapp.test', password: 'demo123456', captcha: answer, captchaId: cap.data.captchaId }),
  });
  const login = (await res.json()) as { code: number; msg: string; data: { token: string; user: { ID: number } } };
  expect(login.code, login.msg).toBe(0);
  token = login.data.token;
  await adminDeposit(s.app.db, login.data.user.ID, 'USDT', '100000', c.now());

  market.setPrice('btcusdt', '30000.00');
  for (let i = 0; i < FILLED; i++) await order({ symbol: 'btcusdt', buytype: 'market', musdt: '100' });
  for (let i = 0; i < OPEN + CANCELLED; i++) await order({ symbol: 'btcusdt', buytype: 'limit', mprice: '25000.00', mnum: '0.001' });
  const page = await call(s.app, 'GET', '/bborder/myBborderList', { token, query: { status: 1, page: 1, pageSize: 100 } });
  for (const o of page.data.list.slice(0, CANCELLED)) {
    const r = await call(s.app, 'POST', '/bborder/clearorder', { token, body: { id: o.ID } });
    expect(r.code, r.msg).toBe(0);
  }
});

afterAll(async () => {
  await s?.app.close();
});

afterEach(() => cleanup());

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function show(path = '/deal/history', apiRoot = base) {
  const store = createStore({ token, user: null });
  configureApi({ apiRoot, fetch: httpFetch, getToken: () => store.getState().session.token, getLang: () => 'en' });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <ListScreen module={module} />
                <Location />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const rows = (container: HTMLElement) => [...container.querySelectorAll('ul.rows:not([aria-busy]) > li.row')] as HTMLElement[];
const statusSelect = () => screen.getByLabelText('Status') as HTMLSelectElement;

describe('list screen against the real server', () => {
  it('renders the first page with the pair as BTC/USDT, in skeleton rows first', async () => {
    const { container } = show();
    expect(container.querySelector('ul.rows[aria-busy="true"] li.row-skeleton')).not.toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();
    await waitFor(() => expect(rows(container)).toHaveLength(20));
    for (const row of rows(container)) expect(within(row).getByText('BTC/USDT')).toBeTruthy();
    // a limit order shows its price with the pair's decimals; an open order has no average price yet, and no empty label for it
    expect(rows(container)[0].textContent).toContain('Order price 25,000.00');
    expect(rows(container)[0].textContent).not.toContain('Average price');
  });

  it('changing the status filter changes the rows and the query string', async () => {
    const { container } = show();
    await waitFor(() => expect(rows(container)).toHaveLength(20));
    fireEvent.change(statusSelect(), { target: { value: '2' } });
    await waitFor(() => expect(rows(container)).toHaveLength(FILLED));
    for (const row of rows(container)) expect(row.textContent).toContain('Status Filled');
    expect(screen.getByTestId('location').textContent).toBe('?status=2');

    fireEvent.change(statusSelect(), { target: { value: '' } });
    await waitFor(() => expect(rows(container)).toHaveLength(20));
    expect(screen.getByTestId('location').textContent).toBe('');
  });

  it('a route query ?status=3 preselects the filter', async () => {
    const { container } = show('/deal/history?status=3');
    expect(statusSelect().value).toBe('3');
    await waitFor(() => expect(rows(container)).toHaveLength(CANCELLED));
    for (const row of rows(container)) expect(row.textContent).toContain('Status Cancelled');
  });

  it('ignores a query value the filter does not offer', async () => {
    const { container } = show('/deal/history?status=9');
    expect(statusSelect().value).toBe('');
    await waitFor(() => expect(rows(container)).toHaveLength(20));
  });

  it('loads the next page', async () => {
    const { container } = show();
    await waitFor(() => expect(rows(container)).toHaveLength(20));
    expect(screen.queryByText('No more records')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows(container)).toHaveLength(TOTAL));
    expect(screen.getByText('No more records')).toBeTruthy();
    // the oldest orders are the market buys: "Market" for their price, the fill price with the pair's decimals
    const oldest = rows(container).at(-1)!;
    expect(oldest.textContent).toContain('Order price Market');
    expect(oldest.textContent).toContain('Average price 30,000.00');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the translated empty state', async () => {
    const { container } = show('/deal/history?symbol=ethusdt');
    expect((screen.getByLabelText('Trading pair') as HTMLSelectElement).value).toBe('ethusdt');
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(rows(container)).toHaveLength(0);
  });

  it('shows the error state, and Retry recovers', async () => {
    const { container } = show('/deal/history', `http://127.0.0.1:${await closedPort()}`);
    expect(await screen.findByText('Could not load. Check your connection and try again.')).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Try again' });
    configureApi({ apiRoot: base });
    await act(async () => {
      fireEvent.click(retry);
    });
    await waitFor(() => expect(rows(container)).toHaveLength(20));
    expect(screen.queryByText('Could not load. Check your connection and try again.')).toBeNull();
  });
});
