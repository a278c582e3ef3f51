// A lease in PostgreSQL (table cluster_lease, migration 0022): at most one holder at a time,
// until it expires unless renewed. Times are the database's clock, so instances on machines
// whose clocks differ still agree. Every new holder gets a larger token; a write made under the
// lease checks the token in its own transaction (fenced-db.ts), so a holder that paused past its
// lease (a long GC, a frozen VM) finds its token stale and cannot write.
import { sql } from 'kysely';
import type { Db } from '../../core/db/index.ts';

/** The market leader's lease: simulator or recorder, settlement, fills, earn jobs. */
export const LEADER_LEASE = 'leader';

const NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** Takes the lease when it is free or expired; returns the new token, or undefined when another instance holds it. */
export async function acquireLease(db: Db, name: string, holder: string, ttlMs: number): Promise<number | undefined> {
  const { rows } = await sql<{ token: number }>`
    insert into cluster_lease (name, holder, token, expires_at) values (${name}, ${holder}, 1, ${NOW_MS} + ${ttlMs})
    on conflict (name) do update set holder = excluded.holder, token = cluster_lease.token + 1, expires_at = excluded.expires_at
    where cluster_lease.expires_at < ${NOW_MS}
    returning token`.execute(db);
  return rows[0] === undefined ? undefined : Number(rows[0].token);
}

/** Extends a held lease; false when it has expired or another holder has it (it was lost). */
export async function renewLease(db: Db, name: string, token: number, ttlMs: number): Promise<boolean> {
  const { rows } = await sql`
    update cluster_lease set expires_at = ${NOW_MS} + ${ttlMs}
    where name = ${name} and token = ${token} and expires_at >= ${NOW_MS}
    returning token`.execute(db);
  return rows.length === 1;
}

/** Gives a held lease up at once (a graceful shutdown), so the next holder need not wait for it to expire. */
export async function releaseLease(db: Db, name: string, token: number): Promise<void> {
  await sql`update cluster_lease set expires_at = 0 where name = ${name} and token = ${token}`.execute(db);
}

/**
 * Inside a transaction: true while `token` still holds the lease. The row is locked FOR SHARE
 * until the transaction ends, so a new holder's take-over waits for this transaction and
 * cannot happen in the middle of it.
 */
export async function holdsLease(trx: Db, name: string, token: number): Promise<boolean> {
  const { rows } = await sql`select 1 from cluster_lease where name = ${name} and token = ${token} and expires_at > ${NOW_MS} for share`.execute(trx);
  return rows.length === 1;
}

export interface LeaseHolder {
  holder: string;
  token: number;
  live: boolean;
  /** Epoch ms (the database's clock) the lease lasts until */
  expiresAt: number;
}

/** Who holds the lease (live: not expired), or undefined when nobody ever has. */
export async function leaseHolder(db: Db, name: string): Promise<LeaseHolder | undefined> {
  const { rows } = await sql<{ holder: string; token: number; live: boolean; expires_at: number }>`
    select holder, token, expires_at, expires_at > ${NOW_MS} as live from cluster_lease where name = ${name}`.execute(db);
  const row = rows[0];
  return row && { holder: row.holder, token: Number(row.token), live: row.live === true, expiresAt: Number(row.expires_at) };
}
