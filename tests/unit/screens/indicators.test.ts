import { describe, expect, it } from 'vitest';
import { mergeBar, movingAverage } from '../../../src/screens/deal/chart/indicators';

describe('chart indicators', () => {
  it('averages the last n closes', () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(movingAverage([10], 5)).toEqual([null]);
  });
  it('updates the live bar in place and appends a new period', () => {
    const bars = [{ id: 60, close: 1 }, { id: 120, close: 2 }];
    expect(mergeBar(bars, { id: 120, close: 3 })).toEqual([{ id: 60, close: 1 }, { id: 120, close: 3 }]);
    expect(mergeBar(bars, { id: 180, close: 4 })).toHaveLength(3);
    expect(mergeBar(bars, { id: 0, close: 9 })).toBe(bars);
  });
});
