// The listeners of a market's ticks (MarketData.onTick).
export class TickListeners {
  private readonly listeners = new Set<(ts: number) => void>();

  /** Adds a listener; returns its unsubscribe. */
  add(listener: (ts: number) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Calls every listener with `ts` (those added meanwhile wait for the next tick). */
  fire(ts: number): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(ts);
      } catch {
        // A failing listener must not stop the market or the other listeners.
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
