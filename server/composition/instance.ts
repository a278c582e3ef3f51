// How this server instance takes part in running the business:
// - alone on SQLite (the embedded default): it runs the market and the scheduled jobs, and
//   refuses to start while another process serves the same data dir;
// - alone on PostgreSQL without REDIS_URL: the same, holding the leader lease (a second instance
//   without Redis is refused at start, since it could not follow the leader's market);
// - one of several on PostgreSQL with REDIS_URL: the holder of the leader lease runs the market
//   (the simulator or the upstream recorder, publishing each write's changes to Redis after
//   writing them) and the scheduled jobs; the others show a replica of its market and take over
//   when its lease expires.
// The leader's market and jobs write through a fenced database handle (platform/cluster/fenced-db.ts).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { type Db, postgresUrl } from '../core/db/index.ts';
import { scheduleJobs } from './jobs.ts';
import { backupJobs } from '../platform/backup/backup-schedule.ts';
import { type Fence, openFencedPostgres } from '../platform/cluster/fenced-db.ts';
import { assertNoOtherLeader, type Leadership, startLeadership } from '../platform/cluster/leadership.ts';
import { openRedis, openSubscriber } from '../platform/cluster/redis.ts';
import { claimDataDir } from '../platform/cluster/single-instance.ts';
import type { Replica } from '../platform/market/replica.ts';
import type { MarketData } from '../platform/market/types.ts';
import { MarketView } from '../platform/market/view.ts';

export interface MarketReplication {
  channel: string;
  open(view: MarketView): Replica;
}

export interface StoredMarketHandle {
  market: MarketData;
  close(): Promise<void>;
}

export interface RoleOptions {
  db: Db;
  dataDir: string;
  now: () => number;
  /** A market a test gives: then this instance runs everything itself, with no lease */
  market?: MarketData;
  /** Run the scheduled jobs (tests may drive them by hand) */
  scheduler: boolean;
  /** Opens the stored market over `db` (the leader's fenced handle); `afterWrite` hears each write's changes */
  openMarket(db: Db, afterWrite?: (changes: object) => void): Promise<StoredMarketHandle>;
  /** How a follower copies the leader's market: the channel the leader publishes its changes on, and the copy */
  replication(): Promise<MarketReplication>;
  /** Redis shared with the other instances (REDIS_URL), if any */
  redisUrl?: string;
  instance: string;
}

export interface InstanceRoles {
  /** INSTANCE_ID, else host name, process id and a random suffix */
  instance: string;
  market: MarketData;
  isLeader(): boolean;
  /** The instance's Redis client, with REDIS_URL */
  redis?: Redis;
  close(): Promise<void>;
}

export function instanceId(env: NodeJS.ProcessEnv = process.env): string {
  return env.INSTANCE_ID || `${hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`;
}

function schedule(o: RoleOptions, db: Db, market: MarketData): () => void {
  return o.scheduler ? scheduleJobs({ db, market, now: o.now }, backupJobs(o.dataDir)).start() : () => {};
}

export async function startRoles(o: RoleOptions): Promise<InstanceRoles> {
  const instance = o.instance;
  if (o.market) {
    const market = o.market;
    const stop = schedule(o, o.db, market);
    return { instance, market, isLeader: () => true, close: async () => (stop(), market.close()) };
  }
  const pgUrl = postgresUrl();
  if (!pgUrl) return aloneOnSqlite(o, instance);
  const rUrl = o.redisUrl;
  return rUrl ? oneOfSeveral(o, instance, pgUrl, rUrl) : aloneOnPostgres(o, instance, pgUrl);
}

async function aloneOnSqlite(o: RoleOptions, instance: string): Promise<InstanceRoles> {
  const release = claimDataDir(o.dataDir);
  try {
    const stored = await o.openMarket(o.db);
    const stop = schedule(o, o.db, stored.market);
    return { instance, market: stored.market, isLeader: () => true, close: async () => (stop(), await stored.close(), release()) };
  } catch (error) {
    release();
    throw error;
  }
}

async function aloneOnPostgres(o: RoleOptions, instance: string, pgUrl: string): Promise<InstanceRoles> {
  await assertNoOtherLeader(o.db, instance);
  const fence: Fence = { token: undefined };
  const leaderDb = openFencedPostgres(pgUrl, o.dataDir, fence);
  // the market is opened once and kept: a lease lost and taken again (a database outage) pauses its writes
  let stored: StoredMarketHandle | undefined;
  const lead = async () => {
    stored ??= await o.openMarket(leaderDb);
    const stop = schedule(o, leaderDb, stored.market);
    return async () => stop();
  };
  const leadership = await startLeadership({ db: o.db, instance, fence, lead });
  if (!leadership.isLeader() || !stored) {
    await leadership.close();
    await leaderDb.destroy();
    await assertNoOtherLeader(o.db, instance);
    throw new Error('The market leader lease could not be taken.');
  }
  const market = stored;
  return {
    instance,
    market: market.market,
    isLeader: leadership.isLeader,
    async close() {
      // the scheduler stops, then the market's last write while the lease is still held
      await leadership.close(() => market.close());
      await leaderDb.destroy();
    },
  };
}

async function oneOfSeveral(o: RoleOptions, instance: string, pgUrl: string, rUrl: string): Promise<InstanceRoles> {
  const redis = openRedis(rUrl, `${instance}/publish`);
  try {
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis (REDIS_URL) does not answer (${String(error)}); an instance of several needs it to follow the market leader.`, { cause: error });
  }
  const subscriber = openSubscriber(rUrl, `${instance}/market`);
  const view = new MarketView();
  const fence: Fence = { token: undefined };
  const leaderDb = openFencedPostgres(pgUrl, o.dataDir, fence);
  const replication = await o.replication();
  let replica: Replica | undefined;
  const follow = (): Promise<void> => {
    replica?.close();
    replica = replication.open(view);
    return replica.ready;
  };
  subscriber.on('message', (_channel: string, text: string) => replica?.receive(text));
  await subscriber.subscribe(replication.channel);
  const publish = (changes: object) => {
    redis.publish(replication.channel, JSON.stringify(changes)).catch((error: unknown) => console.error(`${instance}: market not published: ${String(error)}`));
  };
  const lead = async () => {
    replica?.close();
    replica = undefined;
    const stored = await o.openMarket(leaderDb, publish);
    view.use(stored.market);
    const stop = schedule(o, leaderDb, view);
    return async () => {
      stop();
      await stored.close();
    };
  };
  let leadership: Leadership | undefined;
  try {
    leadership = await startLeadership({ db: o.db, instance, fence, lead, follow: () => void follow() });
    if (!leadership.isLeader()) await follow();
  } catch (error) {
    await leadership?.close();
    subscriber.disconnect();
    redis.disconnect();
    await leaderDb.destroy();
    throw error;
  }
  const held = leadership;
  return {
    instance,
    market: view,
    isLeader: held.isLeader,
    redis,
    async close() {
      await held.close();
      replica?.close();
      view.close();
      subscriber.disconnect();
      await redis.quit().catch(() => {});
      await leaderDb.destroy();
    },
  };
}
