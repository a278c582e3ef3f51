/** Simple moving average of the last `n` closes; null until there are n values. */
export function movingAverage(closes: readonly number[], n: number): (number | null)[] {
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i];
    if (i >= n) sum -= closes[i - n];
    out.push(i >= n - 1 ? sum / n : null);
  }
  return out;
}

export interface BarLike {
  id: number;
  open: number | string;
  close: number | string;
  high: number | string;
  low: number | string;
  amount?: number | string;
  vol: number | string;
}

/** Puts a live bar into the series: replaces the bar with the same start, appends a newer one. */
export function mergeBar<T extends { id: number }>(bars: readonly T[], bar: T): T[] {
  const last = bars[bars.length - 1];
  if (!last || bar.id > last.id) return [...bars, bar];
  if (bar.id === last.id) return [...bars.slice(0, -1), bar];
  return bars as T[];
}
