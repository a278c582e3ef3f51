// The market an instance of a cluster quotes: the same object for the whole life of the server
// (handlers, the feed and the scheduler hold it), showing whichever market the instance has now:
// the leader's own simulator, or on a follower the replica of the leader's (replica.ts). Its
// tick listeners stay subscribed when the market behind it changes.
import { TickListeners } from './tick-listeners.ts';
import type { MarketData } from './types.ts';

export class MarketView implements MarketData {
  private current: MarketData | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly listeners = new TickListeners();

  /** Shows `market` from now on (the previous one is its owner's to close). */
  use(market: MarketData): void {
    this.unsubscribe?.();
    this.current = market;
    this.unsubscribe = market.onTick((ts) => this.listeners.fire(ts));
  }

  /** The market shown now, if any */
  shown(): MarketData | undefined {
    return this.current;
  }

  private get live(): MarketData {
    if (!this.current) throw new Error('The market is not loaded yet.');
    return this.current;
  }

  markets: MarketData['markets'] = () => this.live.markets();
  market: MarketData['market'] = (symbol) => this.current?.market(symbol);
  price: MarketData['price'] = (symbol) => this.live.price(symbol);
  isOpen: MarketData['isOpen'] = (symbol, at) => this.live.isOpen(symbol, at);
  day: MarketData['day'] = (symbol) => this.live.day(symbol);
  bars: MarketData['bars'] = (symbol, period, limit, fromSec, toSec) => this.live.bars(symbol, period, limit, fromSec, toSec);
  priceAt: MarketData['priceAt'] = (symbol, sec) => this.live.priceAt(symbol, sec);
  isStale: NonNullable<MarketData['isStale']> = (symbol) => this.live.isStale?.(symbol) ?? false;
  onTick: MarketData['onTick'] = (listener) => this.listeners.add(listener);

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.listeners.clear();
  }
}
