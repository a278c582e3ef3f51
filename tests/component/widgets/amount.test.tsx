// @vitest-environment happy-dom
// The amount widget: on the withdraw form (feeMode "onTop", against the real server) it shows
// the network's limits, the fee, what is deducted and what arrives as the user types, and All
// fills the available balance less the network's fee; in a form without feeMode it keeps its
// plain behaviour (hint and All, no fee line).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as withdrawScreen from '../../../src/api/generated/screens/withdraw';
import { AmountWidget } from '../../../src/widgets/amount/AmountWidget';
import { feeOnTop } from '../../../src/widgets/amount/fee';
import type { FormContext } from '../../../src/widgets/formContext';
import { showForm, startWidgetServer, type WidgetServer } from './withdraw-server';

let w: WidgetServer;
beforeAll(async () => {
  w = await startWidgetServer();
  // a withdrawal password, so the form is not blocked and can be submitted
  expect((await w.api('POST', '/user/changePayPassword', { loginPassword: 'demo123456', password: '418263' })).code).toBe(0);
});
afterAll(() => w.s.app.close());
afterEach(cleanup);

const amount = () => screen.getByLabelText(/^Amount/) as HTMLInputElement;
const feeLine = () => screen.queryByTestId('amount-fee')?.textContent ?? null;

describe('on the withdraw form (fee on top)', () => {
  it('shows the network limits, and the fee, the total deducted and what arrives as the user types', async () => {
    showForm(withdrawScreen, '/bitcoin/withdraw?coinname=USDT', w.token);
    await screen.findByText('Min 10.00 · Max 100,000.00 · Available 10,000.00 · Fee 1.00');
    expect(feeLine()).toBeNull();
    fireEvent.change(amount(), { target: { value: '25' } });
    expect(feeLine()).toBe('Fee 1.00 · Total deducted 26.00 · Arrives 25.00');
    fireEvent.change(amount(), { target: { value: '1234.5' } });
    expect(feeLine()).toBe('Fee 1.00 · Total deducted 1,235.50 · Arrives 1,234.50');
    // the fee line is part of the field's description for screen readers
    expect(amount().getAttribute('aria-describedby')).toContain('root_num__fee');
  });

  it('All fills the available balance less the fee of the chosen network', async () => {
    showForm(withdrawScreen, '/bitcoin/withdraw?coinname=USDT', w.token);
    await screen.findByText(/Fee 1\.00$/);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(amount().value).toBe('9999');
    expect(feeLine()).toBe('Fee 1.00 · Total deducted 10,000.00 · Arrives 9,999.00');

    // ERC20 charges 5 USDT: All leaves room for it, and the line follows the network
    fireEvent.click(screen.getByRole('radio', { name: 'ERC20' }));
    await screen.findByText('Min 20.00 · Max 100,000.00 · Available 10,000.00 · Fee 5.00');
    expect(feeLine()).toBe('Fee 5.00 · Total deducted 10,004.00 · Arrives 9,999.00');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(amount().value).toBe('9995');
    expect(feeLine()).toBe('Fee 5.00 · Total deducted 10,000.00 · Arrives 9,995.00');
  });

  it('follows the coin: BTC with its 8 decimals, All leaves the BTC network fee', async () => {
    showForm(withdrawScreen, '/bitcoin/withdraw?coinname=BTC', w.token);
    await screen.findByText(/Fee 0\.00020000$/);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(amount().value).toBe('0.4998');
    expect(feeLine()).toBe('Fee 0.00020000 · Total deducted 0.50000000 · Arrives 0.49980000');
    // at most the coin's decimals can be typed
    fireEvent.change(amount(), { target: { value: '0.123456789' } });
    expect(amount().value).toBe('0.12345678');
  });

  it('refuses more than All on the device, naming the most, and sends nothing', async () => {
    showForm(withdrawScreen, '/bitcoin/withdraw?coinname=USDT', w.token);
    await screen.findByText(/Fee 1\.00$/);
    const before = await w.s.app.db.selectFrom('withdrawals').selectAll().execute();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(amount(), { target: { value: '9999.5' } });
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
    await screen.findByText('At most 9,999.00: your available balance less the network fee');
    expect(await w.s.app.db.selectFrom('withdrawals').selectAll().execute()).toEqual(before);
  });
});

describe('without feeMode', () => {
  function widget(limits: Record<string, string>, value: string | undefined, options: Record<string, unknown> = {}) {
    const changes: unknown[] = [];
    const ctx = { formData: {}, setField: () => {}, captchaNonce: 0, limits: { num: limits }, sources: {}, picked: {}, schema: {} } satisfies FormContext;
    const props = {
      id: 'root_num',
      name: 'num',
      value,
      options,
      registry: { formContext: ctx },
      onChange: (v: unknown) => changes.push(v),
      onBlur: () => {},
      onFocus: () => {},
      schema: {},
      label: 'num',
    } as unknown as WidgetProps;
    render(<AmountWidget {...props} />);
    return changes;
  }

  it('keeps the plain hint and All (available less the fee), with no fee line', async () => {
    const changes = widget({ available: '100', fee: '2', decimals: '2' }, '10');
    expect(screen.getByText('Available 100.00 · Fee 2.00')).toBeTruthy();
    expect(feeLine()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(changes).toEqual(['98']));
  });

  it('feeMode onTop without a known fee shows no line', () => {
    widget({ available: '100' }, '10', { feeMode: 'onTop' });
    expect(feeLine()).toBeNull();
  });
});

describe('feeOnTop', () => {
  it('is exact and only defined for an amount and a fee', () => {
    expect(feeOnTop('0.1', { fee: '0.2' })).toEqual({ fee: '0.2', total: '0.3', arrives: '0.1' });
    expect(feeOnTop('100', { fee: '0.0005' })).toEqual({ fee: '0.0005', total: '100.0005', arrives: '100' });
    expect(feeOnTop(undefined, { fee: '1' })).toBeUndefined();
    expect(feeOnTop('', { fee: '1' })).toBeUndefined();
    expect(feeOnTop('10', {})).toBeUndefined();
    expect(feeOnTop('1.', { fee: '1' })).toEqual({ fee: '1', total: '2', arrives: '1.' });
  });
});
