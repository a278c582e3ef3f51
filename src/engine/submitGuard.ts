// Suppresses a second submit within the window (a double tap) and while a call is in flight. A
// submit the server refused (the task answers false) leaves no window: the customer corrects the
// field and sends again at once, and that second Save must not be dropped.
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
        const result = await task();
        if (result === false) last = Number.NEGATIVE_INFINITY;
        return result;
      } finally {
        inFlight = false;
      }
    },
  };
}
