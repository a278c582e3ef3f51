// Settlement of a second-level futures order: a pure function of the order's terms and the
// two recorded market prices. Nothing else (no user, no setting, no operator input) enters.
import { units, winPayout } from '../../contract/decimal.ts';

export type Direction = 'up' | 'down';

export interface SettleInput {
  direction: Direction;
  /** Stake in units, or a decimal string */
  stake: bigint | string;
  /** Profit ratio paid on a win (e.g. "0.15"), in units or as a decimal string */
  profitRatio: bigint | string;
  /** Price recorded at creation */
  openPrice: bigint | string;
  /** Price recorded at expiry */
  closePrice: bigint | string;
}

export interface Settlement {
  /** "invalid" when the price did not move: the stake is returned */
  status: 'settled' | 'invalid';
  result: 'win' | 'loss' | 'draw';
  /** Units credited back to the balance: stake + stake × ratio on a win, 0 on a loss, stake on a draw */
  payout: bigint;
  /** payout − stake */
  pnl: bigint;
}

const asUnits = (v: bigint | string): bigint => (typeof v === 'bigint' ? v : units(v));

/** Up wins when close > open, down wins when close < open; equal prices are a draw. */
export function settle(input: SettleInput): Settlement {
  const stake = asUnits(input.stake);
  const ratio = asUnits(input.profitRatio);
  const open = asUnits(input.openPrice);
  const close = asUnits(input.closePrice);
  if (stake <= 0n || ratio < 0n || open <= 0n || close <= 0n) throw new Error('settle: stake and prices must be positive, the ratio not negative');
  if (close === open) return { status: 'invalid', result: 'draw', payout: stake, pnl: 0n };
  const won = input.direction === 'up' ? close > open : close < open;
  if (!won) return { status: 'settled', result: 'loss', payout: 0n, pnl: -stake };
  const payout = winPayout(stake, ratio);
  return { status: 'settled', result: 'win', payout, pnl: payout - stake };
}
