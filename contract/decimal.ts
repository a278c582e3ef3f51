// Exact decimals for client, server and scripts (spec §5; docs/architecture.md, "The contract module"). A value is a
// BigInt count of 10^-scale units, read from and written to decimal strings. A JSON number is
// read through its shortest round-trip string (what the JSON carried), so 0.1 + 0.2 style
// errors never show, and no value ever passes through float arithmetic here.

/** A price or amount: an exact decimal string, or a JSON number taken by its decimal form. */
export type DecimalValue = number | string;

/** 'down' rounds toward zero (what display does), 'up' away from zero. */
export type Rounding = 'down' | 'up';

/** The ledger's scale: the database stores amounts and prices as integer units of 10^-8. */
export const STORAGE_SCALE = 8;
export const STORAGE_ONE = 10n ** BigInt(STORAGE_SCALE);
/** Decimals a number is shown with when nothing else is configured (spec §5). */
export const DEFAULT_DECIMALS = 6;
/** Percent changes are truncated to 2 decimals (spec §5). */
export const PERCENT_DECIMALS = 2;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** value = m × 10^e */
interface Exact {
  m: bigint;
  e: number;
}

const LENIENT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

/** Any decimal string or finite JSON number ("1.5", "-.5", "1e-7", 0.1 + 0.2); null otherwise. */
function read(value: DecimalValue): Exact | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const match = LENIENT.exec(String(value).trim());
  if (!match) return null;
  const [, sign, int = '', frac = '', exp] = match;
  if (!int && !frac) return null;
  const m = BigInt(int + frac);
  return { m: sign === '-' ? -m : m, e: (exp ? Number(exp) : 0) - frac.length };
}

function mustRead(value: DecimalValue): Exact {
  const d = read(value);
  if (!d) throw new RangeError(`not a decimal: ${String(value)}`);
  return d;
}

/** a ÷ b of BigInts, rounded toward zero ('down') or away from zero ('up'). */
function quotient(a: bigint, b: bigint, rounding: Rounding): bigint {
  const q = a / b;
  if (rounding === 'up' && q * b !== a) return a < 0n !== b < 0n ? q - 1n : q + 1n;
  return q;
}

/** num × 10^k ÷ den as a BigInt, rounded. */
function shifted(num: bigint, den: bigint, k: number, rounding: Rounding): bigint {
  return k >= 0 ? quotient(num * pow10(k), den, rounding) : quotient(num, den * pow10(-k), rounding);
}

/** (a × b) ÷ c of exact decimals as units of 10^-decimals. */
function mulDiv(a: Exact, b: Exact, c: Exact, decimals: number, rounding: Rounding): bigint {
  if (c.m === 0n) throw new RangeError('division by zero');
  return shifted(a.m * b.m, c.m, a.e + b.e - c.e + decimals, rounding);
}

const ONE: Exact = { m: 1n, e: 0 };

// --- Scaled values ------------------------------------------------------------------------

/** A decimal as a BigInt count of 10^-scale units (extra digits rounded); null when unreadable. */
export function tryScaled(value: DecimalValue, scale: number, rounding: Rounding = 'down'): bigint | null {
  const d = read(value);
  return d ? shifted(d.m, 1n, d.e + scale, rounding) : null;
}

/** A decimal as a BigInt count of 10^-scale units (extra digits rounded); RangeError when unreadable. */
export function toScaled(value: DecimalValue, scale: number, rounding: Rounding = 'down'): bigint {
  const v = tryScaled(value, scale, rounding);
  if (v === null) throw new RangeError(`not a decimal: ${String(value)}`);
  return v;
}

/**
 * A count of 10^-scale units as a decimal string with exactly `decimals` fraction digits,
 * rounded (toward zero by default). Trailing zeros are kept; zero never gets a minus sign.
 */
export function fromScaled(value: bigint, scale: number, decimals: number = scale, rounding: Rounding = 'down'): string {
  const places = Math.max(0, Math.floor(decimals));
  const q = shifted(value, 1n, places - scale, rounding);
  const negative = q < 0n;
  const digits = (negative ? -q : q).toString();
  const sign = negative ? '-' : '';
  if (places === 0) return sign + digits;
  const padded = digits.padStart(places + 1, '0');
  return `${sign}${padded.slice(0, -places)}.${padded.slice(-places)}`;
}

/** The exact value of a scaled count without trailing zeros ("1.5", "10", "-0.00000001"). */
export function toPlain(value: bigint, scale: number): string {
  const text = fromScaled(value, scale, scale);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** a × b of two values of the same scale, rounded to that scale. */
export function mul(a: bigint, b: bigint, rounding: Rounding = 'down', scale: number = STORAGE_SCALE): bigint {
  return quotient(a * b, pow10(scale), rounding);
}

/** a ÷ b of two values of the same scale, rounded to that scale; RangeError when b is zero. */
export function div(a: bigint, b: bigint, rounding: Rounding = 'down', scale: number = STORAGE_SCALE): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  return quotient(a * pow10(scale), b, rounding);
}

/** A scaled value rounded to `decimals` fraction digits, still in units of 10^-scale. */
export function roundTo(value: bigint, decimals: number, rounding: Rounding = 'down', scale: number = STORAGE_SCALE): bigint {
  if (decimals >= scale) return value;
  const step = pow10(scale - decimals);
  return quotient(value, step, rounding) * step;
}

export function sum(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

/** What a winning futures order pays back: stake + stake × ratio (the profit rounded down). */
export function winPayout(stake: bigint, ratio: bigint, scale: number = STORAGE_SCALE): bigint {
  return stake + mul(stake, ratio, 'down', scale);
}

// --- Ledger units (10^-8) ---------------------------------------------------------------

const PLAIN = /^(\d+)(?:\.(\d+))?$/;

export interface ParsedAmount {
  /** Value in ledger units; only meaningful when decimals <= STORAGE_SCALE */
  units: bigint;
  /** Significant fraction digits (trailing zeros do not count) */
  decimals: number;
}

/** A plain non-negative decimal as typed by a user ("12", "0.5", "3.140"); null for anything else. */
export function parseAmount(text: string): ParsedAmount | null {
  const m = PLAIN.exec(text);
  if (!m) return null;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  const kept = fraction.slice(0, STORAGE_SCALE).padEnd(STORAGE_SCALE, '0');
  return { units: BigInt(m[1]) * STORAGE_ONE + BigInt(kept), decimals: fraction.length };
}

/** Ledger units of a plain decimal ("-1.5" allowed) with at most 8 decimals; throws otherwise. */
export function units(text: string): bigint {
  const negative = text.startsWith('-');
  const parsed = parseAmount(negative ? text.slice(1) : text);
  if (!parsed || parsed.decimals > STORAGE_SCALE) throw new Error(`not an exact decimal with at most ${STORAGE_SCALE} decimals: "${text}"`);
  return negative ? -parsed.units : parsed.units;
}

/** Ledger units with `decimals` fraction digits, rounded toward zero. */
export function formatUnits(value: bigint, decimals: number): string {
  return fromScaled(value, STORAGE_SCALE, decimals);
}

/** Ledger units exactly, without trailing zeros ("1.5", "10"). */
export function plainUnits(value: bigint): string {
  return toPlain(value, STORAGE_SCALE);
}

// --- Integer ticks (the market simulator's safe-integer counts of 10^-decimals) ----------

/** An integer count of 10^-decimals units as a decimal string, e.g. (6825000, 2) → "68250.00". */
export function formatTicks(ticks: number, decimals: number): string {
  if (!Number.isSafeInteger(ticks)) throw new RangeError(`not a safe integer: ${ticks}`);
  return fromScaled(BigInt(ticks), decimals);
}

/** A decimal string as a safe-integer count of 10^-decimals units (extra digits truncated). */
export function parseTicks(text: string, decimals: number): number {
  if (typeof text !== 'string' || /e/i.test(text)) throw new RangeError(`not a plain decimal: ${String(text)}`);
  const value = Number(toScaled(text, decimals));
  if (!Number.isSafeInteger(value)) throw new RangeError(`out of range: ${text}`);
  return value;
}

// --- Decimal strings ----------------------------------------------------------------------

/** Rounds toward zero to `decimals` places, keeping trailing zeros ("1.50"); "" when unreadable. */
export function roundDown(value: DecimalValue, decimals: number = DEFAULT_DECIMALS): string {
  const places = Math.max(0, Math.floor(decimals));
  const v = tryScaled(value, places);
  return v === null ? '' : fromScaled(v, places);
}

function plus(x: Exact, y: Exact): string {
  const e = Math.min(x.e, y.e, 0);
  return toPlain(x.m * pow10(x.e - e) + y.m * pow10(y.e - e), -e);
}

/** Exact a + b as a plain decimal string; RangeError when either is unreadable. */
export function add(a: DecimalValue, b: DecimalValue): string {
  return plus(mustRead(a), mustRead(b));
}

/** Exact a − b as a plain decimal string; RangeError when either is unreadable. */
export function sub(a: DecimalValue, b: DecimalValue): string {
  const y = mustRead(b);
  return plus(mustRead(a), { m: -y.m, e: y.e });
}

/** a × b with `decimals` places, rounded (down by default). */
export function multiply(a: DecimalValue, b: DecimalValue, decimals: number, rounding: Rounding = 'down'): string {
  return fromScaled(mulDiv(mustRead(a), mustRead(b), ONE, decimals, rounding), decimals);
}

/** a ÷ b with `decimals` places, rounded (down by default); RangeError when b is zero. */
export function divide(a: DecimalValue, b: DecimalValue, decimals: number, rounding: Rounding = 'down'): string {
  return fromScaled(mulDiv(mustRead(a), ONE, mustRead(b), decimals, rounding), decimals);
}

/** `percent`% of `value` with `decimals` places, rounded down. */
export function percentOf(value: DecimalValue, percent: DecimalValue, decimals: number): string {
  return fromScaled(mulDiv(mustRead(value), mustRead(percent), { m: 100n, e: 0 }, decimals, 'down'), decimals);
}

/** stake × (1 + ratio) with `decimals` places, rounded down: what a winning futures order pays. */
export function payoutOf(stake: DecimalValue, ratio: DecimalValue, decimals = 2): string {
  return multiply(stake, add(1, ratio), decimals);
}

/** Exact comparison: −1, 0 or 1; RangeError when either is unreadable. */
export function compare(a: DecimalValue, b: DecimalValue): -1 | 0 | 1 {
  const x = mustRead(a);
  const y = mustRead(b);
  const e = Math.min(x.e, y.e);
  const l = x.m * pow10(x.e - e);
  const r = y.m * pow10(y.e - e);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** 1 when close ≥ open, else 0 (exact). */
export function isUp(open: DecimalValue, close: DecimalValue): 0 | 1 {
  return compare(close, open) >= 0 ? 1 : 0;
}

/** A plain decimal string ("0.01", ".5") greater than zero. */
export function isPositive(text: string): boolean {
  return /^\d*\.?\d+$/.test(text.trim()) && compare(text, 0) > 0;
}

/**
 * The value × 10^places exactly, trailing zeros dropped: a ratio to percent (2) and back (−2),
 * "0.0005" ⇄ "0.05". "" when unreadable.
 */
export function movePoint(value: DecimalValue, places: number): string {
  const x = read(value);
  if (!x) return '';
  const e = x.e + places;
  const plain = e >= 0 ? (x.m * pow10(e)).toString() : toPlain(x.m, -e);
  return plain.includes('.') ? plain.replace(/\.?0+$/, '') : plain;
}

/** Fraction digits as written ("1.2340" → 4, "12" → 0). */
export function decimalsOf(text: string): number {
  return (text.split('.')[1] ?? '').length;
}

/**
 * (close − open) / open × 100, truncated toward zero to 2 decimals: "1.23", "-0.50", "0.00"
 * (never "-0.00"). A zero or unreadable open or close gives "0.00".
 */
export function percentChange(open: DecimalValue, close: DecimalValue): string {
  const o = read(open);
  const c = read(close);
  if (!o || !c || o.m === 0n) return fromScaled(0n, 0, PERCENT_DECIMALS);
  const e = Math.min(o.e, c.e);
  const O = o.m * pow10(o.e - e);
  const C = c.m * pow10(c.e - e);
  return fromScaled(quotient((C - O) * 10n ** BigInt(2 + PERCENT_DECIMALS), O, 'down'), PERCENT_DECIMALS);
}
