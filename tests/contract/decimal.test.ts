// The one exact decimal module of client and server (spec §5; docs/architecture.md, "The contract module").
import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  decimalsOf,
  DEFAULT_DECIMALS,
  div,
  divide,
  formatTicks,
  formatUnits,
  fromScaled,
  isPositive,
  isUp,
  mul,
  multiply,
  parseAmount,
  parseTicks,
  payoutOf,
  percentChange,
  percentOf,
  plainUnits,
  roundDown,
  roundTo,
  STORAGE_ONE,
  STORAGE_SCALE,
  sub,
  sum,
  toPlain,
  toScaled,
  tryScaled,
  units,
  winPayout,
} from '../../contract/decimal.ts';

describe('exactness', () => {
  it('adds and subtracts 0.1 + 0.2 style values exactly', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(add(0.1, 0.2)).toBe('0.3');
    expect(sub('0.3', '0.1')).toBe('0.2');
    expect(sub('0.1', '0.3')).toBe('-0.2');
    expect(sub('1.10', '1.1')).toBe('0');
    expect(add('1e3', '-0.5')).toBe('999.5');
    expect(units('0.1') + units('0.2')).toBe(units('0.3'));
    // a JSON number is read as its shortest round-trip string, not its binary value
    expect(toScaled(0.1 + 0.2, 18)).toBe(300_000_000_000_000_040n);
    expect(toScaled(0.1, 30)).toBe(10n ** 29n);
  });

  it('keeps values beyond 2^53 exact', () => {
    const big = '9007199254740993.123456789'; // 2^53 + 1
    expect(toScaled(big, 9).toString()).toBe('9007199254740993123456789');
    expect(fromScaled(toScaled(big, 9), 9, 4)).toBe('9007199254740993.1234');
    expect(add('9007199254740993', '1')).toBe('9007199254740994');
    expect(roundDown('12345678901234567890.123456789', 4)).toBe('12345678901234567890.1234');
    expect(multiply('99999999999999999999', '99999999999999999999', 0)).toBe('9999999999999999999800000000000000000001');
    expect(formatUnits(BigInt('123456789012345678901234567'), 8)).toBe('1234567890123456789.01234567');
  });

  it('compares exactly', () => {
    expect(compare('0.1', '0.10000')).toBe(0);
    expect(compare('9007199254740993', '9007199254740992')).toBe(1);
    expect(compare('-1', '0.5')).toBe(-1);
    expect(compare(0.1 + 0.2, '0.3')).toBe(1); // 0.30000000000000004 as written
    expect(() => compare('abc', '1')).toThrow(RangeError);
    expect(isUp('100.00', '100.00')).toBe(1);
    expect(isUp('100.00', '100.01')).toBe(1);
    expect(isUp('100.00', '99.99')).toBe(0);
    expect(isUp('0.1', '0.10000')).toBe(1);
    expect(isUp('100.00', '99.999')).toBe(0);
  });
});

describe('scaled values', () => {
  it('reads decimal strings and JSON numbers, rounding extra digits down or up', () => {
    expect(toScaled('1.239', 2)).toBe(123n);
    expect(toScaled('1.231', 2, 'up')).toBe(124n);
    expect(toScaled('-1.239', 2)).toBe(-123n);
    expect(toScaled('-1.231', 2, 'up')).toBe(-124n);
    expect(toScaled(1e-7, 8)).toBe(10n);
    expect(toScaled('.5', 1)).toBe(5n);
    expect(tryScaled('x', 2)).toBeNull();
    expect(tryScaled(Number.NaN, 2)).toBeNull();
    expect(() => toScaled('1,5', 2)).toThrow(RangeError);
  });

  it('formats with exactly the given decimals, rounding toward zero, never "-0"', () => {
    expect(fromScaled(123_456_789n, 8, 6)).toBe('1.234567');
    expect(fromScaled(123_456_789n, 8, 2, 'up')).toBe('1.24');
    expect(fromScaled(-123_456_789n, 8, 2)).toBe('-1.23');
    expect(fromScaled(-1n, 8, 6)).toBe('0.000000');
    expect(fromScaled(5n, 0, 2)).toBe('5.00');
    expect(toPlain(150_000_000n, 8)).toBe('1.5');
    expect(toPlain(-1n, 8)).toBe('-0.00000001');
    expect(toPlain(10n ** 9n, 8)).toBe('10');
  });

  it('multiplies and divides with explicit rounding', () => {
    expect(mul(units('0.1'), units('0.2'))).toBe(units('0.02'));
    expect(mul(units('12345.67'), units('0.012345'))).toBe(units('152.40729615'));
    expect(mul(units('0.00000001'), units('0.5'), 'down')).toBe(0n);
    expect(mul(units('0.00000001'), units('0.5'), 'up')).toBe(1n);
    expect(div(units('1'), units('3'))).toBe(33_333_333n);
    expect(div(units('1'), units('3'), 'up')).toBe(33_333_334n);
    expect(() => div(1n, 0n)).toThrow(RangeError);
    expect(roundTo(div(units('100'), units('30000')), 6)).toBe(units('0.003333'));
    expect(roundTo(div(units('5'), units('0.158')), 0)).toBe(units('31'));
    expect(roundTo(units('1.0000001'), 6, 'up')).toBe(units('1.000001'));
    expect(sum([1n, 2n, 3n])).toBe(6n);
  });
});

describe('ledger units (10^-8, what the database stores)', () => {
  it('keeps the storage scale', () => {
    expect(STORAGE_SCALE).toBe(8);
    expect(STORAGE_ONE).toBe(100_000_000n);
    expect(units('1')).toBe(100_000_000n);
  });

  it('parses plain decimals exactly and counts significant decimals', () => {
    expect(parseAmount('12.50')).toEqual({ units: 1_250_000_000n, decimals: 1 });
    expect(parseAmount('0.00000001')).toEqual({ units: 1n, decimals: 8 });
    expect(parseAmount('0.000000001')?.decimals).toBe(9);
    expect(parseAmount('99999999999999999999.99')?.units).toBe(BigInt('9999999999999999999999') * 10n ** 6n);
    for (const bad of ['', '-1', '1e5', '.5', '5.', '1,5', ' 1', '0x10', 'NaN']) expect(parseAmount(bad)).toBeNull();
    expect(() => units('0.000000001')).toThrow();
    expect(units('-1.5')).toBe(-150_000_000n);
  });

  it('formats rounding toward zero', () => {
    expect(formatUnits(123_456_789n, 6)).toBe('1.234567');
    expect(formatUnits(123_456_789n, 8)).toBe('1.23456789');
    expect(formatUnits(123_456_789n, 0)).toBe('1');
    expect(formatUnits(-123_456_789n, 2)).toBe('-1.23');
    expect(formatUnits(-1n, 6)).toBe('0.000000');
    expect(plainUnits(10n ** 9n)).toBe('10');
  });

  it('pays stake + stake × ratio on a win, the profit rounded down', () => {
    expect(winPayout(units('100'), units('0.15'))).toBe(units('115'));
    expect(winPayout(units('0.00000001'), units('0.5'))).toBe(1n);
    expect(winPayout(units('12.345678'), units('0.2'))).toBe(units('14.8148136'));
  });
});

describe('integer ticks of the market simulator', () => {
  it('formats integer ticks with exactly the given decimals', () => {
    expect(formatTicks(6825000, 2)).toBe('68250.00');
    expect(formatTicks(1, 5)).toBe('0.00001');
    expect(formatTicks(0, 2)).toBe('0.00');
    expect(formatTicks(158000, 5)).toBe('1.58000');
    expect(formatTicks(42, 0)).toBe('42');
    expect(formatTicks(-5, 2)).toBe('-0.05');
    expect(() => formatTicks(0.5, 2)).toThrow(RangeError);
    expect(() => formatTicks(2 ** 53, 2)).toThrow(RangeError);
  });

  it('parses decimal strings into ticks (extra digits truncated)', () => {
    expect(parseTicks('68250.00', 2)).toBe(6825000);
    expect(parseTicks('0.15800', 5)).toBe(15800);
    expect(parseTicks('7', 3)).toBe(7000);
    expect(parseTicks('1.239', 2)).toBe(123);
    expect(() => parseTicks('1e5', 2)).toThrow(RangeError);
    expect(() => parseTicks('abc', 2)).toThrow(RangeError);
    expect(() => parseTicks('9007199254740993', 0)).toThrow(RangeError);
  });
});

describe('roundDown (display rounding, spec §5)', () => {
  it.each([
    ['1.239', 2, '1.23'],
    ['1.999999', 2, '1.99'], // down, never up
    ['-1.239', 2, '-1.23'],
    ['1.5', 2, '1.50'],
    ['1.5', 0, '1'],
    ['-1.5', 0, '-1'],
    ['-0.001', 2, '0.00'],
    ['0', 6, '0.000000'],
    ['123.4567899', 6, '123.456789'],
    ['0.999999999', 6, '0.999999'],
    ['68250', 2, '68250.00'],
    ['.5', 1, '0.5'],
    ['1e-7', 6, '0.000000'],
    ['1.23e3', 1, '1230.0'],
    ['12345678901234567890.123456789', 4, '12345678901234567890.1234'],
    ['', 2, ''],
    ['x', 2, ''],
  ] as const)('roundDown(%s, %i) = %s', (value, decimals, expected) => {
    expect(roundDown(value, decimals)).toBe(expected);
  });

  it('defaults to 6 decimals and takes numbers by their decimal form', () => {
    expect(DEFAULT_DECIMALS).toBe(6);
    expect(roundDown('1.123456789')).toBe('1.123456');
    expect(roundDown(0.1 + 0.2)).toBe('0.300000');
    expect(roundDown(1.005, 2)).toBe('1.00');
    expect(roundDown(2.675, 2)).toBe('2.67');
    expect(roundDown(-0.0000001)).toBe('0.000000');
    expect(roundDown(1e21, 2)).toBe('1000000000000000000000.00');
    expect(roundDown(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('rounds down at each coin’s display decimals', () => {
    expect(roundDown('0.123456789', 8)).toBe('0.12345678'); // BTC
    expect(roundDown('0.1234569', 6)).toBe('0.123456'); // USDT
    expect(formatUnits(units('0.99999999'), 6)).toBe('0.999999');
  });
});

describe('percentChange: (close − open) / open × 100 truncated toward zero to 2 decimals', () => {
  it.each([
    ['100', '101.23', '1.23'],
    ['100', '101.239', '1.23'], // truncated, not rounded
    ['100', '98.761', '-1.23'], // -1.239 → toward zero
    ['100.00', '98.77', '-1.23'],
    ['100', '99.5', '-0.50'],
    ['1.00', '0.995', '-0.50'],
    ['100', '100', '0.00'],
    ['100', '99.999', '0.00'], // -0.001 %: never "-0.00"
    ['100.00', '99.995', '0.00'],
    ['68250.00', '68249.99', '0.00'],
    ['100', '100.001', '0.00'],
    ['0', '5', '0.00'], // zero open
    ['0.00', '0', '0.00'],
    ['3', '4', '33.33'],
    ['3', '2', '-33.33'],
    ['2', '1', '-50.00'],
    // float arithmetic gets these wrong (199.99 and 1.09)
    ['0.1', '0.3', '200.00'],
    ['100', '101.1', '1.10'],
    ['2.01', '2.0301', '1.00'],
    ['0.4500', '0.4455', '-1.00'],
    ['68250.00', '68932.5', '1.00'],
    ['0.15800', '0.15642', '-1.00'],
    ['68250.00', '6825.00', '-90.00'],
    ['1', '0', '-100.00'],
    ['0.00000123', '0.00000124', '0.81'],
    ['abc', '1', '0.00'],
  ])('(%s → %s) = %s', (open, close, expected) => {
    expect(percentChange(open, close)).toBe(expected);
  });

  it('takes JSON numbers by their decimal form', () => {
    expect(percentChange(100, 101.239)).toBe('1.23');
    expect(percentChange(100, 98.761)).toBe('-1.23');
    expect(percentChange(0.1, 0.1 + 0.2)).toBe('200.00'); // 0.30000000000000004
    expect(percentChange(1e-7, 2e-7)).toBe('100.00');
    expect(percentChange(0, 1)).toBe('0.00');
    expect(percentChange(Number.NaN, 1)).toBe('0.00');
  });

  it('always has exactly two decimals', () => {
    for (let c = 1; c <= 400; c++) expect(percentChange('2.00', formatTicks(c, 2))).toMatch(/^-?\d+\.\d{2}$/);
  });
});

describe('ticket arithmetic (spot and futures screens)', () => {
  it('takes percentages of a balance rounded down', () => {
    expect(percentOf('1000', 25, 6)).toBe('250.000000');
    expect(percentOf('0.333333', 50, 6)).toBe('0.166666');
    expect(percentOf('10000', 100, 2)).toBe('10000.00');
  });

  it('multiplies and divides decimal strings, rounded down', () => {
    expect(divide('100', '3', 4)).toBe('33.3333');
    expect(divide('10000', '68250.00', 6)).toBe('0.146520');
    expect(divide('2', '3', 2, 'up')).toBe('0.67');
    expect(() => divide('5', '0', 2)).toThrow(RangeError);
    expect(multiply('0.003333', '30000', 6)).toBe('99.990000');
    expect(multiply('12345.67', '0.012345', 6)).toBe('152.407296');
    expect(multiply('0.15', 100, 0)).toBe('15');
  });

  it('pays stake × (1 + ratio) on a win, as the server settles it', () => {
    expect(payoutOf('100', '0.15')).toBe('115.00');
    expect(payoutOf('10', '0.10')).toBe('11.00');
    expect(payoutOf('33.33', '0.3')).toBe('43.32');
    expect(payoutOf('12.345678', '0.20', 6)).toBe(formatUnits(winPayout(units('12.345678'), units('0.20')), 6));
  });

  it('recognises positive amounts and counts decimals', () => {
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('.5')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('0.000')).toBe(false);
    expect(isPositive('-1')).toBe(false);
    expect(isPositive('abc')).toBe(false);
    expect(isPositive('1e5')).toBe(false);
    expect(decimalsOf('1.2345')).toBe(4);
    expect(decimalsOf('1.2340')).toBe(4);
    expect(decimalsOf('12')).toBe(0);
  });
});
