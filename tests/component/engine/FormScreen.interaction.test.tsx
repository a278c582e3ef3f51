// @vitest-environment happy-dom
// FormScreen as a user meets it, against the real server on a loopback port: live limits
// read from a data source (the user's balance of the chosen coin), the hint and the All
// button, client refusals that send nothing, and server refusals shown under their field.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formSchemaOf, type ScreenDef } from '../../../contract/screen';
import { validatorCode } from '../../../scripts/gen/validators';
import { buildServer } from '../../../server/composition/app';
import { businessError, validationError } from '../../../server/core/errors';
import type { HandlerTable } from '../../../server/platform/http/handler';
import { captcha as captchaAnswer } from '../../../server/ops/commands';
import { api, withoutFields } from '../../../src/api/base';
import { configureApi, type Idempotent } from '../../../src/api/baseQuery';
import { endpoint as assets } from '../../../src/api/generated/screens/assets';
import FormScreen from '../../../src/engine/FormScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { createStore } from '../../../src/store';
import { loadedFixture, transferDemo } from '../../fixtures/transfer-demo';
import { useLanguage } from '../render';

const transfer = transferDemo;

let app: FastifyInstance;
let token = '';
const accepted: { coin: string; num: string }[] = [];
/** Requests that reached the server for the form's endpoint */
let sent = 0;
/** The Idempotency-Key of each of those requests */
const keys: (string | undefined)[] = [];
let module: ScreenModule;

beforeAll(async () => {
  await useLanguage('en-US');
  // the server side of the fixture: refuses "13" as a field error and "14" with 4020, accepts the rest
  const handlers = {
    transferDemo: async (input: { coin: string; num: string }) => {
      if (input.num === '13') throw validationError('num', 'validation.invalid');
      if (input.num === '14') throw businessError(4020);
      accepted.push(input);
      return null;
    },
  } as unknown as HandlerTable;
  app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'form-')), scheduler: false, extra: { screens: [loadedFixture(transfer)], handlers } });
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/test/transfer')) return;
    sent++;
    keys.push(req.headers['idempotency-key'] as string | undefined);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const cap = await app.inject({ method: 'POST', url: '/api/base/captcha' });
  const captchaId = cap.json().data.captchaId as string;
  const loginRes = await app.inject({
    method: 'POST',
    url: '/api/base/login',
    payload: { username: 'demo@coinapp.test', password: 'demo123456', captchaId, captcha: await captchaAnswer(app.db, captchaId) },
  });
  token = loginRes.json().data.token;
  // the page and the API are on different loopback origins here; the real app serves both from one
  (window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM.settings.fetch.disableSameOriginPolicy = true;
  configureApi({ apiRoot: url, fetch: (...a) => globalThis.fetch(...a), getToken: () => token, getLang: () => 'en', schedule: (fn) => fn() });

  // The client side of the fixture, as `npm run gen` would emit it: endpoint, precompiled validator, sources.
  const validatorId = 'transferDemo';
  // inside the project, where the test runner may load modules from
  const dir = join(import.meta.dirname, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(mkdtempSync(join(dir, 'validator-')), 'v.mjs');
  writeFileSync(file, validatorCode(formSchemaOf(transfer.payload, validatorId)));
  const injected = api.injectEndpoints({
    endpoints: (build) => ({
      transferDemo: build.mutation<null, Record<string, unknown> & Idempotent>({
        // the action's Idempotency-Key goes in the header, never the body (scripts/gen/module.ts)
        query: (arg) => ({
          path: '/test/transfer',
          method: 'POST',
          idempotencyKey: arg.idempotencyKey,
          body: withoutFields(arg, ['idempotencyKey']),
          fieldErrors: { fields: ['coin', 'num'], codes: [4020] },
        }),
      }),
    }),
  });
  const { record: _r, response: _s, ...def } = transfer;
  module = {
    screen: { ...def, validatorId } as ScreenDef,
    endpoint: injected.endpoints.transferDemo,
    rowActions: {},
    validate: await import(file),
    sources: { asset: assets },
  };
});
afterAll(() => app.close());
afterEach(cleanup);

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function show(entry = '/bitcoin/exchange') {
  const store = createStore({ token, user: null });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/bitcoin/exchange" element={<FormScreen module={module} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const amount = () => screen.getByLabelText(/Amount/) as HTMLInputElement;
const submit = () => act(() => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));

describe('a form with live limits', () => {
  it('shows what the user has of the chosen coin, and All fills it', async () => {
    show();
    await screen.findByText('Available 10,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(amount().value).toBe('10000');
  });

  it('follows the chosen coin', async () => {
    show();
    await screen.findByText('Available 10,000.00');
    fireEvent.change(screen.getByLabelText(/Coin/), { target: { value: 'BTC' } });
    await screen.findByText(/^Available 0\.5/);
  });

  it('reads the amount in the language’s format: grouping accepted, a contradiction named and not sent', async () => {
    show();
    fireEvent.change(amount(), { target: { value: '2,500' } });
    await submit();
    await waitFor(() => expect(accepted.at(-1)).toEqual({ coin: 'USDT', num: '2500' }));
    fireEvent.change(amount(), { target: { value: '1,5a.3' } });
    expect(amount().value).toBe('1,5.3');
    await screen.findByText('Type the amount like 1,234.56: one decimal separator, digits grouped in threes.');
    const before = accepted.length;
    await submit();
    expect(accepted.length).toBe(before);
    // the tests after count from an empty server
    accepted.length = 0;
    sent = 0;
  });

  it('refuses more than is available on the device, naming the limit, and sends nothing', async () => {
    show();
    await screen.findByText('Available 10,000.00');
    fireEvent.change(amount(), { target: { value: '20000' } });
    await submit();
    await screen.findByText('Not more than the available 10,000.00');
    expect(sent).toBe(0);
  });

  it('submits an amount within the limit', async () => {
    show();
    await screen.findByText('Available 10,000.00');
    fireEvent.change(amount(), { target: { value: '25.5' } });
    await submit();
    await waitFor(() => expect(accepted).toEqual([{ coin: 'USDT', num: '25.5' }]));
    // the submit carried a fresh Idempotency-Key (a UUID), in the header and not the body
    expect(keys.at(-1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('shows a server refusal of a field under that field, as an alert', async () => {
    show();
    await screen.findByText('Available 10,000.00');
    fireEvent.change(amount(), { target: { value: '13' } });
    await submit();
    const message = await screen.findByText('Invalid value');
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.closest('.field')?.querySelector('input')?.id).toBe('root_num');
  });

  it('shows a business code the screen maps to a field under that field', async () => {
    show();
    await screen.findByText('Available 10,000.00');
    fireEvent.change(amount(), { target: { value: '14' } });
    await submit();
    const message = await screen.findByText('Insufficient balance');
    expect(message.closest('.field')?.querySelector('input')?.id).toBe('root_num');
  });

  it('goes back to the screen that opened it (?back=), and only within the app', async () => {
    show('/bitcoin/exchange?back=%2Fbitcoin%2Fwithdraw%3Fcoinname%3DBTC');
    await screen.findByText('Available 10,000.00');
    fireEvent.change(amount(), { target: { value: '1' } });
    await submit();
    expect((await screen.findByTestId('where')).textContent).toBe('/bitcoin/withdraw?coinname=BTC');
    cleanup();
    show('/bitcoin/exchange?back=https%3A%2F%2Fevil.example');
    await screen.findByText('Available 10,000.00');
    fireEvent.change(amount(), { target: { value: '1' } });
    await submit();
    await waitFor(() => expect(accepted.filter((a) => a.num === '1')).toHaveLength(2));
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
