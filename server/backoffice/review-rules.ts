// schemas/config/reviews.json: which roles decide each review kind, and when an approval takes two
// different operators. One rule for every kind that moves money (contract/review-kinds.ts): a
// credit or payout worth at least fourEyes.minimumUsdt at the current price (always when the coin
// has none), or a credit above what the customer claimed, whatever its size.
import { liveConfig } from '../core/live-config.ts';
import { compare, formatUnits, multiply, STORAGE_SCALE } from '../../contract/decimal.ts';
import { reviewKindEntry } from '../../contract/review-kinds.ts';
import type { OperatorRole } from '../core/db/types.ts';
import type { ReviewKind, ReviewMoves } from '../core/review-kind.ts';
import type { MarketData } from '../platform/market/types.ts';
import { usdtPriceOf } from '../platform/market/usdt-price.ts';

export interface ReviewRules {
  fourEyes: { minimumUsdt: string };
  roles: Record<string, OperatorRole[]>;
  /** How long an item may wait before its age shows amber (warn) and red (late) */
  sla: { warnAfterMinutes: number; lateAfterMinutes: number };
  /** How long a taken item stays with the operator who took it */
  take: { minutes: number };
}

/** schemas/config/reviews.json as published (changeable at run time: server/core/live-config.ts) */
export function reviewRules(): ReviewRules {
  return liveConfig<ReviewRules>('reviews');
}

export function mayDecide(kind: string, held: readonly OperatorRole[], config = reviewRules()): boolean {
  return (config.roles[kind] ?? []).some((r) => held.includes(r));
}

/** Why an approval needs a second operator: its value, a coin without a price, or a credit above the claim. */
export type FourEyesReason = 'threshold' | 'noPrice' | 'aboveClaim';

/** The USDT value of an amount at the current price, or null without one. */
function usdtValue(market: MarketData, coin: string, units: bigint, now: number): string | null {
  const price = usdtPriceOf(market, coin, now);
  return price === null ? null : multiply(formatUnits(units, STORAGE_SCALE), price, STORAGE_SCALE);
}

/** True when a credit is above the claim: more of the same coin, or a value above the claim's (a claim in a coin without a price is never below). */
function aboveClaim(market: MarketData, moves: ReviewMoves, now: number): boolean {
  const { claimed } = moves;
  if (!claimed) return false;
  if (claimed.coin === moves.coin) return moves.units > claimed.units;
  const credit = usdtValue(market, moves.coin, moves.units, now);
  const claim = usdtValue(market, claimed.coin, claimed.units, now);
  return credit === null || claim === null || compare(credit, claim) > 0;
}

/** Why approving needs two operators, or null when one is enough. */
export function fourEyesReason(
  kind: ReviewKind,
  moves: ReviewMoves | undefined,
  market: MarketData,
  now: number,
  config = reviewRules(),
): FourEyesReason | null {
  const { money } = reviewKindEntry(kind.kind);
  if (money === 'none' || !moves) return null;
  if (money === 'credit' && aboveClaim(market, moves, now)) return 'aboveClaim';
  const value = usdtValue(market, moves.coin, moves.units, now);
  if (value === null) return 'noPrice';
  return compare(value, config.fourEyes.minimumUsdt) >= 0 ? 'threshold' : null;
}
