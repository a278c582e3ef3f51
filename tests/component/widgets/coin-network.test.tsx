// @vitest-environment happy-dom
// The coin and network pickers against the real server's coin table: the coins the operator
// enabled, the chosen coin's networks only (so coin and network always match), and the deposit
// address of the chosen network as text, QR code and copy button, sent with the form.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formSchemaOf, type ScreenDef } from '../../../contract/screen';
import { validatorCode } from '../../../scripts/gen/validators';
import { buildServer } from '../../../server/composition/app';
import { SEED_COINS } from '../../../server/funds/coins/coins';
import type { HandlerTable } from '../../../server/platform/http/handler';
import { runCli } from '../../../server/ops/cli';
import { api, withoutFields } from '../../../src/api/base';
import { configureApi, type Idempotent } from '../../../src/api/baseQuery';
import { endpoint as coinList } from '../../../src/api/generated/screens/coin-list';
import FormScreen from '../../../src/engine/FormScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { createStore } from '../../../src/store';
import { loadedFixture } from '../../fixtures/transfer-demo';
import { networkDemo } from '../../fixtures/network-demo';
import { useLanguage } from '../render';

let app: FastifyInstance;
let dataDir = '';
const accepted: Record<string, unknown>[] = [];
let module: ScreenModule;

const addressOf = (coin: string, network: string) => SEED_COINS.find((c) => c.coin === coin)!.networks.find((n) => n.network === network)!.address;

beforeAll(async () => {
  await useLanguage('en-US');
  const handlers = {
    networkDemo: async (input: Record<string, unknown>) => {
      accepted.push(input);
      return null;
    },
  } as unknown as HandlerTable;
  dataDir = mkdtempSync(join(tmpdir(), 'network-'));
  app = await buildServer({ dataDir, scheduler: false, extra: { screens: [loadedFixture(networkDemo)], handlers } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  (window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM.settings.fetch.disableSameOriginPolicy = true;
  configureApi({ apiRoot: url, fetch: (...a) => globalThis.fetch(...a), getToken: () => null, getLang: () => 'en', schedule: (fn) => fn() });

  const validatorId = 'networkDemo';
  const dir = join(import.meta.dirname, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(mkdtempSync(join(dir, 'validator-')), 'v.mjs');
  writeFileSync(file, validatorCode(formSchemaOf(networkDemo.payload, validatorId)));
  const injected = api.injectEndpoints({
    endpoints: (build) => ({
      networkDemo: build.mutation<null, Record<string, unknown> & Idempotent>({
        query: (arg) => ({
          path: '/test/network',
          method: 'POST',
          auth: false,
          idempotencyKey: arg.idempotencyKey,
          body: withoutFields(arg, ['idempotencyKey']),
        }),
      }),
    }),
  });
  const { record: _r, response: _s, ...def } = networkDemo;
  module = {
    screen: { ...def, validatorId } as ScreenDef,
    endpoint: injected.endpoints.networkDemo,
    rowActions: {},
    validate: await import(file),
    sources: { coins: coinList },
  };
});
afterAll(() => app.close());
afterEach(cleanup);

function show(entry = '/bitcoin/payment') {
  const store = createStore({ token: null, user: null });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <FormScreen module={module} />
      </MemoryRouter>
    </Provider>,
  );
  // a fresh cache per render: the operator changes the coin table between tests
  store.dispatch(api.util.resetApiState());
}

const coinSelect = () => screen.getByLabelText(/Coin/) as HTMLSelectElement;
const networks = () =>
  within(screen.getByRole('radiogroup'))
    .queryAllByRole('radio')
    .map((r) => r.textContent);

describe('coin and network pickers', () => {
  it('offer the enabled coins, and only the chosen coin’s networks', async () => {
    show();
    await waitFor(() => expect(networks()).toEqual(['TRC20', 'ERC20', 'BEP20']));
    expect([...coinSelect().options].map((o) => o.value)).toEqual(['USDT', 'BTC', 'ETH', 'USDC', 'TRX', 'BNB']);
    fireEvent.change(coinSelect(), { target: { value: 'BTC' } });
    await waitFor(() => expect(networks()).toEqual(['BTC']));
    expect(screen.getByRole('radio', { name: 'BTC' }).getAttribute('aria-checked')).toBe('true');
  });

  it('show the deposit address of the chosen network as text and QR code, with a copy button', async () => {
    show();
    await screen.findByText(addressOf('USDT', 'TRC20'));
    expect(document.querySelector('.deposit-address svg')).not.toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'ERC20' }));
    await screen.findByText(addressOf('USDT', 'ERC20'));
    expect(screen.queryByText(addressOf('USDT', 'TRC20'))).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
  });

  it('send a coin and network that match, with that network’s address and the coin’s id', async () => {
    show();
    await screen.findByText(addressOf('USDT', 'TRC20'));
    fireEvent.change(coinSelect(), { target: { value: 'ETH' } });
    fireEvent.click(await screen.findByRole('radio', { name: 'BEP20' }));
    await screen.findByText(addressOf('ETH', 'BEP20'));
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    await waitFor(() => expect(accepted.at(-1)).toEqual({ coin: 'ETH', coin_id: 3, czline: 'BEP20', address: addressOf('ETH', 'BEP20') }));
  });

  it('start from the coin the route names', async () => {
    show('/bitcoin/payment?coin=TRX');
    await waitFor(() => expect(coinSelect().value).toBe('TRX'));
    await waitFor(() => expect(networks()).toEqual(['TRC20']));
  });

  it('follow the operator: a network closed for deposits is not offered', async () => {
    expect((await runCli(['coin', 'network', 'USDT', 'ERC20', 'deposit=off'], dataDir)).code).toBe(0);
    show();
    await waitFor(() => expect(networks()).toEqual(['TRC20', 'BEP20']));
  });
});
