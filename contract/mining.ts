// What a mining-machine purchase costs, for the buy form's share amount and the server's check
// (server/earn/mining/mining-purchase.ts): both use these, so the amount the form sends is the amount charged.
import { formatUnits, mul, roundTo, STORAGE_SCALE, tryScaled } from './decimal.ts';

/** Machine units (10⁻⁸) of a share percent in units: 25 % → 0.25 machine. */
export const shareQuantity = (percentUnits: bigint): bigint => percentUnits / 100n;

/** What `quantity` machines cost at `price` (both in units): rounded up to the price coin's decimals. */
export function costOf(quantity: bigint, price: bigint, decimals: number): bigint {
  return roundTo(mul(quantity, price, 'up'), decimals, 'up');
}

/** What `percent` % of one machine costs at `price`, as the form shows and sends it; null for a percent that is not a plain decimal. */
export function shareCost(price: string, percent: string, decimals: number): string | null {
  const percentUnits = /^\d+(\.\d+)?$/.test(percent) ? tryScaled(percent, STORAGE_SCALE) : null;
  const priceUnits = tryScaled(price, STORAGE_SCALE);
  if (percentUnits === null || priceUnits === null || percentUnits <= 0n) return null;
  return formatUnits(costOf(shareQuantity(percentUnits), priceUnits, decimals), decimals);
}
