// @vitest-environment happy-dom
// The back office's dashboard parts: the 30-day chart gets its option from the endpoint's series
// (bars of USDT, a line of registrations), numbers are tiles linking to what they count, a form's
// success view shows the answer once with copy buttons, and role checkboxes are translated.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminDashboardDay } from '../../../contract/generated/types';
import { useLanguage } from '../render';

const setOption = vi.fn();
vi.mock('../../../src/admin/dashboard/echarts', () => ({
  echarts: { init: () => ({ setOption, resize: () => {}, dispose: () => {} }) },
}));
const days: AdminDashboardDay[] = Array.from({ length: 30 }, (_, i) => ({
  day: `2025-01-${String(i + 1).padStart(2, '0')}`,
  depositsUsdt: i === 29 ? '250.123456' : '0',
  withdrawalsUsdt: i === 28 ? '99.5' : '0',
  registrations: i === 29 ? 3 : 0,
}));
vi.mock('../../../src/api/generated/screens/admin-dashboard', () => ({
  endpoint: { useQuery: () => ({ data: { series: days } }) },
}));

const { default: DashboardChart } = await import('../../../src/admin/dashboard/DashboardChart');
const { DetailField } = await import('../../../src/engine/DetailField');
const { FormResult } = await import('../../../src/engine/FormResult');
const { CheckboxesWidget } = await import('../../../src/widgets/select/CheckboxesWidget');

beforeAll(() => useLanguage('en-US'));
afterEach(cleanup);

const routed = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('the dashboard chart', () => {
  it('draws the 30 days: deposits and withdrawals as USDT bars, registrations as a line on its own axis', () => {
    routed(<DashboardChart />);
    expect(screen.getByRole('img', { name: 'Last 30 days (UTC)' })).toBeTruthy();
    const option = setOption.mock.calls.at(-1)![0];
    expect(option.xAxis.data).toHaveLength(30);
    expect(option.xAxis.data.at(-1)).toBe('01-30');
    expect(option.series.map((s: { name: string; type: string }) => `${s.name}:${s.type}`)).toEqual([
      'Deposits (USDT):bar',
      'Withdrawals (USDT):bar',
      'Registrations:line',
    ]);
    expect(option.series[0].data.at(-1)).toBe(250.123456);
    expect(option.series[1].data.at(-2)).toBe(99.5);
    expect(option.series[2]).toMatchObject({ yAxisIndex: 1 });
    expect(option.series[2].data.at(-1)).toBe(3);
    expect(option.series[0].data.slice(0, 28).every((v: number) => v === 0)).toBe(true);
  });
});

describe('detail tiles and the form success view', () => {
  it('draws a number as a tile that links to the list it counts', () => {
    routed(
      <DetailField
        view={{ field: 'waitingDeposit', label: 'admin.waiting.deposit', link: '/admin/reviews?kind=deposit' }}
        record={{ waitingDeposit: 4 }}
        tiles
      />,
    );
    const link = screen.getByRole('link', { name: '4' });
    expect(link.getAttribute('href')).toBe('/admin/reviews?kind=deposit');
    expect(link.closest('.detail-tile')?.textContent).toBe('Waiting deposits4');
  });

  it('shows the answer once, with a copy button where the screen asks for one, until OK', () => {
    const done = vi.fn();
    const views = [
      { field: 'name', label: 'admin.nameLabel' },
      { field: 'password', label: 'admin.initialPasswordLabel', copy: true },
      { field: 'totp', label: 'admin.totpUriLabel', copy: true },
    ];
    routed(
      <FormResult
        views={views}
        note="admin.operatorAdded"
        record={{ name: 'newbie', password: 'pw-123', totp: 'otpauth://totp/x?secret=ABC' }}
        onDone={done}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('shown only now');
    expect(screen.getByText('pw-123')).toBeTruthy();
    expect(screen.getByText('otpauth://totp/x?secret=ABC')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Copy: / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Copy: Initial password',
      'Copy: Authenticator link (otpauth)',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(done).toHaveBeenCalledOnce();
  });
});

describe('translated checkboxes', () => {
  it('shows each role in the language and keeps the enum order whatever order they are ticked in', () => {
    const onChange = vi.fn();
    const enumOptions = ['admin', 'finance', 'support'].map((r) => ({ value: r, label: `admin.role.${r}` }));
    const props = { id: 'roles', value: ['support'], options: { enumOptions }, onChange } as unknown as WidgetProps;
    routed(<CheckboxesWidget {...props} />);
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([false, false, true]);
    act(() => fireEvent.click(screen.getByLabelText('Admin')));
    expect(onChange).toHaveBeenLastCalledWith(['admin', 'support']);
    act(() => fireEvent.click(screen.getByLabelText('Support')));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
