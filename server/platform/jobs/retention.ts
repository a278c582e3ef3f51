// The retention job: deletes what schemas/config/retention.json says is kept no longer — ended
// sessions, expired codes, tickets and links, old sign-in history, idempotency keys and the
// outbox's message log. The audit trail and the ledger are never touched. Captchas and passkey
// challenges have their own expiry job; their retention is in the same file.
import { loadConfig } from '../../../contract/loader.ts';
import type { Db } from '../../core/db/index.ts';
import { IDLE_MS } from '../operators/operator-sessions.ts';
import { sessionConfig } from '../sessions/sessions.ts';
import type { JobDeps, ScheduledJob } from './job.ts';

export interface RetentionConfig {
  runEveryMinutes: number;
  sessionsDaysAfterEnd: number;
  codesDaysAfterExpiry: number;
  captchasHoursAfterExpiry: number;
  challengesHoursAfterExpiry: number;
  signInHistoryDays: number;
  idempotencyKeysHours: number;
  outboxDays: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function retentionConfig(): RetentionConfig {
  return loadConfig<RetentionConfig>('retention');
}

/** Rows deleted by one pass, by table. */
export type Deleted = Record<string, number>;

const count = (result: { numDeletedRows: bigint }): number => Number(result.numDeletedRows);

/** Deletes everything past its retention at `now`; returns what it deleted, by table. */
export async function deleteExpired(db: Db, now: number, rules: RetentionConfig = retentionConfig()): Promise<Deleted> {
  const sessionEnd = sessionConfig().ttlDays * DAY;
  const afterSessions = now - rules.sessionsDaysAfterEnd * DAY;
  const afterCodes = now - rules.codesDaysAfterExpiry * DAY;
  const deleted: Deleted = {};
  const run = async (table: string, query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) => {
    deleted[table] = count(await query.executeTakeFirst());
  };
  await run('sessions', db.deleteFrom('sessions').where('created_at', '<=', afterSessions - sessionEnd));
  await run('operator_sessions', db.deleteFrom('operator_sessions').where('last_seen_at', '<=', afterSessions - IDLE_MS));
  await run('verification_codes', db.deleteFrom('verification_codes').where('expires_at', '<=', afterCodes));
  await run('login_tickets', db.deleteFrom('login_tickets').where('expires_at', '<=', afterCodes));
  await run('freeze_links', db.deleteFrom('freeze_links').where('expires_at', '<=', afterCodes));
  await run('password_links', db.deleteFrom('password_links').where('expires_at', '<=', afterCodes));
  await run('signins', db.deleteFrom('signins').where('at', '<=', now - rules.signInHistoryDays * DAY));
  await run('idempotency_keys', db.deleteFrom('idempotency_keys').where('created_at', '<=', now - rules.idempotencyKeysHours * HOUR));
  await run('outbox', db.deleteFrom('outbox').where('created_at', '<=', now - rules.outboxDays * DAY));
  return deleted;
}

export const RETENTION = 'retention';

export const RETENTION_JOB: ScheduledJob = {
  name: RETENTION,
  run: async ({ db, now }: JobDeps) => Object.values(await deleteExpired(db, now())).reduce((a, b) => a + b, 0),
  everyMs: retentionConfig().runEveryMinutes * 60_000,
};
