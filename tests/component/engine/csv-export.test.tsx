// @vitest-environment happy-dom
// Export of a record list (the financial records) against the real server: every record under
// the current filters, across pages, formatted as the list shows it, as one CSV download.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captcha as captchaAnswer } from '../../../server/ops/commands';
import { adminDeposit } from '../../../server/composition/money';
import { configureApi } from '../../../src/api/baseQuery';
import * as coinRecords from '../../../src/api/generated/screens/coin-records';
import { toCsv } from '../../../src/engine/csv';
import ListScreen from '../../../src/engine/ListScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { createStore } from '../../../src/store';
import { clock, startServer, type TestServer } from '../../server/helpers';
import { useLanguage } from '../render';

const module = coinRecords as unknown as ScreenModule;
const c = clock();
const httpFetch: typeof fetch = (...a) => globalThis.fetch(...a);
/** More than one export page (100) of administrator deposits */
const DEPOSITS = 130;

let s: TestServer;
let token = '';
let downloads: Blob[] = [];

beforeAll(async () => {
  await useLanguage('en-US');
  s = await startServer({ scheduler: false }, c);
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${base}/`);
  const cap = (await (await httpFetch(`${base}/api/base/captcha`, { method: 'POST' })).json()) as { data: { captchaId: string } };
  const res = await httpFetch(`${base}/api/base/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: 'demo@coinapp.test',
      password: 'demo123456',
      captcha: await captchaAnswer(s.app.db, cap.data.captchaId),
      captchaId: cap.data.captchaId,
    }),
  });
  const login = (await res.json()) as { data: { token: string; user: { ID: number } } };
  token = login.data.token;
  for (let i = 1; i <= DEPOSITS; i++) await adminDeposit(s.app.db, login.data.user.ID, 'USDT', `${i}.5`, c.now());
  configureApi({ apiRoot: base, fetch: httpFetch, getToken: () => token, getLang: () => 'en' });
  URL.createObjectURL = vi.fn((blob: Blob) => {
    downloads.push(blob);
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  // a browser saves a download link's file; happy-dom would navigate away from the page instead
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterAll(() => s?.app.close());
afterEach(() => {
  cleanup();
  downloads = [];
});

function show(path: string) {
  render(
    <Provider store={createStore({ token, user: null })}>
      <MemoryRouter initialEntries={[path]}>
        <ListScreen module={module} />
      </MemoryRouter>
    </Provider>,
  );
}

async function exported(): Promise<string[]> {
  await act(() => fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
  await waitFor(() => expect(downloads).toHaveLength(1));
  return (await downloads[0].text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

describe('exporting the financial records', () => {
  it('downloads every record under the filters, across pages, formatted as listed', async () => {
    show('/property/detail?coinname=USDT&type=agent_deposit');
    await screen.findAllByText('Agent deposit');
    const lines = await exported();
    expect(lines[0]).toBe('Coin,Type,Amount,Frozen,Balance after,Time');
    // the seed's own USDT deposit plus the test's, newest first
    expect(lines).toHaveLength(1 + DEPOSITS + 1);
    expect(lines[1]).toMatch(/^USDT,Agent deposit,\+130\.50 USDT,,"\d{1,3}(,\d{3})+\.\d{2} USDT","Jan 15, 2025/);
  });

  it('leaves out what the filters leave out', async () => {
    show('/property/detail?coinname=BTC');
    await screen.findAllByText('Agent deposit');
    const lines = await exported();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^BTC,Agent deposit,/);
  });
});

describe('CSV cells', () => {
  it('quote separators and keep spreadsheet formulas as text, negative amounts as numbers', () => {
    const def = {
      ...module.screen,
      list: {
        titleField: 'coinname',
        fields: [
          { field: 'remark', label: 'r' },
          { field: 'amount', label: 'a' },
        ],
      },
    };
    const csv = toCsv(def, [{ coinname: '=HYPERLINK("x")', remark: 'a, "b"', amount: '-1.5' }], 'en-US', (k) => k);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")","a, ""b""",-1.5`);
  });
});
