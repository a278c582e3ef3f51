/** Whole seconds until `settleAt` (ISO), never negative. */
export function secondsUntil(settleAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(settleAt) - now) / 1000));
}
