// The market an instance quotes, wired from the options and the environment: the simulator
// over the database (its seed secret, stored on first start) or an upstream feed, and how a
// follower of a cluster copies the leader's (server/composition/instance.ts). It reads the
// trading domain's stored seed, so it belongs to the composition, not to server/platform/market.
import { marketSourceConfig } from '../core/config.ts';
import type { Db } from '../core/db/index.ts';
import { MARKET_CHANNEL, openReplica } from '../platform/market/replica.ts';
import { openStoredMarket } from '../platform/market/store.ts';
import { openUpstreamMarket } from '../platform/market/upstream.ts';
import { openUpstreamReplica, UPSTREAM_CHANNEL } from '../platform/market/upstream-replica.ts';
import { marketSeed } from '../trading/settings.ts';
import type { MarketReplication, StoredMarketHandle } from './instance.ts';

/** The server options that choose the market (server/composition/app.ts ServerOptions documents each). */
export interface MarketOptions {
  marketSource?: 'simulator' | 'upstream';
  upstream?: { url?: string; staleMs?: number };
  marketSeed?: number;
  testMode?: boolean;
}

/**
 * The market over the database. MARKET_SOURCE=upstream: prices from an HTX-protocol feed,
 * recorded as they are used. Otherwise the simulator, whose seed is secret and random per
 * installation (stored on first start, never printed); only a test may choose it, so nobody
 * can rebuild the prices from the code.
 */
export async function openMarket(db: Db, opts: MarketOptions, now: () => number, afterWrite?: (changes: object) => void): Promise<StoredMarketHandle> {
  const env = marketSourceConfig();
  if ((opts.marketSource ?? env.source) === 'upstream') {
    const url = opts.upstream?.url ?? env.upstreamUrl;
    if (!url) throw new Error('MARKET_SOURCE=upstream needs MARKET_UPSTREAM_URL (the upstream feed, ws:// or wss://)');
    return openUpstreamMarket(db, { url, staleMs: opts.upstream?.staleMs ?? env.staleMs, now }, afterWrite);
  }
  return openStoredMarket(db, { seed: await seedOf(db, opts, now), now, afterWrite });
}

/** How a follower of a cluster copies the leader's market (server/composition/instance.ts) */
export async function replication(db: Db, opts: MarketOptions, now: () => number): Promise<MarketReplication> {
  const env = marketSourceConfig();
  if ((opts.marketSource ?? env.source) === 'upstream') {
    const staleMs = opts.upstream?.staleMs ?? env.staleMs;
    return { channel: UPSTREAM_CHANNEL, open: (view) => openUpstreamReplica({ db, now, staleMs, view }) };
  }
  const seed = await seedOf(db, opts, now);
  return { channel: MARKET_CHANNEL, open: (view) => openReplica({ db, seed, now, view }) };
}

/** The installation's market seed (stored on first start); only a test may choose it. */
function seedOf(db: Db, opts: MarketOptions, now: () => number): Promise<string> {
  const testMode = opts.testMode ?? process.env.NODE_ENV === 'test';
  const envSeed = process.env.MARKET_SEED ? Number(process.env.MARKET_SEED) : undefined;
  const testSeed = testMode ? (opts.marketSeed ?? (Number.isSafeInteger(envSeed) ? envSeed : undefined)) : undefined;
  return marketSeed(db, now(), testSeed);
}

