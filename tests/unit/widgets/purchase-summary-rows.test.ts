// The purchase summary's lines (src/widgets/purchase-summary/rows.ts): each amount rounded down with
// its coin's display decimals, the language's separators and its unit after it; the dates of the product.
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de-DE.json';
import en from '../../../locales/en-US.json';
import { summaryRows } from '../../../src/widgets/purchase-summary/rows';

const texts = { 'en-US': en, 'de-DE': de } as Record<string, unknown>;
/** A tiny t(): the locale file's text with {{params}} filled in. */
const translator =
  (locale: string) =>
  (key: string, params: Record<string, unknown> = {}) => {
    const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts[locale]) as string;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
  };
const ctx = (locale: string) => ({ t: translator(locale), locale, now: Date.parse('2026-03-01T10:00:00Z') });
const values = (rows: { id: string; value: string }[] | null) => Object.fromEntries((rows ?? []).map((r) => [r.id, r.value]));

const financing = { coin: 'USDT', decimals: 6, dailyRate: '0.0012345', termDays: 30, penaltyRate: '0.03' };
const machine = {
  type: 1,
  price: '1000.000000',
  priceCoin: 'USDT',
  priceDecimals: 6,
  outputCoin: 'BTC',
  outputDecimals: 8,
  incomeType: 2,
  dailyOutput: '0.0002',
  frozenRatio: '0',
  releaseDays: 0,
  termDays: 30,
  rewardRatio: '0',
};

describe('summaryRows', () => {
  it('financing: money rounded down to 2 decimals with the unit, German separators', () => {
    const spec = { kind: 'financing', source: 'product', field: 'money' } as const;
    const v = values(summaryRows(spec, financing, '12345.678901', ctx('de-DE')));
    // 12,345.678901 × 0.0012345 = 15.2407406… a day, rounded down to 15.240740; × 30 = 457.2222
    expect(v).toMatchObject({
      total: '12.345,67 USDT',
      fee: '0,00 USDT',
      daily: '15,24 USDT',
      earnings: '457,22 USDT',
      back: '12.802,90 USDT',
      penalty: '370,37 USDT',
    });
    expect(v.maturity).toContain('31.03.2026');
    expect(values(summaryRows(spec, financing, '12345.678901', ctx('en-US')))).toMatchObject({ total: '12,345.67 USDT', earnings: '457.22 USDT' });
  });

  it('mining: a coin output keeps the coin decimals; no reward or frozen line when the machine has none', () => {
    const rows = summaryRows({ kind: 'mining', source: 'machine', field: 'num' }, machine, '3', ctx('en-US'))!;
    expect(values(rows)).toMatchObject({ total: '3,000.00 USDT', daily: '0.00060000 BTC', earnings: '0.01800000 BTC', end: '30 days after approval' });
    expect(rows.map((r) => r.id)).not.toContain('reward');
    expect(rows.map((r) => r.id)).not.toContain('frozen');
  });

  it('ieo: the total in the price coin, what is received, the closing and release dates', () => {
    const project = {
      coin: 'NOVA',
      decimals: 2,
      price: '0.050000',
      priceCoin: 'USDT',
      startAt: '2026-01-01T00:00:00Z',
      endAt: '2026-01-10T00:00:00Z',
      thawAt: '2026-02-09T00:00:00Z',
    };
    const v = values(summaryRows({ kind: 'ieo', source: 'project', field: 'num' }, project, '1234.56', ctx('de-DE')));
    expect(v).toMatchObject({ total: '61,72 USDT', fee: '0,00 USDT', receive: '1.234,56 NOVA' });
    expect(v.release).toContain('09.02.2026');
  });

  it('is null without an amount to preview or without the product', () => {
    const spec = { kind: 'financing', source: 'product', field: 'money' } as const;
    expect(summaryRows(spec, financing, '', ctx('en-US'))).toBeNull();
    expect(summaryRows(spec, undefined, '100', ctx('en-US'))).toBeNull();
    expect(summaryRows(spec, { coin: 'USDT' }, '100', ctx('en-US'))).toBeNull();
  });
});
