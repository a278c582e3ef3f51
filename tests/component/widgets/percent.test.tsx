// @vitest-environment happy-dom
// A product's rate typed in percent while the form carries the ratio the server keeps: 0.05 typed
// is 0.0005 sent, a ratio from the server shows as its percent, in the reader's number format, and
// the typing on the way ("0,0" before "0,05") stays as typed.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../locales/de-DE.json';
import en from '../../../locales/en-US.json';
import { movePoint } from '../../../contract/decimal';
import { PercentWidget } from '../../../src/widgets/percent/PercentWidget';
import { useLanguage } from '../render';

afterEach(cleanup);

function Field({ initial }: { initial?: string }) {
  const [ratio, setRatio] = useState<string | undefined>(initial);
  const props = { id: 'root_dailyRate', value: ratio, onChange: setRatio, onBlur: () => {}, onFocus: () => {}, options: {} } as unknown as WidgetProps;
  return (
    <>
      <output data-testid="ratio">{ratio ?? ''}</output>
      <label htmlFor="root_dailyRate">rate</label>
      <PercentWidget {...props} />
      <button type="button" onClick={() => setRatio('0.0012')}>
        load
      </button>
    </>
  );
}
const input = () => screen.getByLabelText('rate') as HTMLInputElement;
const ratio = () => screen.getByTestId('ratio').textContent;

describe('a rate in percent', () => {
  it('sends the ratio of what is typed, and keeps the typing on the way', async () => {
    await useLanguage('en-US', en);
    render(<Field />);
    fireEvent.change(input(), { target: { value: '0.0' } });
    expect(input().value).toBe('0.0');
    fireEvent.change(input(), { target: { value: '0.05' } });
    expect(ratio()).toBe('0.0005');
    expect(input().value).toBe('0.05');
    fireEvent.change(input(), { target: { value: '12.5' } });
    expect(ratio()).toBe('0.125');
    fireEvent.change(input(), { target: { value: '' } });
    expect(ratio()).toBe('');
  });

  it('shows a ratio set from outside as its percent, in German with the decimal comma', async () => {
    await useLanguage('de-DE', de);
    render(<Field initial="0.00050000" />);
    expect(input().value).toBe('0,05');
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    expect(input().value).toBe('0,12');
    fireEvent.change(input(), { target: { value: '1,5' } });
    expect(ratio()).toBe('0.015');
  });

  it('moves the point exactly, never through a float', () => {
    expect(movePoint('0.0005', 2)).toBe('0.05');
    expect(movePoint('0.05', -2)).toBe('0.0005');
    expect(movePoint('0.1', -2)).toBe('0.001');
    expect(movePoint('0.07', 2)).toBe('7');
    expect(movePoint('5', -2)).toBe('0.05');
    expect(movePoint('0.00000001', 2)).toBe('0.000001');
    expect(movePoint('x', 2)).toBe('');
  });
});
