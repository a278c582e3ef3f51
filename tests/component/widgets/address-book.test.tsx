// @vitest-environment happy-dom
// The address-book widget against the real server: on the withdraw form the address is
// checked for the chosen network as the user types (the network's example as the hint), the
// picker offers the saved addresses of the form's coin and network only, shows when a new one
// becomes usable and, in whitelist mode, does not offer it before then. On the whitelist tab
// the switch starts from the current mode.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as withdrawScreen from '../../../src/api/generated/screens/withdraw';
import * as addAddressScreen from '../../../src/api/generated/screens/withdrawal-address-add';
import * as whitelistScreen from '../../../src/api/generated/screens/withdrawal-address-whitelist';
import { showForm, startWidgetServer, type WidgetServer } from './withdraw-server';

const COLD = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const FRESH = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

let w: WidgetServer;
beforeAll(async () => {
  w = await startWidgetServer();
  const save = async (coin: string, czline: string, addr: string, name: string) =>
    expect((await w.api('POST', '/user_qianbao/createUser_qianbao', { coin, czline, addr, name })).code).toBe(0);
  await save('USDT', 'TRC20', COLD, 'Cold wallet');
  await save('USDT', 'ERC20', EVM, 'Ledger ERC20');
  await save('BTC', 'BTC', BTC, 'BTC savings');
  // saved in whitelist mode: usable 24 hours later
  expect((await w.api('PUT', '/user_qianbao/whitelist', { enabled: true })).code).toBe(0);
  await save('USDT', 'TRC20', FRESH, 'New exchange');
});
afterAll(() => w.s.app.close());
afterEach(cleanup);

const address = () => screen.getByLabelText(/^Withdrawal address/) as HTMLInputElement;
const type = (v: string) => fireEvent.change(address(), { target: { value: v } });

describe('the withdraw form address', () => {
  it('checks the format for the chosen network as the user types, with the example as the hint', async () => {
    showForm(withdrawScreen, '/bitcoin/withdraw?coinname=USDT', w.token);
    await screen.findByText('TRON (TRC20) address, e.g. TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
    expect(address().placeholder).toBe('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');

    type(EVM);
    const bad = screen.getByText('This is not a valid TRC20 address. Example: TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
    expect(bad.getAttribute('role')).toBe('alert');
    expect(address().getAttribute('aria-invalid')).toBe('true');

    // the same address is right on ERC20, and it is in the address book
    fireEvent.click(screen.getByRole('radio', { name: 'ERC20' }));
    await screen.findByText('Saved as “Ledger ERC20”');
    expect(address().getAttribute('aria-invalid')).toBeNull();

    // whitelist mode: a well-formed address that is not saved is flagged
    fireEvent.click(screen.getByRole('radio', { name: 'TRC20' }));
    type('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await screen.findByText('Whitelist mode is on: choose a saved address');
  });

  it('offers the saved addresses of the coin and network only; one not yet usable is shown with its time and cannot be picked', async () => {
    showForm(withdrawScreen, '/bitcoin/withdraw?coinname=USDT', w.token);
    await screen.findByText(/TRON \(TRC20\) address/);
    const toggle = screen.getByRole('button', { name: 'Choose from the address book' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const list = await screen.findByRole('listbox', { name: 'Address book' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.querySelector('.address-book-name')?.textContent)).toEqual(['New exchange', 'Cold wallet']);
    const fresh = options[0] as HTMLButtonElement;
    expect(fresh.disabled).toBe(true);
    expect(fresh.textContent).toMatch(/Usable from .*2025|Usable from .*\d{4}/);

    fireEvent.click(options[1]);
    expect(address().value).toBe(COLD);
    expect(screen.queryByRole('listbox')).toBeNull();
    await screen.findByText('Saved as “Cold wallet”');

    // typing the one that is not usable yet says until when
    type(FRESH);
    await screen.findByText(/^“New exchange” can be used from /);
  });

  it('follows the coin and network, and offers to add an address when none is saved there', async () => {
    showForm(withdrawScreen, '/bitcoin/withdraw?coinname=BTC', w.token);
    await screen.findByText(/^Bitcoin address, e\.g\./);
    fireEvent.click(screen.getByRole('button', { name: 'Choose from the address book' }));
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.querySelector('.address-book-addr')?.textContent),
    ).toEqual([BTC]);

    fireEvent.change(screen.getByLabelText(/^Coin/), { target: { value: 'USDT' } });
    fireEvent.click(await screen.findByRole('radio', { name: 'BEP20' }));
    await screen.findByText('No saved USDT addresses on BEP20.', { exact: false });
    expect(screen.getByRole('link', { name: 'Add an address' }).getAttribute('href')).toBe('/user/addAddress');
  });
});

describe('the add-address form', () => {
  it('has no picker, checks the format of the chosen network, and keeps coin and network matching', async () => {
    showForm(addAddressScreen, '/user/addAddress', w.token);
    await screen.findByText('TRON (TRC20) address, e.g. TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
    expect(screen.queryByRole('button', { name: 'Choose from the address book' })).toBeNull();
    screen.getByText('Whitelist mode is on: a new address can be used for withdrawals 24 hours after you save it.');
    // BTC has one network: choosing the coin moves the network there, so BTC on TRC20 cannot be picked
    fireEvent.change(screen.getByLabelText(/^Coin/), { target: { value: 'BTC' } });
    await waitFor(() => expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['BTC']));
    expect(screen.getByRole('radio', { name: 'BTC' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: COLD } });
    await screen.findByText('This is not a valid BTC address. Example: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  });
});

describe('the whitelist switch', () => {
  it('starts from the current mode and turns it off with the withdrawal password', async () => {
    expect((await w.api('POST', '/user/changePayPassword', { loginPassword: 'demo123456', password: '418263' })).code).toBe(0);
    showForm(whitelistScreen, '/user/address', w.token);
    await screen.findByText(/^Whitelist mode is on:/);
    const on = screen.getByRole('radio', { name: 'On' });
    const off = screen.getByRole('radio', { name: 'Off' });
    await waitFor(() => expect(on.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(off);
    expect(off.getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByLabelText(/^Withdrawal password/), { target: { value: '418263' } });
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(async () => expect((await w.api('GET', '/withdraw/status')).data.whitelist).toBe(false));
    await screen.findByText(/^Whitelist mode is off:/);
  });
});
