// @vitest-environment happy-dom
// The amount input every form and the trading tickets use: what is typed is read in the reader's
// language (German "1.000,5" is a thousand and a half, "0,01" a hundredth), a value set from
// outside shows with the language's decimal separator, and text without one reading hands on
// nothing and says the form.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../locales/de-DE.json';
import { AmountInput } from '../../../src/ui/AmountInput';
import { useLanguage } from '../render';

afterEach(cleanup);

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <output data-testid="value">{value}</output>
      <AmountInput aria-label="amount" value={value} onValue={setValue} decimals={2} />
      <button type="button" onClick={() => setValue('0.5')}>
        all
      </button>
    </>
  );
}
const input = () => screen.getByLabelText('amount') as HTMLInputElement;
const seen = () => screen.getByTestId('value').textContent;

describe('AmountInput in German', () => {
  it('reads grouping and the decimal comma, shows values from outside in the German form', async () => {
    await useLanguage('de-DE', de);
    render(<Field />);
    fireEvent.change(input(), { target: { value: '1.000,5' } });
    expect(seen()).toBe('1000.5');
    expect(input().value).toBe('1.000,5');
    fireEvent.change(input(), { target: { value: '0,01' } });
    expect(seen()).toBe('0.01');
    fireEvent.change(input(), { target: { value: '0,019' } });
    expect(seen()).toBe('0.01');
    fireEvent.click(screen.getByText('all'));
    expect(input().value).toBe('0,5');
  });

  it('hands on nothing for text with two readings and says the form', async () => {
    await useLanguage('de-DE', de);
    render(<Field initial="3" />);
    fireEvent.change(input(), { target: { value: '1,000.5,5' } });
    expect(seen()).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(de.common.amountFormat.replace('{{example}}', '1.234,56'));
  });
});
