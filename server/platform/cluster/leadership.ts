// Which instance leads: the holder of the leader lease (lease.ts). Every beat a follower tries to
// take the lease and the leader renews it. Taking it starts the leader's work (the market, the
// scheduled jobs) with the lease's token in `fence`, so all its writes are fenced (fenced-db.ts);
// losing it (a renewal refused, or none possible for a whole lease) stops that work. A leader
// that dies stops renewing: its lease expires after ttlMs and a follower takes over within a
// beat. close() hands the lease over at once (a graceful shutdown).
import type { Db } from '../../core/db/index.ts';
import type { Fence } from './fenced-db.ts';
import { acquireLease, LEADER_LEASE, leaseHolder, releaseLease, renewLease } from './lease.ts';

/** How long a lease lasts unless renewed: a dead leader is replaced within this and one beat */
export const LEASE_TTL_MS = 5000;
/** How often a leader renews and a follower tries */
export const BEAT_MS = 1000;

export interface LeadershipOptions {
  /** The instance's database handle (not the fenced one) */
  db: Db;
  instance: string;
  fence: Fence;
  /** Starts the leader's work; resolves with its stop */
  lead(): Promise<() => Promise<void>>;
  /** Called after the leader's work stopped because the lease was lost (not on close) */
  follow?(): void;
  ttlMs?: number;
  beatMs?: number;
}

export interface Leadership {
  isLeader(): boolean;
  /** Stops trying; a leader stops its work, makes `lastWrites` (under the lease) and releases it */
  close(lastWrites?: () => Promise<void>): Promise<void>;
}

/**
 * Refused at start: another instance leads and this one has no Redis to follow it through. A
 * lease left by an instance that died (a restart after a crash) is waited out: it is not renewed,
 * so it expires within ttlMs; one that is renewed meanwhile belongs to a live instance.
 */
export async function assertNoOtherLeader(db: Db, instance: string, ttlMs = LEASE_TTL_MS): Promise<void> {
  const first = await leaseHolder(db, LEADER_LEASE);
  if (!first?.live || first.holder === instance) return;
  for (const until = Date.now() + ttlMs + BEAT_MS; Date.now() < until;) {
    await new Promise((r) => setTimeout(r, BEAT_MS / 4));
    const now = await leaseHolder(db, LEADER_LEASE);
    if (!now?.live) return;
    if (now.token !== first.token || now.expiresAt > first.expiresAt) break;
  }
  throw new Error(
    `Another server instance (${first.holder}) is running on this database. Several instances need REDIS_URL (a Redis server they share); set it on every instance, or stop the other one.`,
  );
}

/**
 * Renews the lease of `fence`. One that expired while this instance stalled (a long synchronous
 * catch-up, a frozen VM) is taken again when nobody held it meanwhile (the next token is this one
 * + 1), so the work goes on; otherwise another leader may have written since, and it is lost.
 */
async function keepLease(db: Db, instance: string, fence: Fence, ttlMs: number): Promise<boolean> {
  const token = fence.token;
  if (token === undefined) return false;
  if (await renewLease(db, LEADER_LEASE, token, ttlMs)) return true;
  const next = await acquireLease(db, LEADER_LEASE, instance, ttlMs);
  if (next === token + 1) {
    fence.token = next;
    return true;
  }
  if (next !== undefined) await releaseLease(db, LEADER_LEASE, next);
  return false;
}

export async function startLeadership(opts: LeadershipOptions): Promise<Leadership> {
  const { db, instance, fence } = opts;
  const ttlMs = opts.ttlMs ?? LEASE_TTL_MS;
  const beatMs = opts.beatMs ?? BEAT_MS;
  let renewedAt = 0;
  /** The leader's work: starting or started (resolves with its stop) */
  let work: Promise<() => Promise<void>> | undefined;
  let closed = false;

  const stopWork = async (): Promise<void> => {
    const started = work;
    work = undefined;
    if (!started) return;
    const stop = await started.catch(() => undefined);
    await stop?.().catch((error: unknown) => console.error('leader work did not stop cleanly:', error));
  };

  const lose = async (why: string): Promise<void> => {
    console.error(`${instance}: ${why}; this instance no longer leads`);
    fence.token = undefined;
    await stopWork();
    opts.follow?.();
  };

  let keeping: Promise<boolean> | undefined;
  /** One renewal at a time (the beat, a fenced write that found the lease expired, close) */
  const keep = (): Promise<boolean> =>
    (keeping ??= keepLease(db, instance, fence, ttlMs)
      .then((kept) => {
        if (kept) renewedAt = Date.now();
        return kept;
      })
      .finally(() => {
        keeping = undefined;
      }));
  fence.recover = keep;

  const beat = async (): Promise<void> => {
    if (fence.token === undefined) {
      const token = await acquireLease(db, LEADER_LEASE, instance, ttlMs);
      if (token === undefined) return;
      if (closed) return void (await releaseLease(db, LEADER_LEASE, token));
      fence.token = token;
      renewedAt = Date.now();
      // standard error: a server run as a child may speak JSON lines on standard output (tests/fixtures)
      console.error(`${instance}: leads the market (lease token ${token})`);
      work = opts.lead(); // not awaited: renewals go on while the market loads
      work.catch((error: unknown) => void lose(`the leader's work did not start (${String(error)})`));
      return;
    }
    try {
      if (!(await keep())) await lose('another instance took the lease over');
    } catch (error) {
      if (Date.now() - renewedAt >= ttlMs) await lose(`the lease could not be renewed for ${ttlMs} ms (${String(error)})`);
    }
  };

  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | undefined; // close() waits for it, so two renewals never race
  const loop = async (): Promise<void> => {
    try {
      beating = beat();
      await beating;
    } catch (error) {
      // the database is unreachable: a follower tries again next beat
      if (fence.token === undefined) console.error(`${instance}: leader lease: ${String(error)}`);
    }
    if (!closed) timer = setTimeout(() => void loop(), beatMs);
  };
  await loop();
  // at start the caller needs the leader's market before it serves
  await work?.catch(() => {});

  return {
    isLeader: () => fence.token !== undefined,
    async close(lastWrites) {
      closed = true;
      clearTimeout(timer);
      await beating?.catch(() => {});
      // the work's last writes (the market's final flush) need a live lease
      await keep().catch(() => false);
      const token = fence.token;
      await stopWork();
      // a lease lost meanwhile fences them: nothing is written, and the shutdown goes on
      await lastWrites?.().catch((error: unknown) => console.error(`${instance}: last writes at shutdown: ${String(error)}`));
      fence.token = undefined;
      if (token !== undefined) await releaseLease(db, LEADER_LEASE, token).catch(() => {});
    },
  };
}
