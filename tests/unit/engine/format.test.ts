import { describe, expect, it } from 'vitest';
import { formatField, maskAccount } from '../../../src/engine/formats';

describe('field formatting', () => {
  it('masks all but the last four digits of an account', () => {
    expect(maskAccount('6222020200112233')).toBe('**** 2233');
    expect(maskAccount('123')).toBe('123');
  });
  it('formats times in the reader language', () => {
    const iso = '2026-03-04T05:06:00.000Z';
    expect(formatField({ field: 't', label: 'x', format: 'datetime' }, iso, 'de-DE')).toMatch(/2026/);
    expect(formatField({ field: 't', label: 'x', format: 'datetime' }, 'not a date', 'en-US')).toBe('not a date');
  });
  it('decimal: exactly, trailing zeros dropped, in the reader language, with the record coin', () => {
    const decimal = { field: 'v', label: 'x', format: 'decimal' as const };
    expect(formatField(decimal, '1000000.000000', 'de-DE', undefined, { coin: 'USDT' })).toBe('1.000.000 USDT');
    expect(formatField(decimal, '100.000000', 'de-DE')).toBe('100');
    expect(formatField(decimal, '0.01000000', 'ru-RU', undefined, { coin: 'btc' })).toBe('0,01 BTC');
    expect(formatField(decimal, '1234.123456789012345678', 'en-US')).toBe('1,234.123456789012345678');
    expect(formatField(decimal, '-2500.50', 'de-DE')).toBe('-2.500,5');
    expect(formatField(decimal, '-0.000', 'en-US')).toBe('0');
    expect(formatField(decimal, '30', 'en-US')).toBe('30');
    // not a plain decimal: shown as it is
    expect(formatField(decimal, '0.00/1000.00', 'de-DE')).toBe('0.00/1000.00');
  });
});
