import { describe, expect, it } from 'vitest';
import { filterOptions, filtersFromQuery } from '../../../src/engine/filters';
import { displayDecimals, formatMoney, isMoneyCoin } from '../../../contract/display-rule';
import { formatAmount } from '../../../contract/number-format';
import { decimalsFor, formatCountdown, formatRecordField, pairName, ratioToPercent } from '../../../src/engine/formats';
import type { FieldView } from '../../../src/engine/types';

const t = (k: string) => `t(${k})`;
const show = (view: Omit<FieldView, 'label'>, record: Record<string, unknown>, locale = 'en-US') =>
  formatRecordField({ label: 'x', ...view }, record, locale, t);

describe('field formats', () => {
  it('amount: rounded down with separators, decimals from the view, the market or the coin', () => {
    expect(show({ field: 'v', format: 'amount' }, { v: '1234.5678919' })?.text).toBe('1,234.567891');
    expect(show({ field: 'v', format: 'amount', decimals: 2 }, { v: '1234.5678' }, 'de-DE')?.text).toBe('1.234,56');
    expect(show({ field: 'p', format: 'amount', decimals: 'price' }, { p: '0.52349', symbol: 'xrpusdt' })?.text).toBe('0.5234');
    expect(show({ field: 'a', format: 'amount', decimals: 'amount' }, { a: '1.23', symbol: 'xrpusdt' })?.text).toBe('1.230000 XRP');
    // a coin coins.json does not list (a new IEO coin) takes the record's own decimals
    expect(show({ field: 'total', format: 'amount', coinField: 'coin' }, { total: '1000000.00000000', coin: 'NOVA', decimals: 2 })?.text).toBe(
      '1,000,000.00 NOVA',
    );
    expect(show({ field: 'price', format: 'amount', coinField: 'priceCoin' }, { price: '0.05', coin: 'NOVA', priceCoin: 'USDT', decimals: 0 })?.text).toBe(
      '0.05 USDT',
    );
    // …and without one, the decimals the server wrote the amount with (an IEO order: "1000.00")
    expect(show({ field: 'amount', format: 'amount', coinField: 'coin' }, { amount: '1000.00', coin: 'NOVA' })?.text).toBe('1,000.00 NOVA');
    expect(show({ field: 'v', format: 'amount' }, { v: '0.123456789', coin: 'BTC' })?.text).toBe('0.12345678 BTC');
    expect(show({ field: 'fee', format: 'amount', coinField: 'feeCoin' }, { fee: '0.00000333', feeCoin: 'BTC', symbol: 'btcusdt' })?.text).toBe(
      '0.00000333 BTC',
    );
    expect(decimalsFor({ field: 'v', label: 'x' }, {})).toBe(6);
  });
  it('amount: money-like coins (USDT, USDC, fiat) with 2 decimals, other coins with their own, the unit after each', () => {
    expect(show({ field: 'v', format: 'amount' }, { v: '10050.13248', coin: 'USDT' })?.text).toBe('10,050.13 USDT');
    expect(show({ field: 'v', format: 'amount' }, { v: '10050.13248', coinname: 'usdc' }, 'de-DE')?.text).toBe('10.050,13 USDC');
    expect(show({ field: 'v', format: 'amount', coinField: 'c' }, { v: '0.00029999', c: 'BTC' }, 'de-DE')?.text).toBe('0,00029999 BTC');
    expect(show({ field: 'v', format: 'amount', coinField: 'c' }, { v: '0.0002', c: 'ETH' }, 'de-DE')?.text).toBe('0,00020000 ETH');
    expect(show({ field: 'v', format: 'amount' }, { v: '1000', symbol: 'btcusdt' }, 'de-DE')?.text).toBe('1.000,00 USDT');
    expect(show({ field: 'v', format: 'amount', coinField: 'c' }, { v: '99.999', c: 'EUR' })?.text).toBe('99.99 EUR');
    expect(show({ field: 'v', format: 'amount' }, { v: '0', coin: 'USDT' })?.text).toBe('0.00 USDT');
    expect(decimalsFor({ field: 'v', label: 'x' }, { coin: 'USDT' })).toBe(2);
    expect(decimalsFor({ field: 'v', label: 'x' }, { coin: 'DOGE' })).toBe(6);
  });
  it('unit: false leaves the coin out (a table whose row names it), keeping its decimals and the reader separators', () => {
    expect(show({ field: 'v', format: 'amount', unit: false }, { v: '1250.000000', coin: 'USDT' }, 'de-DE')?.text).toBe('1.250,00');
    expect(show({ field: 'v', format: 'signedAmount', unit: false }, { v: '-3.5', coinname: 'BTC' })).toEqual({ text: '-3.50000000', tone: 'down' });
    expect(show({ field: 'v', format: 'decimal', unit: false }, { v: '65000.5000', coin: 'BTC' }, 'de-DE')?.text).toBe('65.000,5');
  });
  it('signedAmount: sign and tone', () => {
    expect(show({ field: 'v', format: 'signedAmount' }, { v: '15', symbol: 'btcusdt' })).toEqual({ text: '+15.00 USDT', tone: 'up' });
    expect(show({ field: 'v', format: 'signedAmount' }, { v: '-50', symbol: 'btcusdt' }, 'de-DE')).toEqual({ text: '-50,00 USDT', tone: 'down' });
    expect(show({ field: 'v', format: 'signedAmount' }, { v: '-100' })).toEqual({ text: '-100.000000', tone: 'down' });
    expect(show({ field: 'v', format: 'signedAmount' }, { v: '0' })).toEqual({ text: '0.000000', tone: undefined });
  });
  it('countdown: the time left, days in the locale words, never negative', () => {
    const tp = (k: string, p?: Record<string, unknown>) => `${k}:${p?.days}|${p?.time}`;
    expect(formatCountdown(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999, tp)).toBe('field.countdown:2|03:04:05');
    expect(formatCountdown(59_000, tp)).toBe('00:00:59');
    expect(formatCountdown(-5000, tp)).toBe('00:00:00');
    const at = new Date(Date.now() + 3_661_500).toISOString();
    expect(show({ field: 'v', format: 'countdown' }, { v: at })?.text).toMatch(/^01:01:0[01]$/);
    expect(show({ field: 'v', format: 'countdown' }, { v: '' })).toBeNull();
  });
  it('percent, and a ratio as percent', () => {
    expect(show({ field: 'v', format: 'percent' }, { v: '12.345' })?.text).toBe('12.34 %');
    expect(show({ field: 'v', format: 'percent', ratio: true }, { v: '0.001' })?.text).toBe('0.10 %');
    expect(show({ field: 'v', format: 'percent', ratio: true }, { v: '0.15' })?.text).toBe('15.00 %');
    expect(ratioToPercent('-1.5')).toBe('-150');
    expect(ratioToPercent('0.00012')).toBe('0.012');
  });
  it('pair, coin, status, masked, text', () => {
    expect(pairName('btcusdt')).toBe('BTC/USDT');
    expect(show({ field: 's', format: 'pair' }, { s: 'ethusdt' })?.text).toBe('ETH/USDT');
    expect(show({ field: 'c', format: 'coin' }, { c: 'usdt' })?.text).toBe('USDT');
    expect(show({ field: 's', format: 'status', values: 'trade.statusValue' }, { s: 'open' })?.text).toBe('t(trade.statusValue.open)');
    expect(show({ field: 'n', format: 'masked' }, { n: '6222020200112233' })?.text).toBe('**** 2233');
    expect(show({ field: 'n' }, { n: 7 })?.text).toBe('7');
  });
  it('an empty value is left out, unless the view has values or an empty text', () => {
    expect(show({ field: 'v', format: 'amount' }, { v: '' })).toBeNull();
    expect(show({ field: 'v', values: 'trade.statusValue' }, {})?.text).toBe('—');
    // a status only some records have (an invalid settlement's reason) is left out when empty
    expect(show({ field: 'v', values: 'futures.reason', omitEmpty: true }, { v: '' })).toBeNull();
    expect(show({ field: 'v', values: 'futures.reason', omitEmpty: true }, { v: 'no_price' })?.text).toBe('t(futures.reason.no_price)');
    expect(show({ field: 'v', format: 'amount', empty: 'trade.typeValue.market' }, { v: '' })?.text).toBe('t(trade.typeValue.market)');
  });
});

describe('filter kinds', () => {
  it('offer all plus the coins or the pairs', () => {
    expect(filterOptions({ field: 'c', label: 'x', kind: 'coin' }).slice(0, 3)).toEqual([
      { value: '', label: 'common.all' },
      { value: 'USDT', text: 'USDT' },
      { value: 'USDC', text: 'USDC' },
    ]);
    expect(filterOptions({ field: 's', label: 'x', kind: 'pair' })[1]).toEqual({ value: 'btcusdt', text: 'BTC/USDT' });
    expect(filterOptions({ field: 's', label: 'x', options: [{ value: 1, label: 'a.b' }, { value: 'X' }] })).toEqual([
      { value: '1', label: 'a.b', text: undefined },
      { value: 'X', label: undefined, text: 'X' },
    ]);
  });
  it('start from the query string, only with values they offer', () => {
    const filters = [
      { field: 'coinname', label: 'x', kind: 'coin' as const },
      { field: 'status', label: 'x', options: [{ value: '' }, { value: 1 }] },
    ];
    expect(filtersFromQuery(filters, new URLSearchParams('coinname=BTC&status=1&id=4'))).toEqual({ coinname: 'BTC', status: '1' });
    expect(filtersFromQuery(filters, new URLSearchParams('coinname=NOPE&status=9'))).toEqual({});
  });
});

describe('the display rule: money with 2 decimals, coins with their own', () => {
  it('money-like coins are USDT, USDC and fiat, in any case', () => {
    for (const c of ['USDT', 'usdc', 'EUR', 'USD']) expect(isMoneyCoin(c)).toBe(true);
    for (const c of ['BTC', 'ETH', 'USDTX', 'XUSD', '', undefined, 1]) expect(isMoneyCoin(c)).toBe(false);
  });
  it('displayDecimals: 2 for money, the coin decimals otherwise, never more than the coin has', () => {
    expect(displayDecimals('USDT', 6)).toBe(2);
    expect(displayDecimals('USDT')).toBe(2);
    expect(displayDecimals('JPY', 0)).toBe(0);
    expect(displayDecimals('BTC', 8)).toBe(8);
    expect(displayDecimals('XYZ')).toBe(6);
  });
  it('formatMoney rounds down to 2 decimals with the locale separators', () => {
    expect(formatMoney('10050.132480', 'en-US')).toBe('10,050.13');
    expect(formatMoney('-50.000000', 'de-DE')).toBe('-50,00');
    expect(formatMoney('0', 'fr-FR')).toBe('0,00');
    expect(formatMoney('x', 'en-US')).toBe('');
    expect(formatAmount('0.00029999', displayDecimals('BTC', 8), 'de-DE')).toBe('0,00029999');
  });
});
