// The simulator's memory in the database (migration 0003): its walk state per market, every
// bar it published (1-minute and daily bars; the other periods are sums of them, and the
// backfill before genesis is regenerated from the secret seed and checked against a hash) and
// the prices recorded each second. After every tick the changes are written in one
// transaction; a restart continues from them, so published history is never rewritten.
import type { Db } from '../../core/db/index.ts';
import { MARKETS } from './index.ts';
import {
  createSimulator,
  type MarketChanges,
  type MarketRestore,
  type PairChanges,
  type PairState,
  RECORD_SEC,
  type RawBarAt,
  type Simulator,
} from './simulator.ts';
import type { MarketDef } from './types.ts';

/** Rows per INSERT statement (well under SQLite's and PostgreSQL's parameter limits) */
const ROWS_PER_INSERT = 500;
/** Recorded prices older than this (market time) are deleted, once a minute */
const PRUNE_EVERY_SEC = 60;

export interface StoredMarketOptions {
  /** The installation's secret seed (server/trading/settings.ts) */
  seed: number | string;
  now: () => number;
  autoStep?: boolean;
  markets?: readonly MarketDef[];
  /** Called with each write's changes once they are committed (a cluster's leader publishes them to its followers) */
  afterWrite?: (changes: MarketChanges) => void;
}

export interface StoredMarket {
  market: Simulator;
  /** Writes what is not yet written (also called after every tick) */
  flush(): Promise<void>;
  /** Stops writing after a last flush; call before closing the database */
  close(): Promise<void>;
}

const num = (v: unknown): number => Number(v);

function barOf(r: { idx: unknown; open: string; high: string; low: string; close: string; amount: string; vol: string; count: unknown }): RawBarAt {
  return {
    idx: num(r.idx),
    o: Number(r.open),
    h: Number(r.high),
    l: Number(r.low),
    c: Number(r.close),
    a: Number(r.amount),
    v: Number(r.vol),
    n: num(r.count),
  };
}

/** The stored state to continue from, or undefined for a first start. */
export async function readMarketRestore(db: Db): Promise<MarketRestore | undefined> {
  const states = await db.selectFrom('market_state').selectAll().execute();
  if (states.length === 0) return undefined;
  const sec = Math.max(...states.map((s) => num(s.sec)));
  const pairs = new Map<string, PairState>();
  for (const s of states) {
    const genesisMinute = Math.floor(num(s.genesis_sec) / 60);
    const genesisDay = Math.floor(num(s.genesis_sec) / 86_400);
    const minuteFrom = Math.max(genesisMinute, num(s.minute_start));
    const bars = (unit: 'minute' | 'day', from: number) =>
      db.selectFrom('market_bars').selectAll().where('symbol', '=', s.symbol).where('unit', '=', unit).where('idx', '>=', from).orderBy('idx').execute();
    const ticks = await db
      .selectFrom('market_ticks')
      .select(['sec', 'price'])
      .where('symbol', '=', s.symbol)
      .where('sec', '>', sec - RECORD_SEC)
      .orderBy('sec')
      .execute();
    pairs.set(s.symbol, {
      genesisSec: num(s.genesis_sec),
      genesisHash: s.genesis_hash,
      x: Number(s.x),
      price: Number(s.price),
      rngOffset: num(s.rng_offset),
      minuteStart: num(s.minute_start),
      minutes: (await bars('minute', minuteFrom)).map(barOf),
      days: (await bars('day', genesisDay)).map(barOf),
      ticks: ticks.map((t) => [num(t.sec), Number(t.price)]),
    });
  }
  return { sec, pairs };
}

const barRow = (symbol: string, unit: 'minute' | 'day', b: RawBarAt) => ({
  symbol,
  unit,
  idx: b.idx,
  open: String(b.o),
  high: String(b.h),
  low: String(b.l),
  close: String(b.c),
  amount: String(b.a),
  vol: String(b.v),
  count: b.n,
});

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT));
  return out;
}

/** Writes one drain of the simulator in one transaction. */
export async function writeMarketChanges(db: Db, changes: MarketChanges, now: number, prune: boolean): Promise<void> {
  const states = changes.pairs.map((p) => ({
    symbol: p.symbol,
    genesis_sec: p.state.genesisSec,
    genesis_hash: p.state.genesisHash,
    sec: changes.sec,
    x: String(p.state.x),
    price: String(p.state.price),
    rng_offset: p.state.rngOffset,
    minute_start: p.state.minuteStart,
    updated_at: now,
  }));
  await db.transaction().execute(async (trx) => {
    for (const rows of chunks(states)) {
      await trx
        .insertInto('market_state')
        .values(rows)
        .onConflict((oc) =>
          oc.column('symbol').doUpdateSet((eb) => ({
            sec: eb.ref('excluded.sec'),
            x: eb.ref('excluded.x'),
            price: eb.ref('excluded.price'),
            rng_offset: eb.ref('excluded.rng_offset'),
            minute_start: eb.ref('excluded.minute_start'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    await writeRecords(trx, changes.pairs, prune ? changes.sec - RECORD_SEC : undefined);
  });
}

/** Bars and recorded prices of some markets (what an upstream-fed market stores: no walk state). */
export type MarketRecords = Pick<PairChanges, 'symbol' | 'minutes' | 'days' | 'ticks'>;

/**
 * Writes bars (upserted: the live bar changes until it closes) and recorded prices (never
 * rewritten) in the caller's transaction; prices at or before `pruneUpTo` are deleted.
 */
export async function writeRecords(trx: Db, pairs: readonly MarketRecords[], pruneUpTo?: number): Promise<void> {
  const bars = pairs.flatMap((p) => [...p.minutes.map((b) => barRow(p.symbol, 'minute', b)), ...p.days.map((b) => barRow(p.symbol, 'day', b))]);
  const ticks = pairs.flatMap((p) => p.ticks.map(([sec, price]) => ({ symbol: p.symbol, sec, price: String(price) })));
  for (const rows of chunks(bars)) {
    await trx
      .insertInto('market_bars')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['symbol', 'unit', 'idx']).doUpdateSet((eb) => ({
          open: eb.ref('excluded.open'),
          high: eb.ref('excluded.high'),
          low: eb.ref('excluded.low'),
          close: eb.ref('excluded.close'),
          amount: eb.ref('excluded.amount'),
          vol: eb.ref('excluded.vol'),
          count: eb.ref('excluded.count'),
        })),
      )
      .execute();
  }
  for (const rows of chunks(ticks)) {
    await trx
      .insertInto('market_ticks')
      .values(rows)
      .onConflict((oc) => oc.columns(['symbol', 'sec']).doNothing())
      .execute();
  }
  if (pruneUpTo !== undefined) await trx.deleteFrom('market_ticks').where('sec', '<=', pruneUpTo).execute();
}

/** The stored bars (minutes from `minuteFrom` on, all days) and the prices recorded after `tickAfter`, of one market. */
export async function readRecords(db: Db, symbol: string, minuteFrom: number, tickAfter: number): Promise<MarketRecords> {
  const bars = (unit: 'minute' | 'day', from: number) =>
    db.selectFrom('market_bars').selectAll().where('symbol', '=', symbol).where('unit', '=', unit).where('idx', '>=', from).orderBy('idx').execute();
  const ticks = await db.selectFrom('market_ticks').select(['sec', 'price']).where('symbol', '=', symbol).where('sec', '>', tickAfter).orderBy('sec').execute();
  return {
    symbol,
    minutes: (await bars('minute', minuteFrom)).map(barOf),
    days: (await bars('day', 0)).map(barOf),
    ticks: ticks.map((t) => [num(t.sec), Number(t.price)]),
  };
}

/**
 * The simulator over the database: continued from the stored state when there is one, else a
 * fresh backfill; every tick's changes are written after it (writes never overlap: ticks
 * during a write are written together after it).
 */
/** What a stored market needs of the market it writes: its ticks and a way to stop it. */
interface Ticking {
  onTick(listener: () => void): () => void;
  close(): void;
}

/**
 * Writes a market's changes after every tick with `writeOnce`; writes never overlap (ticks
 * during a write are written together after it). `close` stops the market and writes the rest.
 */
export function persistTicks<M extends Ticking>(market: M, writeOnce: () => Promise<void>): { flush(): Promise<void>; close(): Promise<void> } {
  let writing: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let failure: unknown;

  const flush = (): Promise<void> => {
    if (writing) {
      again = true;
      return writing;
    }
    writing = (async () => {
      try {
        do {
          again = false;
          await writeOnce();
        } while (again);
      } finally {
        writing = null;
      }
    })();
    return writing;
  };

  const unsubscribe = market.onTick(() => {
    if (closed) return;
    flush().catch((error: unknown) => {
      if (failure === undefined) console.error('market store:', error);
      failure = error;
    });
  });

  return {
    flush,
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      market.close();
      if (writing) await writing.catch(() => {});
      await flush();
    },
  };
}

export async function openStoredMarket(db: Db, opts: StoredMarketOptions): Promise<StoredMarket> {
  const restore = await readMarketRestore(db);
  const market = createSimulator({ seed: opts.seed, now: opts.now, autoStep: opts.autoStep, restore }, opts.markets ?? MARKETS);
  let prunedAt = 0;

  const writeOnce = async () => {
    const changes = market.drain();
    const prune = changes.sec - prunedAt >= PRUNE_EVERY_SEC;
    await writeMarketChanges(db, changes, opts.now(), prune);
    if (prune) prunedAt = changes.sec;
    opts.afterWrite?.(changes);
  };

  const stored = persistTicks(market, writeOnce);
  // The first write stores the genesis (or the gap after a restart) at once.
  await stored.flush();
  return { market, ...stored };
}
