// The four-eyes threshold is inclusive: an approval worth exactly fourEyes.minimumUsdt
// (schemas/config/reviews.json: 1,000 USDT) takes a second operator; one smallest unit less does not.
import { describe, expect, it } from 'vitest';
import { units } from '../../../contract/decimal.ts';
import { fourEyesReason, reviewRules } from '../../../server/backoffice/review-rules.ts';
import type { ReviewKind } from '../../../server/core/review-kind.ts';
import type { MarketData } from '../../../server/platform/market/types.ts';

// USDT is priced 1 without asking the market
const market = {} as MarketData;
const kind = (name: ReviewKind['kind']) => ({ kind: name }) as ReviewKind;
const minimum = reviewRules().fourEyes.minimumUsdt;
const exactly = units(minimum);

describe('four eyes at the threshold', () => {
  it('is 1,000 USDT in the shipped config', () => {
    expect(minimum).toBe('1000');
  });

  it.each(['withdrawal', 'bank-withdrawal', 'deposit'] as const)('a %s of exactly the minimum needs a second operator', (name) => {
    expect(fourEyesReason(kind(name), { coin: 'USDT', units: exactly }, market, 0)).toBe('threshold');
  });

  it.each(['withdrawal', 'bank-withdrawal', 'deposit'] as const)('a %s one unit below it does not', (name) => {
    expect(fourEyesReason(kind(name), { coin: 'USDT', units: exactly - 1n }, market, 0)).toBeNull();
  });
});
