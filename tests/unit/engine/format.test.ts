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
});
