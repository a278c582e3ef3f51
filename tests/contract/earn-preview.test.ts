// The figures a buy form shows before the confirmation are the ones the server charges and pays:
// each is checked against the server's own function (IEO payment, financing day, mining day output).
import { describe, expect, it } from 'vitest';
import { formatUnits, units } from '../../contract/decimal';
import { DAY_MS, financingPreview, ieoPreview, miningPreview, miningQuantity, shareOf, typedUnits } from '../../contract/earn-preview';
import type { MiningOrderRow } from '../../server/core/db/types';
import { shareOf as serverShareOf } from '../../server/earn/financing/financing';
import { paymentFor } from '../../server/earn/ieo/ieo';
import { dayOutput } from '../../server/earn/mining/mining-output';

const project = {
  coin: 'NEW',
  decimals: 4,
  price: '0.123457',
  priceCoin: 'USDT',
  startAt: '2026-01-01T00:00:00.000Z',
  endAt: '2026-01-10T00:00:00.000Z',
  thawAt: '2026-01-17T00:00:00.000Z',
};

describe('typedUnits', () => {
  it('reads a positive plain decimal within the decimals; null for anything else', () => {
    expect(typedUnits('1.5', 2)).toBe(units('1.5'));
    expect(typedUnits(' 12 ')).toBe(units('12'));
    expect(typedUnits('1.555', 2)).toBeNull();
    expect(typedUnits('0')).toBeNull();
    expect(typedUnits('1e3')).toBeNull();
    expect(typedUnits(undefined)).toBeNull();
    expect(typedUnits(5)).toBeNull();
  });
});

describe('ieoPreview', () => {
  it('totals num × price rounded up to the price decimals, as the server charges it, with no fee', () => {
    const v = ieoPreview(project, '3.3333')!;
    expect(v.total).toBe(paymentFor(units('3.3333'), units(project.price), 6));
    expect(formatUnits(v.total, 6)).toBe('0.411520'); // 0.41151922… rounded up
    expect(v.fee).toBe(0n);
    expect(v).toMatchObject({ coin: 'USDT', decimals: 6, endAt: project.endAt, thawAt: project.thawAt });
  });

  it('is null for more decimals than the coin has, zero or nothing', () => {
    expect(ieoPreview(project, '1.00001')).toBeNull();
    expect(ieoPreview(project, '')).toBeNull();
    expect(ieoPreview(project, '0')).toBeNull();
  });
});

describe('financingPreview', () => {
  const product = { coin: 'USDT', decimals: 6, dailyRate: '0.0012345', termDays: 30, penaltyRate: '0.01' };
  const now = Date.parse('2026-03-01T10:00:00.000Z');

  it('pays each day principal × rate rounded down, term times, exactly as the payout job does', () => {
    const v = financingPreview(product, '777.777777', now)!;
    const daily = serverShareOf(units('777.777777'), product.dailyRate, 6);
    expect(v.daily).toBe(daily);
    expect(formatUnits(v.daily, 6)).toBe('0.960166'); // 0.96016666… rounded down
    expect(v.earnings).toBe(daily * 30n);
    expect(v.penalty).toBe(serverShareOf(units('777.777777'), product.penaltyRate, 6));
    expect(v.fee).toBe(0n);
  });

  it('dates the start now, the first payout a day later and maturity after the term', () => {
    const v = financingPreview(product, '100', now)!;
    expect(v.startAt).toBe('2026-03-01T10:00:00.000Z');
    expect(v.firstPayoutAt).toBe(new Date(now + DAY_MS).toISOString());
    expect(v.maturityAt).toBe('2026-03-31T10:00:00.000Z');
  });

  it('agrees with the server for many principals and rates', () => {
    for (const [money, rate] of [
      ['0.000001', '0.5'],
      ['123456.789', '0.00033333'],
      ['1', '0.00000001'],
    ])
      expect(shareOf(units(money), rate, 6)).toBe(serverShareOf(units(money), rate, 6));
  });
});

describe('miningPreview', () => {
  const machine = {
    type: 2,
    price: '999.99',
    priceCoin: 'USDT',
    priceDecimals: 2,
    outputCoin: 'BTC',
    outputDecimals: 8,
    incomeType: 2,
    dailyOutput: '0.00012345',
    frozenRatio: '0.3',
    releaseDays: 5,
    termDays: 90,
    rewardRatio: '0.015',
  };
  const order = (quantity: bigint, m = machine) =>
    ({ daily_output: units(m.dailyOutput).toString(), quantity: quantity.toString(), income_type: m.incomeType }) as unknown as MiningOrderRow;
  const noMarket = { market: { market: () => undefined, price: () => '0' } } as never;

  it('costs the share as the server checks it and pays each day what the job pays', () => {
    const v = miningPreview(machine, '33.33')!;
    const quantity = miningQuantity(machine, '33.33')!;
    expect(formatUnits(v.cost, 2)).toBe('333.30');
    const day = dayOutput(noMarket, order(quantity), 8)!;
    expect(v.daily).toBe(day.amount);
    expect(formatUnits(v.daily, 8)).toBe('0.00004114'); // 0.0000411458… rounded down
    expect(v.earnings).toBe(day.amount * 90n);
    expect(formatUnits(v.reward, 2)).toBe('4.99'); // 333.30 × 0.015 = 4.9995 rounded down
    expect(v).toMatchObject({ earningsCoin: 'BTC', atDayPrice: false, fee: 0n });
  });

  it('rounds a day down to the output coin decimals (6 for a coin that has 6)', () => {
    const six = { ...machine, type: 1, outputCoin: 'DOGE', outputDecimals: 6, dailyOutput: '1.2345678' };
    const v = miningPreview(six, '3')!;
    expect(v.daily).toBe(dayOutput(noMarket, order(units('3'), six), 6)!.amount);
    expect(formatUnits(v.daily, 8)).toBe('3.70370300');
    expect(formatUnits(v.cost, 2)).toBe('2999.97');
  });

  it('counts income type 1 in USDT worth of the coin, paid at each day price', () => {
    const value = { ...machine, type: 1, incomeType: 1, dailyOutput: '2.5' };
    const v = miningPreview(value, '2')!;
    expect(formatUnits(v.daily, 2)).toBe('5.00');
    expect(formatUnits(v.earnings, 2)).toBe('450.00');
    expect(v).toMatchObject({ earningsCoin: 'USDT', atDayPrice: true });
  });

  it('takes whole machines for a sole machine and a percent with 2 decimals for a share', () => {
    expect(miningQuantity({ type: 1 }, '1.5')).toBeNull();
    expect(miningQuantity({ type: 2 }, '1.555')).toBeNull();
    expect(miningQuantity({ type: 2 }, '50')).toBe(units('0.5'));
    expect(miningPreview(machine, '')).toBeNull();
  });
});
