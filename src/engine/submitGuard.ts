// Suppresses a second submit within the window (a double tap) and while a call is in flight.
export function createSubmitGuard(windowMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  let inFlight = false;
  return {
    get busy() {
      return inFlight;
    },
    async run<T>(task: () => Promise<T>): Promise<T | undefined> {
      const t = now();
      if (inFlight || t - last < windowMs) return undefined;
      last = t;
      inFlight = true;
      try {
        return await task();
      } finally {
        inFlight = false;
      }
    },
  };
}
