import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

/** A countdown of `lengthS` seconds from `start()`, re-rendering every second while it runs. */
export function useCountdown(lengthS: number): { left: number; start: () => void } {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const left = secondsLeft(startedAt, lengthS, now);

  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  const start = () => {
    setStartedAt(Date.now());
    setNow(Date.now());
  };
  return { left, start };
}
