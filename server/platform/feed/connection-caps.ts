// How many feed connections each client IP holds, for the per-IP cap (maxConnectionsPerIp).
// One process counts its own (MemoryConnectionCaps). Instances sharing Redis count over all of
// them (RedisConnectionCaps): each instance keeps a hash ip → connections under its instance
// id, which it rewrites from its own counts and sets to expire every few seconds (a heartbeat),
// so an instance killed with -9 stops counting one TTL later, and a Redis restart is healed by
// the next beat. Admission sums the live instances' hashes and counts the new connection in
// one Lua script, so two instances cannot both take an IP's last place.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface ConnectionCaps {
  /** Connections from `ip` over every instance that shares the count (in memory: this one's). */
  count(ip: string): number | Promise<number>;
  /** Counts a new connection from `ip` unless `ip` already holds `max`; false when refused. */
  admit(ip: string, max: number): boolean | Promise<boolean>;
  /** Forgets one admitted connection of `ip`. */
  release(ip: string): void;
  /** Connections from `ip` on this instance (with those still being admitted). */
  local(ip: string): number;
  close(): Promise<void>;
}

/** Counts of one process. */
class LocalCounts {
  private readonly perIp = new Map<string, number>();

  get(ip: string): number {
    return this.perIp.get(ip) ?? 0;
  }

  add(ip: string, delta: number): void {
    const left = this.get(ip) + delta;
    if (left > 0) this.perIp.set(ip, left);
    else this.perIp.delete(ip);
  }

  entries(): [string, number][] {
    return [...this.perIp];
  }

  clear(): void {
    this.perIp.clear();
  }
}

export class MemoryConnectionCaps implements ConnectionCaps {
  private readonly counts = new LocalCounts();

  count(ip: string): number {
    return this.counts.get(ip);
  }

  admit(ip: string, max: number): boolean {
    if (this.counts.get(ip) >= max) return false;
    this.counts.add(ip, 1);
    return true;
  }

  release(ip: string): void {
    this.counts.add(ip, -1);
  }

  local(ip: string): number {
    return this.counts.get(ip);
  }

  async close(): Promise<void> {
    this.counts.clear();
  }
}

/**
 * KEYS[1] the set of instance ids, KEYS[2] this instance's hash; ARGV: ip, max (0: count
 * only), ttl ms, the hashes' key prefix, this instance's id. Returns the IP's connections over
 * the live instances before this one is counted; counts it when that is under max. An
 * instance whose hash has expired (or holds nothing) leaves the set; its next beat adds it back.
 */
const ADMIT_SCRIPT = `
local total = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = ARGV[4] .. id
  if redis.call('EXISTS', key) == 1 then
    total = total + tonumber(redis.call('HGET', key, ARGV[1]) or '0')
  elseif id ~= ARGV[5] then
    redis.call('SREM', KEYS[1], id)
  end
end
if total < tonumber(ARGV[2]) then
  redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  redis.call('SADD', KEYS[1], ARGV[5])
end
return total
`;

/** KEYS[1] this instance's hash; ARGV[1] the ip: one connection fewer, never below none. */
const RELEASE_SCRIPT = `
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
`;

interface CapsCommands {
  feedAdmit(instances: string, own: string, ip: string, max: number, ttlMs: number, prefix: string, id: string): Promise<number>;
  feedRelease(own: string, ip: string): Promise<number>;
}

export interface RedisCapsOptions {
  /** This instance's name among those sharing the counts (default: INSTANCE_ID, else random) */
  instanceId?: string;
  /** How long an instance's counts outlive its last beat; it beats every third of this (default 15 s) */
  ttlMs?: number;
  /** Key prefix; `{…}` keeps every key in one Redis Cluster slot, as the script reads them all */
  prefix?: string;
}

export const DEFAULT_CONNECTION_TTL_MS = 15_000;

export class RedisConnectionCaps implements ConnectionCaps {
  readonly instanceId: string;
  private readonly counts = new LocalCounts();
  private readonly commands: CapsCommands;
  private readonly ttlMs: number;
  private readonly instancesKey: string;
  private readonly hashPrefix: string;
  private readonly beat: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    options: RedisCapsOptions = {},
  ) {
    this.instanceId = options.instanceId ?? (process.env.INSTANCE_ID || randomBytes(6).toString('hex'));
    this.ttlMs = options.ttlMs ?? DEFAULT_CONNECTION_TTL_MS;
    const prefix = options.prefix ?? 'ws:{caps}:';
    this.instancesKey = `${prefix}instances`;
    this.hashPrefix = `${prefix}conns:`;
    redis.defineCommand('feedAdmit', { numberOfKeys: 2, lua: ADMIT_SCRIPT });
    redis.defineCommand('feedRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    this.commands = redis as unknown as CapsCommands;
    this.beat = setInterval(() => void this.heartbeat(), Math.max(1, Math.floor(this.ttlMs / 3)));
    this.beat.unref();
  }

  private get ownKey(): string {
    return this.hashPrefix + this.instanceId;
  }

  async count(ip: string): Promise<number> {
    try {
      return await this.commands.feedAdmit(this.instancesKey, this.ownKey, ip, 0, this.ttlMs, this.hashPrefix, this.instanceId);
    } catch {
      return this.counts.get(ip);
    }
  }

  /**
   * Counted here at once (while Redis answers), so a beat sent meanwhile includes it: commands
   * on one connection run in the order sent, and the beat rewrites the hash from these counts.
   */
  async admit(ip: string, max: number): Promise<boolean> {
    const before = this.counts.get(ip);
    this.counts.add(ip, 1);
    let admitted: boolean;
    try {
      admitted = (await this.commands.feedAdmit(this.instancesKey, this.ownKey, ip, max, this.ttlMs, this.hashPrefix, this.instanceId)) < max;
    } catch {
      // Redis unreachable: the cap holds per instance until it is back (the next beat counts these)
      admitted = before < max;
    }
    if (!admitted) this.counts.add(ip, -1);
    return admitted;
  }

  release(ip: string): void {
    this.counts.add(ip, -1);
    // a failure is healed by the next beat, which rewrites the hash
    this.commands.feedRelease(this.ownKey, ip).catch(() => {});
  }

  local(ip: string): number {
    return this.counts.get(ip);
  }

  /** Rewrites this instance's hash from its own counts and sets it to expire one TTL from now. */
  async heartbeat(): Promise<void> {
    const fields = this.counts.entries().flat();
    const beat = this.redis.multi().del(this.ownKey);
    if (fields.length > 0) beat.hset(this.ownKey, ...fields).pexpire(this.ownKey, this.ttlMs);
    try {
      await beat.sadd(this.instancesKey, this.instanceId).exec();
    } catch {
      // Redis unreachable: the next beat tries again
    }
  }

  /** Stops beating and takes this instance's counts out at once (a killed instance's expire instead). */
  async close(): Promise<void> {
    clearInterval(this.beat);
    this.counts.clear();
    try {
      await this.redis.multi().del(this.ownKey).srem(this.instancesKey, this.instanceId).exec();
    } catch {
      // gone with the TTL
    }
  }
}

/** The caps of this server: over every instance sharing `redis` when there is one, else this process's. */
export function createConnectionCaps(redis: Redis | undefined, options: RedisCapsOptions = {}): ConnectionCaps {
  return redis ? new RedisConnectionCaps(redis, options) : new MemoryConnectionCaps();
}
