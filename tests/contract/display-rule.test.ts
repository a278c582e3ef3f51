import { describe, expect, it } from 'vitest';
import { coinDecimals, formatPlotted, formatRate, rateDecimals } from '../../contract/display-rule';

describe('one display rule for a coin amount', () => {
  it('a money-like coin shows 2 decimals, any other coin its decimals in coins.json', () => {
    expect(coinDecimals('USDT')).toBe(2);
    expect(coinDecimals('usdt')).toBe(2);
    expect(coinDecimals('BTC')).toBe(8);
    expect(coinDecimals('BNB')).toBe(6);
  });

  it('a coin the list does not hold (a new IEO coin) takes the decimals its record states, else 6', () => {
    expect(coinDecimals('NOVA', 2)).toBe(2);
    expect(coinDecimals('NOVA')).toBe(6);
    // a listed coin keeps the list's decimals whatever a record says
    expect(coinDecimals('BTC', 2)).toBe(8);
  });
});

describe('an exchange rate', () => {
  it('shows 6 significant digits, at least 2 decimals and at most 8, rounded down', () => {
    expect(formatRate('68250.1234567890', 'en-US')).toBe('68,250.12');
    expect(formatRate('0.0000146519', 'en-US')).toBe('0.00001465');
    expect(formatRate('0.0515741299', 'de-DE')).toBe('0,0515741');
    expect(formatRate('19.3892341234', 'en-US')).toBe('19.3892');
    expect(formatRate('1', 'en-US')).toBe('1.00000');
    expect(rateDecimals('0')).toBe(2);
    expect(rateDecimals('junk')).toBe(2);
  });
});

describe('a number a chart computed in floating point', () => {
  it('is rounded down to the pair’s decimals with the reader’s separators', () => {
    expect(formatPlotted(2254.5000000000014, 2, 'en-US')).toBe('2,254.50');
    expect(formatPlotted(2254.5000000000014, 2, 'de-DE')).toBe('2.254,50');
    expect(formatPlotted(68250.129, 2, 'en-US')).toBe('68,250.12');
  });

  it('a float just under a value it stands for is not shown one step lower', () => {
    expect(formatPlotted(0.1 + 0.2, 1, 'en-US')).toBe('0.3');
    expect(formatPlotted(2254.4999999999995, 1, 'en-US')).toBe('2,254.5');
  });

  it('nothing for a value that is not a number', () => {
    expect(formatPlotted(Number.NaN, 2, 'en-US')).toBe('');
  });
});
