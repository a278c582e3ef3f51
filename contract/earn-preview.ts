// What a purchase of an earn product costs and pays, shown before the customer confirms (the IEO
// subscription, fixed-term financing, mining machines). Each figure follows the server's own rule,
// exactly, on BigInt ledger units (never a float):
//   IEO        total = num × price, rounded up to the price coin's decimals (server/earn/ieo/ieo.ts paymentFor)
//   financing  each day = principal × daily rate, rounded down to the coin's decimals, paid term times
//              (server/earn/financing/financing.ts shareOf and the payout job); the principal comes back at maturity
//   mining     cost = quantity × price, rounded up (contract/mining.ts costOf, the server's check);
//              each day = daily output × quantity, rounded down to the output coin (income type 2) or
//              that many USDT worth of the coin at the day's price (type 1, server/earn/mining/mining-output.ts);
//              purchase reward = cost × reward ratio, rounded down (server/earn/mining/mining-review.ts)
// None of the products charges a fee: the server takes exactly the total, nothing beside it.
// tests/contract/earn-preview.test.ts checks each figure against the server's functions.
// only functions the app's other chunks already use: a new one would land in the chunk home loads
import { decimalsOf, mul, roundTo, STORAGE_SCALE, toScaled, tryScaled } from './decimal.ts';
import { costOf, shareQuantity } from './mining.ts';

export const DAY_MS = 86_400_000;

/** Ledger units of a positive amount as typed (a plain decimal, at most `decimals` places); null for anything else. */
export function typedUnits(text: unknown, decimals: number = STORAGE_SCALE): bigint | null {
  const plain = typeof text === 'string' ? text.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(plain) || decimalsOf(plain.replace(/(\.\d*?)0+$/, '$1')) > Math.min(decimals, STORAGE_SCALE)) return null;
  const value = tryScaled(plain, STORAGE_SCALE);
  return value !== null && value > 0n ? value : null;
}

/** Ledger units of a decimal the server wrote (a rate, a ratio, an output). */
export const units = (text: string): bigint => toScaled(text, STORAGE_SCALE);

const iso = (ms: number) => new Date(ms).toISOString();

export interface IeoTerms {
  coin: string;
  decimals: number;
  price: string;
  priceCoin: string;
  startAt: string;
  endAt: string;
  thawAt: string;
}

export interface IeoPreview {
  /** What is paid now, in units of the price coin */
  total: bigint;
  coin: string;
  /** the price coin's decimals (the price is written with them) */
  decimals: number;
  fee: bigint;
  endAt: string;
  thawAt: string;
}

/** An IEO subscription of `num` coins; null while num is not a positive amount the project's coin can have. */
export function ieoPreview(p: IeoTerms, num: unknown): IeoPreview | null {
  const amount = typedUnits(num, p.decimals);
  const price = typedUnits(p.price);
  if (amount === null || price === null) return null;
  const decimals = decimalsOf(p.price);
  const total = roundTo(mul(amount, price, 'up'), decimals, 'up');
  return { total, coin: p.priceCoin, decimals, fee: 0n, endAt: p.endAt, thawAt: p.thawAt };
}

export interface FinancingTerms {
  coin: string;
  decimals: number;
  dailyRate: string;
  termDays: number;
  penaltyRate: string;
}

export interface FinancingPreview {
  principal: bigint;
  coin: string;
  decimals: number;
  fee: bigint;
  /** paid each day of the term */
  daily: bigint;
  /** daily × term: all the earnings of the term */
  earnings: bigint;
  /** kept on an early redemption */
  penalty: bigint;
  startAt: string;
  firstPayoutAt: string;
  maturityAt: string;
}

/** principal × ratio, rounded down to `decimals` (the server's shareOf). */
export const shareOf = (principal: bigint, ratio: string, decimals: number): bigint => roundTo(mul(principal, units(ratio), 'down'), decimals, 'down');

/** A financing purchase of `money` bought at `now` (ms); null while money is not a positive amount of the coin. */
export function financingPreview(p: FinancingTerms, money: unknown, now: number): FinancingPreview | null {
  const principal = typedUnits(money, p.decimals);
  if (principal === null) return null;
  const daily = shareOf(principal, p.dailyRate, p.decimals);
  return {
    principal,
    coin: p.coin,
    decimals: p.decimals,
    fee: 0n,
    daily,
    earnings: daily * BigInt(p.termDays),
    penalty: shareOf(principal, p.penaltyRate, p.decimals),
    startAt: iso(now),
    firstPayoutAt: iso(now + DAY_MS),
    maturityAt: iso(now + p.termDays * DAY_MS),
  };
}

export interface MiningTerms {
  type: number;
  price: string;
  priceCoin: string;
  priceDecimals: number;
  outputCoin: string;
  outputDecimals: number;
  incomeType: number;
  dailyOutput: string;
  frozenRatio: string;
  releaseDays: number;
  termDays: number;
  rewardRatio: string;
}

export interface MiningPreview {
  cost: bigint;
  priceCoin: string;
  priceDecimals: number;
  fee: bigint;
  /** a day's output: output coins (income type 2), or USDT worth of them at the day's price (type 1) */
  daily: bigint;
  earnings: bigint;
  /** the coin daily and earnings are counted in (USDT for income type 1) */
  earningsCoin: string;
  earningsDecimals: number;
  /** paid in outputCoin at each day's market price (income type 1) */
  atDayPrice: boolean;
  /** paid back on approval */
  reward: bigint;
  termDays: number;
}

/** Income type 1: the day's output is worth dailyOutput USDT. */
export const VALUE_INCOME = 1;
const SOLE = 1;

/** Machine units of what the form typed: whole machines (sole) or a percent of one (shared); null when not a positive amount. */
export function miningQuantity(m: Pick<MiningTerms, 'type'>, typed: unknown): bigint | null {
  const value = typedUnits(typed, m.type === SOLE ? 0 : 2);
  return value === null ? null : m.type === SOLE ? value : shareQuantity(value);
}

/** A mining purchase of `typed` (machines or percent); null while it is not a positive amount. */
export function miningPreview(m: MiningTerms, typed: unknown): MiningPreview | null {
  const quantity = miningQuantity(m, typed);
  const price = typedUnits(m.price);
  if (quantity === null || quantity === 0n || price === null) return null;
  const cost = costOf(quantity, price, m.priceDecimals);
  const perDay = mul(units(m.dailyOutput), quantity);
  const atDayPrice = m.incomeType === VALUE_INCOME;
  // the USDT value is not rounded by the server (it divides it by the day's price); shown rounded down
  const daily = atDayPrice ? perDay : roundTo(perDay, m.outputDecimals, 'down');
  return {
    cost,
    priceCoin: m.priceCoin,
    priceDecimals: m.priceDecimals,
    fee: 0n,
    daily,
    earnings: daily * BigInt(m.termDays),
    earningsCoin: atDayPrice ? 'USDT' : m.outputCoin,
    earningsDecimals: atDayPrice ? STORAGE_SCALE : m.outputDecimals,
    atDayPrice,
    reward: roundTo(mul(cost, units(m.rewardRatio)), m.priceDecimals, 'down'),
    termDays: m.termDays,
  };
}
