// What the market keeps: how much history stays in memory, and the stored state the
// persistence layer (store.ts) writes after every tick and reads back at a restart.
import { MINUTES_PER_DAY } from './calendar.ts';
import type { RawBar } from './series.ts';

/** Days of 1-minute history kept (≥ 300 hourly bars) */
export const MINUTE_DAYS = 14;
/** Minute history is trimmed once this many days beyond MINUTE_DAYS have piled up */
export const TRIM_DAYS = 7;
/** Room for the most minutes ever kept (MINUTE_DAYS + TRIM_DAYS + the current day), so it never regrows */
export const MINUTE_CAPACITY = (MINUTE_DAYS + TRIM_DAYS + 1) * MINUTES_PER_DAY;
/** Seconds of recorded prices kept in memory (futures settle from them) */
export const RECORD_SEC = 2 * 3600;

/** One stored bar in raw units; idx is the epoch minute (unit minute) or epoch day (unit day). */
export interface RawBarAt extends RawBar {
  idx: number;
}

/** A market's stored state: enough to rebuild its series and continue its walk exactly. */
export interface PairState {
  /** Second of the backfill (regenerated from the seed and checked against genesisHash) */
  genesisSec: number;
  genesisHash: string;
  /** Log price and price in ticks */
  x: number;
  price: number;
  rngOffset: number;
  /** First minute of the minute series */
  minuteStart: number;
  /** Stored minute bars from genesis on (ascending) */
  minutes: RawBarAt[];
  /** Stored day bars from genesis on (ascending) */
  days: RawBarAt[];
  /** Recorded one-second prices in ticks: [second, price] */
  ticks: [number, number][];
}

export interface MarketRestore {
  /** The second the stored state was at */
  sec: number;
  pairs: Map<string, PairState>;
}

/** What changed since the last drain: the persistence layer writes it in one transaction. */
export interface PairChanges {
  symbol: string;
  state: Omit<PairState, 'minutes' | 'days' | 'ticks'>;
  minutes: RawBarAt[];
  days: RawBarAt[];
  ticks: [number, number][];
}

export interface MarketChanges {
  /** The second of the previous drain: the changes cover (from, sec] */
  from: number;
  sec: number;
  pairs: PairChanges[];
}
