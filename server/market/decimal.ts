// Exact decimal strings: prices and amounts live as integer counts of their smallest unit
// (10^-decimals) and are formatted with exactly `decimals` digits after the point.

/** An integer count of 10^-decimals units as a decimal string, e.g. (6825000, 2) → "68250.00". */
export function formatUnits(units: number, decimals: number): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not a safe integer: ${units}`);
  const negative = units < 0;
  const digits = String(Math.abs(units));
  if (decimals <= 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(decimals + 1, '0');
  const text = `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal string as a BigInt count of 10^-decimals units; extra digits are truncated. */
export function toScaled(text: string, decimals: number): bigint {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const frac = (m[3] ?? '').slice(0, decimals).padEnd(decimals, '0');
  const value = BigInt(m[2] + frac);
  return m[1] === '-' ? -value : value;
}

/** A decimal string as a Number count of 10^-decimals units (must be a safe integer). */
export function parseUnits(text: string, decimals: number): number {
  const value = Number(toScaled(text, decimals));
  if (!Number.isSafeInteger(value)) throw new RangeError(`out of range: ${text}`);
  return value;
}

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * Percent change (close − open) / open × 100, truncated toward zero to 2 decimals, as a
 * string ("1.23", "-0.50"). Anything that truncates to zero is "0.00" (never "-0.00");
 * an open of zero gives "0.00".
 */
export function percentChange(open: string, close: string): string {
  const d = Math.max(decimalsOf(open), decimalsOf(close));
  const o = toScaled(open, d);
  const c = toScaled(close, d);
  if (o === 0n) return '0.00';
  // Hundredths of a percent: (c − o) / o × 100 × 100; BigInt division truncates toward zero.
  const q = ((c - o) * 10000n) / o;
  const negative = q < 0n;
  const abs = negative ? -q : q;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** 1 when close ≥ open, else 0 (exact comparison of decimal strings). */
export function isUp(open: string, close: string): 0 | 1 {
  const d = Math.max(decimalsOf(open), decimalsOf(close));
  return toScaled(close, d) >= toScaled(open, d) ? 1 : 0;
}
