// Amounts as people type them, read by their language: grouping accepted, the decimal separator of
// the language, a contradiction refused rather than read as another number.
import { describe, expect, it } from 'vitest';
import { amountInputText, readAmountInput } from '../../contract/amount-input';

const read = (text: string, locale: string) => {
  const r = readAmountInput(text, locale);
  return r.ok ? r.value : null;
};

describe('readAmountInput', () => {
  it.each([
    ['25,000', '25000'],
    ['1,000.5', '1000.5'],
    ['1,234,567.89', '1234567.89'],
    ['0.01', '0.01'],
    ['0,5', '0.5'],
    ['1.000,5', '1000.5'],
    ['25000', '25000'],
    ['.5', '0.5'],
    ['25,', '25.'],
    ['1 000.5', '1000.5'],
    ['$ 12.30', '12.30'],
  ])('English reads %s as %s', (text, value) => expect(read(text, 'en-US')).toBe(value));

  it.each([
    ['1.000,5', '1000.5'],
    ['0,01', '0.01'],
    ['65000,5', '65000.5'],
    ['25.000', '25000'],
    ['0.5', '0.5'],
    ['1,000', '1.000'],
    ['1.234.567,89', '1234567.89'],
  ])('German reads %s as %s', (text, value) => expect(read(text, 'de-DE')).toBe(value));

  it.each([
    ['1 000,5', 'ru-RU', '1000.5'],
    ['1\u00a0000,5', 'fr-FR', '1000.5'],
    ["1'000.5", 'de-CH', '1000.5'],
  ])('%s in %s reads %s', (text, locale, value) => expect(read(text, locale)).toBe(value));

  it.each(['1,00.5', '1.2.3', '1,000,00', '1.000,5.5', '12,34,567', '1,2'].map((t) => [t]))('refuses %s in English: its separators contradict', (text) => {
    // "1,2" is a decimal in English by the phone-keyboard rule; the others have no reading
    if (text === '1,2') expect(read(text, 'en-US')).toBe('1.2');
    else expect(read(text, 'en-US')).toBeNull();
  });

  it('shows a value with the language’s decimal separator', () => {
    expect(amountInputText('1000.5', 'de-DE')).toBe('1000,5');
    expect(amountInputText('1000.5', 'en-US')).toBe('1000.5');
  });
});
