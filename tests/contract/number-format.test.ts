// Locale-aware display of exact decimals: round down, then the locale's separators.
import { describe, expect, it } from 'vitest';
import { formatAmount, formatPercent, formatSigned, SEPARATORS } from '../../contract/number-format.ts';
import languages from '../../schemas/config/languages.json';

const NNBSP = '\u202f'; // fr-FR groups thousands with a narrow no-break space

describe('formatAmount', () => {
  it.each([
    ['en-US', '1,234.56'],
    ['de-DE', '1.234,56'],
    ['fr-FR', `1${NNBSP}234,56`],
    ['ja-JP', '1,234.56'],
  ])('%s: 1234.5678 with 2 decimals is %s', (locale, expected) => {
    expect(formatAmount('1234.5678', 2, locale)).toBe(expected);
  });

  it('rounds down (never up) and keeps trailing zeros', () => {
    expect(formatAmount('1234567.899999', 2, 'en-US')).toBe('1,234,567.89');
    expect(formatAmount('0.99999999', 6, 'en-US')).toBe('0.999999');
    expect(formatAmount('0.123456789', 8, 'de-DE')).toBe('0,12345678');
    expect(formatAmount('5', 2, 'en-US')).toBe('5.00');
    expect(formatAmount('1234.9', 0, 'en-US')).toBe('1,234');
    expect(formatAmount('1234.9', 0, 'de-DE')).toBe('1.234');
  });

  it('defaults to 6 decimals', () => {
    expect(formatAmount('1234.123456789', undefined, 'en-US')).toBe('1,234.123456');
  });

  it('keeps the sign of negative values and never shows "-0"', () => {
    expect(formatAmount('-1234.567', 2, 'en-US')).toBe('-1,234.56');
    expect(formatAmount('-1234.567', 2, 'de-DE')).toBe('-1.234,56');
    expect(formatAmount('-0.5', 2, 'en-US')).toBe('-0.50');
    expect(formatAmount('-0.001', 2, 'en-US')).toBe('0.00');
    expect(formatAmount('-0.001', 2, 'de-DE')).toBe('0,00');
    expect(formatAmount(-0, 2, 'en-US')).toBe('0.00');
  });

  it('stays exact beyond 2^53', () => {
    expect(formatAmount('9007199254740993.987654321', 8, 'en-US')).toBe('9,007,199,254,740,993.98765432');
    expect(formatAmount('12345678901234567890.123456789', 4, 'de-DE')).toBe('12.345.678.901.234.567.890,1234');
  });

  it('takes JSON numbers by their decimal form', () => {
    expect(formatAmount(0.1 + 0.2, 6, 'en-US')).toBe('0.300000');
    expect(formatAmount(68250.5, 2, 'en-US')).toBe('68,250.50');
    expect(formatAmount(1.005, 2, 'en-US')).toBe('1.00');
  });

  it('gives "" for unreadable input and falls back for an unusable locale', () => {
    expect(formatAmount('abc', 2, 'en-US')).toBe('');
    expect(formatAmount(Number.NaN, 2, 'en-US')).toBe('');
    expect(formatAmount('1234.5', 2, 'not a locale!')).toBe('1,234.50');
  });
});

describe('formatPercent', () => {
  it('truncates to 2 decimals with the locale separators and " %"', () => {
    expect(formatPercent('12.345', 'en-US')).toBe('12.34 %');
    expect(formatPercent('12.349', 'de-DE')).toBe('12,34 %');
    expect(formatPercent('1234.5', 'en-US')).toBe('1,234.50 %');
    expect(formatPercent('1234.5', 'de-DE')).toBe('1.234,50 %');
  });

  it('keeps the minus, adds no plus and never shows "-0.00"', () => {
    expect(formatPercent('-0.5', 'en-US')).toBe('-0.50 %');
    expect(formatPercent('-0.509', 'de-DE')).toBe('-0,50 %');
    expect(formatPercent('3', 'en-US')).toBe('3.00 %');
    expect(formatPercent('-0.001', 'en-US')).toBe('0.00 %');
  });
});

describe('formatSigned', () => {
  it('marks up amounts with "+", down amounts with "-", zero with neither', () => {
    expect(formatSigned('1234.5', 2, 'en-US')).toBe('+1,234.50');
    expect(formatSigned('-1234.5', 2, 'de-DE')).toBe('-1.234,50');
    expect(formatSigned('0.001', 2, 'en-US')).toBe('0.00');
    expect(formatSigned('-0.001', 2, 'en-US')).toBe('0.00');
  });
});

describe('the separators of the app languages', () => {
  const codes = languages.languages.map((l) => l.code);
  const values = ['0', '1', '12.5', '123', '1234', '-1234.5', '12345', '-123456.78', '1234567', '1000000000.000001', '-98765432109876.54321'];

  it('has a row for every language of the app', () => {
    expect(codes.filter((code) => !Object.hasOwn(SEPARATORS, code))).toEqual([]);
  });

  it.each(codes)('%s formats as Intl does', (code) => {
    for (const value of values) {
      const decimals = value.split('.')[1]?.length ?? 0;
      const intl = new Intl.NumberFormat(code, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        roundingMode: 'trunc',
      } as Intl.NumberFormatOptions);
      expect(formatAmount(value, decimals, code), value).toBe(intl.format(value as unknown as number));
    }
  });
});
