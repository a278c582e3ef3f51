// @vitest-environment happy-dom
// The exchange screen (its generated module) with the exchangeQuote widget against the real
// server and a fake market the test moves: the live rate, the fee and the amount received for the
// typed amount, refreshed while the screen is open, the pair swapped, a coin without a price
// explained, and a submitted exchange that moves the balances by exactly the numbers shown.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/composition/app';
import { adminDeposit, createFakeMarket, ledgerMismatches } from '../../../server/composition/money';
import { api } from '../../../src/api/base';
import { configureApi } from '../../../src/api/baseQuery';
import * as exchangeScreen from '../../../src/api/generated/screens/exchange';
import FormScreen from '../../../src/engine/FormScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { createStore } from '../../../src/store';
import { registerByEmail } from '../../server/helpers';
import { useLanguage } from '../render';
import { OverlayHost } from '../../../src/ui/overlays';

const market = createFakeMarket();
let app: FastifyInstance;
let token = '';
let userId = 0;

// The generated module, polling faster than the screen's 5 s so the test need not wait
const ui = exchangeScreen.screen.ui as Record<string, Record<string, unknown>>;
const module = {
  ...exchangeScreen,
  screen: { ...exchangeScreen.screen, ui: { ...ui, quote: { ...ui.quote, 'ui:options': { ...(ui.quote['ui:options'] as object), pollMs: 300 } } } },
} as unknown as ScreenModule;

beforeAll(async () => {
  await useLanguage('en-US');
  market.setPrice('btcusdt', '30000.00');
  app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'exchange-quote-')), scheduler: false, market });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const r = await registerByEmail(app, 'quote-widget@example.com');
  token = r.token;
  userId = r.user.ID;
  await adminDeposit(app.db, userId, 'USDT', '1000', Date.now());
  (window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM.settings.fetch.disableSameOriginPolicy = true;
  configureApi({ apiRoot: url, fetch: (...a) => globalThis.fetch(...a), getToken: () => token, getLang: () => 'en', schedule: (fn) => fn() });
});
afterAll(async () => {
  // let the refetches that follow the last exchange finish before the server goes
  await new Promise((r) => setTimeout(r, 300));
  await app.close();
});
afterEach(cleanup);

/** Renders the screen and waits for its lazily loaded widgets (slow on a loaded machine: the first import compiles them) */
async function show() {
  const store = createStore({ token, user: null });
  store.dispatch(api.util.resetApiState());
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/bitcoin/exchange']}>
        <FormScreen module={module} />
        <OverlayHost />
      </MemoryRouter>
    </Provider>,
  );
  await waitFor(() => {
    amount();
    screen.getByTestId('quote-rate');
  }, { timeout: 15_000 });
}

const select = (label: RegExp) => screen.getByLabelText(label) as HTMLSelectElement;
const amount = () => screen.getByLabelText(/Amount/) as HTMLInputElement;
const shown = (id: string) => screen.getByTestId(id).textContent;

async function balance(coin: string): Promise<bigint> {
  const row = await app.db.selectFrom('balances').select('available').where('user_id', '=', userId).where('coin', '=', coin).executeTakeFirst();
  return BigInt(row?.available ?? 0);
}

describe('exchangeQuote widget', () => {
  it('shows the live rate and, for the typed amount, the fee and what you get, to the coin’s decimals', async () => {
    await show();
    await waitFor(() => expect(shown('quote-rate')).toBe('1 USDT ≈ 0.00003333 BTC'));
    expect(shown('quote-receive')).toBe('—');
    fireEvent.change(amount(), { target: { value: '100' } });
    // 100 / 30000 = 0.00333333 BTC; fee 0.2 % rounded up 0.00000667; you get 0.00332666
    await waitFor(() => expect(shown('quote-receive')).toBe('0.00332666 BTC'));
    expect(shown('quote-fee')).toBe('0.00000667 BTC');
    expect(screen.getByText('Fee (0.2 %)')).toBeTruthy();
    expect(screen.getByText(/Available 1,000\.00$/)).toBeTruthy();
  });

  it('follows the market while the screen is open', async () => {
    market.setPrice('btcusdt', '30000.00');
    await show();
    fireEvent.change(amount(), { target: { value: '100' } });
    await waitFor(() => expect(shown('quote-receive')).toBe('0.00332666 BTC'));
    market.setPrice('btcusdt', '40000.00');
    // 100 / 40000 = 0.0025; fee 0.000005
    await waitFor(() => expect(shown('quote-receive')).toBe('0.00249500 BTC'), { timeout: 3000 });
    expect(shown('quote-rate')).toBe('1 USDT ≈ 0.00002500 BTC');
  });

  it('swaps the pair with its button, and when the to-coin is chosen as the from-coin', async () => {
    market.setPrice('btcusdt', '30000.00');
    await show();
    await waitFor(() => expect(shown('quote-rate')).toBe('1 USDT ≈ 0.00003333 BTC'));
    fireEvent.click(screen.getByRole('button', { name: /Swap/ }));
    await waitFor(() => expect(shown('quote-rate')).toBe('1 BTC ≈ 30,000.00 USDT'));
    expect(select(/From/).value).toBe('BTC');
    expect(select(/To/).value).toBe('USDT');
    fireEvent.change(select(/From/), { target: { value: 'USDT' } });
    await waitFor(() => expect(select(/To/).value).toBe('BTC'));
    await waitFor(() => expect(shown('quote-rate')).toBe('1 USDT ≈ 0.00003333 BTC'));
  });

  it('says when a coin has no current price', async () => {
    await show();
    await waitFor(() => expect(select(/To/).value).toBe('BTC'));
    // a closed market has no current price
    market.setOpen('bnbusdt', false);
    try {
      fireEvent.change(select(/To/), { target: { value: 'BNB' } });
      await screen.findByText('BNB has no current price, so it cannot be exchanged right now.');
    } finally {
      market.setOpen('bnbusdt', true);
    }
  });

  it('submits: the balances move by exactly the amounts the widget showed', async () => {
    market.setPrice('btcusdt', '30000.00');
    await show();
    fireEvent.change(amount(), { target: { value: '250.5' } });
    // 250.5 / 30000 = 0.00835 BTC; fee 0.0000167; you get 0.0083333
    await waitFor(() => expect(shown('quote-receive')).toBe('0.00833330 BTC'));
    const [usdt, btc] = [await balance('USDT'), await balance('BTC')];
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Exchange' })));
    // nothing moves before the customer confirms what is paid and got
    expect(await balance('BTC')).toBe(btc);
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await act(() => fireEvent.click(confirm));
    await waitFor(async () => expect(await balance('BTC')).toBe(btc + 833_330n));
    expect(await balance('USDT')).toBe(usdt - 25_050_000_000n);
    expect(await ledgerMismatches(app.db)).toEqual([]);
  });
});
