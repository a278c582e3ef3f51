/** Seconds left of a countdown that started at `startedAt` (ms), never negative. */
export function secondsLeft(startedAt: number | null, lengthS: number, now: number): number {
  if (startedAt === null) return 0;
  return Math.max(0, Math.ceil(lengthS - (now - startedAt) / 1000));
}
