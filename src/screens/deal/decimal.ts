// Exact decimal arithmetic on strings for the trading tickets (BigInt scaled
// integers). Results round down, as the product rounds every shown number down.
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

export function toScaled(value: string | number): bigint {
  const s = typeof value === 'number' ? value.toFixed(SCALE) : value.trim();
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return 0n;
  const frac = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const n = BigInt(m[2] || '0') * ONE + BigInt(frac || '0');
  return m[1] ? -n : n;
}

/** Formats a scaled value with exactly `decimals` places, rounding toward zero. */
export function fromScaled(n: bigint, decimals: number): string {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const unit = 10n ** BigInt(SCALE - decimals);
  const kept = abs / unit;
  const s = kept.toString().padStart(decimals + 1, '0');
  const text = decimals > 0 ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
  return negative && kept !== 0n ? `-${text}` : text;
}

export const mul = (a: bigint, b: bigint) => (a * b) / ONE;
export const div = (a: bigint, b: bigint) => (b === 0n ? 0n : (a * ONE) / b);

/** `percent`% of `value`, with `decimals` places, rounded down. */
export function percentOf(value: string, percent: number, decimals: number): string {
  return fromScaled((toScaled(value) * BigInt(percent)) / 100n, decimals);
}

/** How much base coin `quote` buys at `price`, rounded down to `decimals`. */
export function quantityFor(quote: string, price: string, decimals: number): string {
  return fromScaled(div(toScaled(quote), toScaled(price)), decimals);
}

/** stake × (1 + ratio): what a winning futures order pays back. */
export function payoutOf(stake: string, ratio: string, decimals = 2): string {
  const s = toScaled(stake);
  return fromScaled(s + mul(s, toScaled(ratio)), decimals);
}

export const isPositive = (value: string) => /^\d*\.?\d+$/.test(value.trim()) && toScaled(value) > 0n;

export const decimalsOf = (value: string) => (value.split('.')[1] ?? '').length;
