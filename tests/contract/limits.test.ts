import { describe, expect, it } from 'vitest';
import { limitViolations, mismatchedFields, resolveLimits } from '../../contract/limits.ts';

const schema = {
  type: 'object',
  properties: {
    num: { type: 'number', 'x-limits': { minimum: 'coin.min', maximum: 'coin.max', available: 'asset.available' } },
    note: { type: 'string' },
    passWord: { type: 'string' },
    confirmPassword: { type: 'string', 'x-matches': 'passWord' },
  },
};

describe('x-limits', () => {
  it('resolves bounds from runtime data without touching the schema', () => {
    const before = JSON.stringify(schema);
    const limits = resolveLimits(schema, { coin: { min: '10', max: 5000 }, asset: { available: 120.5 } });
    expect(limits).toEqual({ num: { minimum: 10, maximum: 5000, available: 120.5 } });
    expect(JSON.stringify(schema)).toBe(before);
  });
  it('skips bounds whose data is missing', () => {
    expect(resolveLimits(schema, { coin: { min: 1 } })).toEqual({ num: { minimum: 1 } });
    expect(resolveLimits(schema, undefined)).toEqual({});
  });
  it('reports values below the minimum, above the maximum or above the available amount', () => {
    const limits = { num: { minimum: 10, maximum: 5000, available: 120 } };
    expect(limitViolations({ num: 5 }, limits)).toEqual([{ field: 'num', limit: 'minimum', value: 10 }]);
    expect(limitViolations({ num: 200 }, limits)).toEqual([{ field: 'num', limit: 'available', value: 120 }]);
    expect(limitViolations({ num: 6000 }, limits).map((v) => v.limit)).toEqual(['maximum', 'available']);
    expect(limitViolations({ num: 100 }, limits)).toEqual([]);
    expect(limitViolations({}, limits)).toEqual([]);
  });
});

describe('x-matches', () => {
  it('flags a confirmation that differs from its field', () => {
    expect(mismatchedFields(schema, { passWord: 'secret1', confirmPassword: 'secret2' })).toEqual(['confirmPassword']);
    expect(mismatchedFields(schema, { passWord: 'secret1', confirmPassword: 'secret1' })).toEqual([]);
  });
});
