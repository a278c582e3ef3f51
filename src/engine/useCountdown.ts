// A detail screen with countdown fields: drawn again every second, and its record fetched again
// when a countdown runs out (an IEO that was upcoming is live now: its state, limits and form change).
import { useEffect, useState } from 'react';
import type { FieldView } from './types';

export function useCountdown(fields: readonly FieldView[] | undefined, record: Record<string, unknown> | undefined, refetch: () => void): void {
  const targets = (fields ?? [])
    .filter((f) => f.format === 'countdown')
    .map((f) => Date.parse(String(record?.[f.field] ?? '')))
    .filter(Number.isFinite);
  const ticking = (fields ?? []).some((f) => f.format === 'countdown');
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [ticking]);

  const key = targets.join(' ');
  useEffect(() => {
    const next = Math.min(...key.split(' ').map(Number).filter((at) => at > Date.now()));
    if (!Number.isFinite(next)) return;
    // a little after the moment, so the server sees it has passed
    const timer = setTimeout(refetch, next - Date.now() + 1000);
    return () => clearTimeout(timer);
  }, [key, refetch]);
}
