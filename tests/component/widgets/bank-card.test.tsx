// @vitest-environment happy-dom
// The bankCard widget in the real /bitcoin/bank and /user/addBank screens (their generated
// modules), against the real server on a loopback port: with no saved card it links to the
// add-card screen; the saved cards show bank, holder and the IBAN in groups of four; picking
// one fills the payload's card fields, the cost follows the amount, and the withdrawal the
// server records goes to exactly that card. The IBAN field groups what is typed and keeps an
// IBAN with wrong check digits from being sent.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/composition/app';
import { captcha as captchaAnswer } from '../../../server/ops/commands';
import { configureApi } from '../../../src/api/baseQuery';
import * as bankCardAdd from '../../../src/api/generated/screens/bank-card-add';
import * as bankWithdraw from '../../../src/api/generated/screens/bank-withdraw';
import FormScreen from '../../../src/engine/FormScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { createStore } from '../../../src/store';
import { useLanguage } from '../render';

let app: FastifyInstance;
let token = '';
/** Requests that reached the server's create-card endpoint */
const cardPosts: string[] = [];

const card = (bankname: string, accountname: string, ibna: string) => ({
  bankname,
  accountname,
  bankcard: '12345678901234',
  ibna,
  swift: 'DEUTDEFF',
  payeeaddress: 'Taunusanlage 12, Frankfurt',
  country: ibna.slice(0, 2),
});

async function api(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url: `/api${url}`, headers: { 'x-token': token }, payload });
  const json = res.json();
  expect(json.code, json.msg).toBe(0);
  return json.data;
}

beforeAll(async () => {
  await useLanguage('en-US');
  app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'bank-card-')), scheduler: false });
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/user_bank/createUser_bank')) cardPosts.push(req.url);
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

  await api('POST', '/user/changePayPassword', { loginPassword: 'demo123456', password: '620947' });
  (window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM.settings.fetch.disableSameOriginPolicy = true;
  configureApi({ apiRoot: url, fetch: (...a) => globalThis.fetch(...a), getToken: () => token, getLang: () => 'en', schedule: (fn) => fn() });
});
afterAll(() => app.close());
afterEach(cleanup);

function show(module: unknown) {
  const store = createStore({ token, user: null });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <FormScreen module={module as ScreenModule} />
      </MemoryRouter>
    </Provider>,
  );
}

describe('the card picker of /bitcoin/bank', () => {
  it('with no saved card, says so and links to adding one', async () => {
    show(bankWithdraw);
    await screen.findByText('You have no saved bank card yet.');
    const link = screen.getByRole('link', { name: '+ Add a bank card' });
    expect(link.getAttribute('href')).toBe('/user/addBank');
    expect(screen.queryByRole('radiogroup', { name: 'To bank card' })).toBeNull();
  });

  it('shows the saved cards with holder and grouped IBAN; the picked card is the one the withdrawal goes to', async () => {
    await api('POST', '/user_bank/createUser_bank', card('Deutsche Bank', 'Demo User', 'DE89370400440532013000'));
    await api('POST', '/user_bank/createUser_bank', card('Barclays', 'Demo Holder', 'GB82WEST12345698765432'));
    show(bankWithdraw);
    const group = await screen.findByRole('radiogroup', { name: 'To bank card' });
    const choices = within(group).getAllByRole('radio');
    // newest first, as the list endpoint answers
    expect(choices.map((c) => c.textContent)).toEqual([
      'BarclaysAccount holder: Demo HolderGB82 WEST 1234 5698 7654 32',
      'Deutsche BankAccount holder: Demo UserDE89 3704 0044 0532 0130 00',
    ]);
    expect(choices.every((c) => c.getAttribute('aria-checked') === 'false')).toBe(true);
    expect(within(group).getByRole('link', { name: '+ Add a bank card' }).getAttribute('href')).toBe('/user/addBank');

    // the currency, then the amount: the cost follows the typing
    const coin = (await screen.findByLabelText(/Withdrawal currency/)) as HTMLSelectElement;
    await waitFor(() => expect(coin.querySelector('option[value="USDT"]')).not.toBeNull());
    fireEvent.change(coin, { target: { value: 'USDT' } });
    await screen.findByText('Fee: 1.00 % of the amount, charged on top');
    await screen.findByText(/^Min 50\.00 · Max 50,000\.00 · Available 9,900\.99$/);
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '1000' } });
    await screen.findByText('Fee (1.00 %): 10.00 USDT');
    screen.getByText('Frozen until reviewed: 1,010.00 USDT');

    // without a card the form refuses and sends nothing
    fireEvent.change(screen.getByLabelText(/Withdrawal password/), { target: { value: '620947' } });
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
    await screen.findByText('Choose a bank card');
    expect((await api('GET', '/withdraw_bank/myWithdraw_bankList')).total).toBe(0);

    fireEvent.click(choices[1]);
    await waitFor(() => expect(choices[1].getAttribute('aria-checked')).toBe('true'));
    expect(choices[0].getAttribute('aria-checked')).toBe('false');
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
    await waitFor(async () => expect((await api('GET', '/withdraw_bank/myWithdraw_bankList')).total).toBe(1));
    const [made] = (await api('GET', '/withdraw_bank/myWithdraw_bankList')).list;
    expect(made).toMatchObject({
      bankname: 'Deutsche Bank',
      accountname: 'Demo User',
      ibna: 'DE89370400440532013000',
      country: 'DE',
      num: '1000',
      fee: '10',
      status: 1,
    });
  });
});

describe('the IBAN field of /user/addBank', () => {
  const iban = () => screen.getByLabelText(/IBAN/) as HTMLInputElement;

  /** The form asks for the country first; an IBAN country's form then has the IBAN field */
  const inCountry = async (country: string) => {
    show(bankCardAdd);
    fireEvent.change(await screen.findByLabelText(/Country/), { target: { value: country } });
    await screen.findByLabelText(/IBAN/);
  };

  it('shows what is typed upper-case in groups of four and saves the electronic form', async () => {
    // another account than the one the customer already has (the same IBAN twice is refused)
    await inCountry('GB');
    fireEvent.change(iban(), { target: { value: 'gb33 bukb 2020 1555 5555 55' } });
    expect(iban().value).toBe('GB33 BUKB 2020 1555 5555 55');
    fireEvent.change(iban(), { target: { value: 'GB33BUKB20201555555555' } });
    expect(iban().value).toBe('GB33 BUKB 2020 1555 5555 55');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Bank name/), { target: { value: 'Barclays' } });
    fireEvent.change(screen.getByLabelText(/Account holder/), { target: { value: 'Demo Three' } });
    fireEvent.change(screen.getByLabelText(/Bank address/), { target: { value: '1 Churchill Place, London' } });
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(async () =>
      expect((await api('GET', '/user_bank/getUser_bankList')).list.some((c: { accountname: string }) => c.accountname === 'Demo Three')).toBe(true),
    );
    const saved = (await api('GET', '/user_bank/getUser_bankList')).list.find((c: { accountname: string }) => c.accountname === 'Demo Three');
    expect(saved.ibna).toBe('GB33BUKB20201555555555');
  });

  it('says when the check digits do not match, and such an IBAN is never sent', async () => {
    const before = cardPosts.length;
    await inCountry('GB');
    fireEvent.change(iban(), { target: { value: 'gb82 west 1234 5698 7654 33' } });
    expect(iban().value).toBe('GB82 WEST 1234 5698 7654 33');
    await screen.findByText("The IBAN's check digits do not match. Check it for typos.");
    expect(iban().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(iban(), { target: { value: 'GB82 WEST 1234 5698 7654 321' } });
    await screen.findByText(/IBAN has 22 characters/);
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await screen.findByText('Enter a valid IBAN (capital letters and digits)');
    expect(cardPosts.length).toBe(before);
  });
});
