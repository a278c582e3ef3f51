import { describe, expect, it } from 'vitest';
import { failures, medianOf, type PageResult } from '../../scripts/lib/lighthouse-verdict';

const passing = (page: string, extra: Partial<PageResult> = {}): PageResult => ({
  page,
  url: `http://127.0.0.1/#/${page}`,
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1500,
  fcpMs: 1200,
  tbtMs: 50,
  cls: 0.02,
  bytes: 150_000,
  failedAudits: [],
  ...extra,
});

describe('lighthouse verdict', () => {
  it('passes pages exactly at the thresholds', () => {
    expect(failures([passing('home'), passing('register'), passing('list')])).toEqual([]);
  });

  it('fails any page one point below a category minimum', () => {
    expect(failures([passing('market', { performance: 94 }), passing('spot', { accessibility: 99, bestPractices: 96 })])).toEqual([
      'market: performance 94 < 95',
      'spot: accessibility 99 < 100',
      'spot: bestPractices 96 < 100',
    ]);
  });

  it('holds only home to the LCP, TBT and CLS limits', () => {
    const slow = { lcpMs: 2515, tbtMs: 80, cls: 0.079 };
    expect(failures([passing('register', slow)])).toEqual([]);
    expect(failures([passing('home', slow)])).toEqual(['home: LCP 2515 ms > 1500 ms', 'home: TBT 80 ms > 50 ms', 'home: CLS 0.079 > 0.02']);
  });

  it('makes one result of several runs: each number its median, an audit failed when it failed in most runs', () => {
    const runs = [
      passing('home', { performance: 97, lcpMs: 1400, tbtMs: 77, failedAudits: ['errors-in-console'] }),
      passing('home', { performance: 88, lcpMs: 2900, tbtMs: 0, failedAudits: ['errors-in-console', 'color-contrast'] }),
      passing('home', { performance: 93, lcpMs: 2100, tbtMs: 33 }),
    ];
    expect(medianOf(runs)).toMatchObject({ page: 'home', performance: 93, lcpMs: 2100, tbtMs: 33, failedAudits: ['errors-in-console'] });
    // one slow run among five does not fail the page; three do
    const tbt = (values: number[]) => medianOf(values.map((tbtMs) => passing('home', { tbtMs }))).tbtMs;
    expect(tbt([47, 22, 0, 33, 77])).toBe(33);
    expect(tbt([60, 22, 70, 33, 77])).toBe(60);
    expect(medianOf([runs[0]])).toEqual(runs[0]);
    expect(() => medianOf([])).toThrow();
  });
});
