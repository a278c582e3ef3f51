// schemas/config/reviews.json: which roles decide each review kind, and which approvals need two operators.
import { loadConfig } from '../../contract/loader.ts';
import { compare, formatUnits, multiply } from '../../contract/decimal.ts';
import { STORAGE_SCALE } from '../../contract/decimal.ts';
import type { Db } from '../core/db/index.ts';
import type { OperatorRole } from '../core/db/types.ts';
import type { ReviewKind } from '../core/review-kind.ts';
import type { MarketData } from '../platform/market/types.ts';
import { usdtPriceOf } from '../platform/market/usdt-price.ts';

export interface ReviewRules {
  fourEyes: { minimumUsdt: string; kinds: string[] };
  roles: Record<string, OperatorRole[]>;
}

let rules: ReviewRules | undefined;

export function reviewRules(): ReviewRules {
  rules ??= loadConfig<ReviewRules>('reviews');
  return rules;
}

export function mayDecide(kind: string, held: readonly OperatorRole[], config = reviewRules()): boolean {
  return (config.roles[kind] ?? []).some((r) => held.includes(r));
}

/**
 * True when approving needs a second operator: a kind of fourEyes.kinds paying out at least
 * minimumUsdt at the current price, or any amount when the coin has no current price.
 */
export async function needsTwoApprovals(db: Db, kind: ReviewKind, id: number, market: MarketData, now: number, config = reviewRules()): Promise<boolean> {
  if (!config.fourEyes.kinds.includes(kind.kind) || !kind.outflow) return false;
  const out = await kind.outflow(db, id);
  if (!out) return false;
  const price = usdtPriceOf(market, out.coin, now);
  if (price === null) return true;
  const value = multiply(formatUnits(out.units, STORAGE_SCALE), price, STORAGE_SCALE);
  return compare(value, config.fourEyes.minimumUsdt) >= 0;
}
