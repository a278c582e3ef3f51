// A list filter's opening value (FilterDef.default): the mining order list opens on status 1
// (spec §4) and keeps All once chosen, through the route's query string.
import { describe, expect, it } from 'vitest';
import { filterQueryValue, filtersFromQuery } from '../../../src/engine/filters';
import type { FilterDef } from '../../../src/engine/types';
import miningOrders from '../../../schemas/screens/mining-order-list.json';

const status: FilterDef = { field: 'status', label: 'mining.statusLabel', default: 1, options: [{ value: '' }, { value: 1 }, { value: 2 }] };
const coin: FilterDef = { field: 'coinname', label: 'records.coin', options: [{ value: '' }, { value: 'BTC' }] };

describe('filter default', () => {
  it('the mining order list opens on status 1', () => {
    const filters = miningOrders.filters as FilterDef[];
    expect(filtersFromQuery(filters, new URLSearchParams(''))).toEqual({ status: '1' });
  });

  it('opens on the default, keeps All (status=) and any other value the query names', () => {
    expect(filtersFromQuery([status, coin], new URLSearchParams(''))).toEqual({ status: '1' });
    expect(filtersFromQuery([status, coin], new URLSearchParams('status='))).toEqual({ status: '' });
    expect(filtersFromQuery([status, coin], new URLSearchParams('status=2&coinname='))).toEqual({ status: '2', coinname: '' });
    expect(filtersFromQuery([status], new URLSearchParams('status=9'))).toEqual({});
  });

  it('writes All as status= where the list opens on another value, and leaves the opening value out', () => {
    expect(filterQueryValue(status, '')).toBe('');
    expect(filterQueryValue(status, '1')).toBeUndefined();
    expect(filterQueryValue(status, '2')).toBe('2');
    expect(filterQueryValue(coin, '')).toBeUndefined();
    expect(filterQueryValue(coin, 'BTC')).toBe('BTC');
  });
});
