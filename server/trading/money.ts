// Exact money: every amount and price is a BigInt count of units of 10^-8 (SCALE), parsed
// from and formatted to decimal strings. Nothing here ever touches a JS float.

export const SCALE = 8;
export const ONE = 10n ** BigInt(SCALE);

/** Decimals USDT amounts are shown with (schemas/config/spot.json quoteDecimals). */
export const USDT = 'USDT';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export interface ParsedDecimal {
  /** Value in units of 10^-SCALE; only meaningful when decimals <= SCALE */
  units: bigint;
  /** Significant fraction digits (trailing zeros do not count) */
  decimals: number;
}

/** A plain non-negative decimal ("12", "0.5", "3.140"); null for anything else. */
export function parseDecimal(text: string): ParsedDecimal | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  const decimals = fraction.length;
  const kept = fraction.slice(0, SCALE).padEnd(SCALE, '0');
  return { units: BigInt(m[1]) * ONE + BigInt(kept), decimals };
}

/** Units of a decimal string that must have at most SCALE decimals; throws otherwise. */
export function units(text: string): bigint {
  const parsed = parseDecimal(text.startsWith('-') ? text.slice(1) : text);
  if (!parsed || parsed.decimals > SCALE) throw new Error(`not an exact decimal with at most ${SCALE} decimals: "${text}"`);
  return text.startsWith('-') ? -parsed.units : parsed.units;
}

/** `decimals` fraction digits, rounded toward zero (display rounds down). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  let abs = negative ? -value : value;
  if (decimals < SCALE) abs -= abs % 10n ** BigInt(SCALE - decimals);
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(SCALE, '0').slice(0, decimals);
  const text = decimals > 0 ? `${whole}.${fraction}` : `${whole}`;
  return negative && abs !== 0n ? `-${text}` : text;
}

/** Exact value without trailing zeros ("1.5", "10"). */
export function plainUnits(value: bigint): string {
  return formatUnits(value, SCALE).replace(/\.?0+$/, '') || '0';
}

/** a × b of two unit values, rounded down (toward zero) or up to a unit. */
export function mul(a: bigint, b: bigint, rounding: 'down' | 'up' = 'down'): bigint {
  const product = a * b;
  const q = product / ONE;
  if (rounding === 'up' && product % ONE !== 0n && product > 0n) return q + 1n;
  return q;
}

/** a ÷ b (both units, b > 0) rounded down to `decimals` fraction digits, as units. */
export function divDown(a: bigint, b: bigint, decimals: number): bigint {
  const step = 10n ** BigInt(SCALE - decimals);
  return ((a * ONE) / b / step) * step;
}

/** Display decimals of a coin's balance: USDT with quoteDecimals, others with SCALE. */
export function coinDecimals(coin: string, quoteDecimals: number): number {
  return coin === USDT ? quoteDecimals : SCALE;
}

export function sum(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}
