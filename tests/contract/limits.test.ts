import { describe, expect, it } from 'vitest';
import { allAmount, limitViolations, mismatchedFields, pickSource, pickSources, resolveLimits, shownDecimals, shownLimit } from '../../contract/limits.ts';

const schema = {
  type: 'object',
  properties: {
    num: {
      type: 'string',
      'x-limits': { minimum: 'coin.min', maximum: 'coin.max', available: 'asset.available', decimals: 'asset.decimals', fee: 'coin.fee' },
    },
    note: { type: 'string' },
    passWord: { type: 'string' },
    confirmPassword: { type: 'string', 'x-matches': 'passWord' },
  },
};

describe('x-limits', () => {
  it('resolves bounds from live data as exact strings, without touching the schema', () => {
    const before = JSON.stringify(schema);
    const limits = resolveLimits(schema, { coin: { min: '10', max: 5000, fee: '1.5' }, asset: { available: '120.50', decimals: 2 } });
    expect(limits).toEqual({ num: { minimum: '10', maximum: '5000', available: '120.50', decimals: '2', fee: '1.5' } });
    expect(JSON.stringify(schema)).toBe(before);
  });
  it('skips bounds whose data is missing or not a number', () => {
    expect(resolveLimits(schema, { coin: { min: 1, max: 'lots' } })).toEqual({ num: { minimum: '1' } });
    expect(resolveLimits(schema, undefined)).toEqual({});
  });
  it('reports values below the minimum, above the maximum, above what is available after the fee, or with too many decimals', () => {
    const limits = { num: { minimum: '10', maximum: '5000', available: '120', fee: '1.5', decimals: '2' } };
    expect(limitViolations({ num: '5' }, limits)).toEqual([{ field: 'num', limit: 'minimum', value: '10' }]);
    expect(limitViolations({ num: '118.51' }, limits)).toEqual([{ field: 'num', limit: 'available', value: '118.5' }]);
    expect(limitViolations({ num: '118.5' }, limits)).toEqual([]);
    expect(limitViolations({ num: '6000' }, limits).map((v) => v.limit)).toEqual(['maximum', 'available']);
    expect(limitViolations({ num: '10.001' }, limits)).toEqual([{ field: 'num', limit: 'decimals', value: '2' }]);
    expect(limitViolations({}, limits)).toEqual([]);
  });
  it('compares exactly, where a float would not', () => {
    expect(limitViolations({ num: '0.30000000000000001' }, { num: { maximum: '0.3' } })).toEqual([{ field: 'num', limit: 'maximum', value: '0.3' }]);
    expect(limitViolations({ num: '0.3' }, { num: { maximum: '0.3' } })).toEqual([]);
  });
  it('All is the available amount less the fee, never negative', () => {
    expect(allAmount({ available: '120.50', fee: '0.5' })).toBe('120');
    expect(allAmount({ available: '0.2', fee: '1' })).toBe('0');
    // never above the maximum: a loan's repayment fills what is owed, not the whole balance
    expect(allAmount({ available: '1150', maximum: '150.3' })).toBe('150.3');
    expect(allAmount({ available: '100', maximum: '150.3' })).toBe('100');
    // while a refusal of more than is available names the whole available amount
    expect(limitViolations({ num: '5000' }, { num: { available: '1200', maximum: '100' } })).toEqual([
      { field: 'num', limit: 'maximum', value: '100' },
      { field: 'num', limit: 'available', value: '1200' },
    ]);
    expect(allAmount({ minimum: '1' })).toBeUndefined();
  });
});

describe('sources', () => {
  const assets = {
    list: [
      { coin: 'USDT', available: '10' },
      { coin: 'BTC', available: '0.5' },
    ],
    totalUsdt: '1',
  };
  it('picks the row that matches the form', () => {
    expect(pickSource({ endpoint: 'getAssets', list: 'list', match: { coin: 'coin' } }, assets, { coin: 'BTC' })).toEqual({ coin: 'BTC', available: '0.5' });
    expect(pickSource({ endpoint: 'getAssets', list: 'list', match: { coin: 'coin' } }, assets, { coin: 'ETH' })).toBeUndefined();
    expect(pickSource({ endpoint: 'getAssets' }, assets, {})).toBe(assets);
  });
});

describe('x-matches', () => {
  it('flags a confirmation that differs from its field', () => {
    expect(mismatchedFields(schema, { passWord: 'secret1', confirmPassword: 'secret2' })).toEqual(['confirmPassword']);
    expect(mismatchedFields(schema, { passWord: 'secret1', confirmPassword: 'secret1' })).toEqual([]);
  });

  it('shows a limit by the display rule of its coin: USDT, USDC and fiat 2 decimals, another coin its own, rounded down', () => {
    // the coin comes from the row that gives the decimals (asset.coin), or x-limits "coin"
    const usdt = resolveLimits(schema, { coin: { min: '10.000000' }, asset: { decimals: 6, coin: 'USDT' } });
    expect(usdt.num).toEqual({ minimum: '10.000000', decimals: '6', coin: 'USDT' });
    expect(shownDecimals(usdt.num)).toBe(2);
    expect(shownLimit('10.000000', usdt.num)).toBe('10.00');
    expect(shownLimit('99.999999', usdt.num)).toBe('99.99');
    const eur = resolveLimits(schema, { coin: { min: '1' }, asset: { decimals: 8, currency: 'EUR' } });
    expect(shownLimit('1', eur.num)).toBe('1.00');
    const btc = resolveLimits(schema, { coin: { min: '0.0001' }, asset: { decimals: 8, coin: 'BTC' } });
    expect(shownLimit('0.0001', btc.num)).toBe('0.00010000');
    const named = { type: 'object', properties: { amount: { type: 'string', 'x-limits': { minimum: 'p.min', decimals: 'p.decimals', coin: 'p.unit' } } } };
    expect(resolveLimits(named, { p: { min: '5', decimals: 6, unit: 'USDC', coin: 'BTC' } }).amount).toEqual({ minimum: '5', decimals: '6', coin: 'USDC' });
    // no coin: the field's own decimals (a quantity of shares)
    expect(shownDecimals({ decimals: '0' })).toBe(0);
    expect(shownDecimals({})).toBe(6);
  });
});

describe('a balance in another coin than the field (an IEO coin, a machine paid in USDT)', () => {
  it('Max fills what the balance pays for, rounded down to the field’s decimals, at most the maximum; more is a violation', () => {
    const ieo = { available: '1000', price: '0.3', decimals: '2', maximum: '5000' };
    expect(allAmount(ieo)).toBe('3333.33');
    expect(allAmount({ ...ieo, maximum: '100' })).toBe('100');
    expect(allAmount({ available: '2500', price: '1000', decimals: '0', maximum: '10' })).toBe('2');
    expect(limitViolations({ num: '3333.34' }, { num: ieo })).toEqual([{ field: 'num', limit: 'available', value: '3333.33' }]);
    expect(limitViolations({ num: '3333.33' }, { num: ieo })).toEqual([]);
  });

  it('resolves the balance of the coin a source declared before names (match "product.coin")', () => {
    const defs = {
      product: { endpoint: 'getFinancingList', list: 'list', match: { ID: 'financing_id' } },
      asset: { endpoint: 'getAssets', list: 'list', match: { coin: 'product.coin' } },
    };
    const responses = {
      product: { list: [{ ID: 2, coin: 'BTC' }] },
      asset: {
        list: [
          { coin: 'USDT', available: '10' },
          { coin: 'BTC', available: '0.5', decimals: 8 },
        ],
      },
    };
    const picked = pickSources(defs, responses, { financing_id: 2 });
    expect(picked.asset).toEqual({ coin: 'BTC', available: '0.5', decimals: 8 });
    const schema = {
      properties: { money: { 'x-limits': { available: 'asset.available', availableCoin: 'asset.coin', availableDecimals: 'asset.decimals' } } },
    };
    expect(resolveLimits(schema, picked)).toEqual({ money: { available: '0.5', availableCoin: 'BTC', availableDecimals: '8' } });
  });
});
