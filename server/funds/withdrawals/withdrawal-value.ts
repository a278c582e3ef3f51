// The business limit on what an account's crypto withdrawals of any 24 hours may be worth
// together (schemas/config/business-limits.json withdrawalValuePerDayUsdt). It sums amounts, which
// the rate limiter cannot, so it reads the withdrawals table (shared by every instance) in the
// transaction that writes the new one, under a lock per account: of two requests at once, the
// second sees the first. Pending and paid-out withdrawals count, rejected ones not; each is valued
// in USDT at the current price, and a coin without a USDT price counts by number only.
import { formatUnits, mul, units } from '../../../contract/decimal.ts';
import type { Tx } from '../../core/ledger.ts';
import { lockNamed } from '../../core/db/locks.ts';
import { ReviewStatus } from '../../core/db/types.ts';
import type { ValueLimit } from '../../core/config.ts';
import { businessLimitReached } from '../../platform/http/business-limits.ts';
import { usdtPriceOf } from '../../platform/market/usdt-price.ts';
import type { MarketData } from '../../platform/market/types.ts';

export interface ValueLimitContext {
  market: MarketData;
  limits: { withdrawalValuePerDay: ValueLimit };
}

const USDT_DECIMALS = 2;

/** Refuses (4024, limits.business.withdrawalValuePerDay) when `amount` of `coin` would take the account's withdrawals of the window past the limit. */
export async function holdWithdrawalValue(trx: Tx, ctx: ValueLimitContext, userId: number, coin: string, amount: bigint, now: number): Promise<void> {
  const limit = ctx.limits.withdrawalValuePerDay;
  const valueOf = (c: string, amountUnits: bigint): bigint => {
    const price = usdtPriceOf(ctx.market, c, now);
    return price === null ? 0n : mul(amountUnits, units(price), 'up');
  };
  const asked = valueOf(coin, amount);
  if (asked === 0n) return;
  await lockNamed(trx, `withdrawal-value-${userId}`);
  const earlier = await trx
    .selectFrom('withdrawals')
    .select(['coin', 'amount', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '!=', ReviewStatus.rejected)
    .where('created_at', '>', now - limit.windowMs)
    .orderBy('created_at')
    .execute();
  const rows = earlier.map((r) => ({ value: valueOf(r.coin, BigInt(r.amount)), at: Number(r.created_at) }));
  const max = units(limit.maxUsdt);
  let used = rows.reduce((total, r) => total + r.value, 0n);
  if (used + asked <= max) return;
  const params = { left: formatUnits(used < max ? max - used : 0n, USDT_DECIMALS) };
  const shownMax = formatUnits(max, USDT_DECIMALS);
  if (asked > max) throw businessLimitReached('withdrawalValueSingle', shownMax, 0, now, params);
  // it fits once enough of the oldest withdrawals have left the window
  for (const r of rows) {
    used -= r.value;
    if (used + asked <= max) throw businessLimitReached('withdrawalValuePerDay', shownMax, r.at + limit.windowMs - now, now, params);
  }
}
