// The retention job (schemas/config/retention.json): what is past its retention goes, what is not
// stays, and the audit trail and the ledger are never touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../contract/loader.ts';
import { adminDeposit } from '../../../../server/funds/deposits/admin-deposit.ts';
import { RETENTION, RETENTION_JOB, type RetentionConfig } from '../../../../server/platform/jobs/retention.ts';
import { SCHEDULED_JOBS } from '../../../../server/composition/jobs.ts';
import { sessionConfig } from '../../../../server/platform/sessions/sessions.ts';
import { runCli } from '../../../../server/ops/cli.ts';
import { login, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

const DAY = 86_400_000;
const rules = loadConfig<RetentionConfig>('retention');
const TABLES = [
  'sessions',
  'verification_codes',
  'outbox',
  'signins',
  'idempotency_keys',
  'login_tickets',
  'freeze_links',
  'password_links',
  'operator_sessions',
] as const;

let s: TestServer;
const rowsOf = async (table: (typeof TABLES)[number] | 'ledger' | 'audit_log') =>
  Number(
    (
      await s.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await rowsOf(t)] as const)));

async function oneOfEach(email: string): Promise<void> {
  const { user } = await registerByEmail(s.app, email, 'Secret-pass-123');
  expect((await login(s.app, email, 'Secret-pass-123')).code).toBe(0);
  const now = s.clock.now();
  await adminDeposit(s.app.db, user.ID, 'USDT', '10', now);
  await s.app.db
    .insertInto('idempotency_keys')
    .values({ user_id: user.ID, key: `k-${email}`, fingerprint: 'f', status: 'done', response: 'null', created_at: now, completed_at: now })
    .execute();
  await s.app.db
    .insertInto('login_tickets')
    .values({ ticket_hash: `t-${email}`, user_id: user.ID, ip: '127.0.0.1', device_key: 'd', expires_at: now + 300_000, used_at: null })
    .execute();
  await s.app.db
    .insertInto('freeze_links')
    .values({ token_hash: `f-${email}`, user_id: user.ID, expires_at: now + DAY, used_at: null })
    .execute();
  await s.app.db
    .insertInto('password_links')
    .values({ user_id: user.ID, token_hash: `p-${email}`, purpose: 'reset', created_at: now, expires_at: now + DAY, used_at: null })
    .execute();
  const [operator] = await s.app.db.selectFrom('operators').select('id').limit(1).execute();
  await s.app.db
    .insertInto('operator_sessions')
    .values({ operator_id: operator.id, token_hash: `o-${email}`, ip: '127.0.0.1', created_at: now, last_seen_at: now })
    .execute();
}

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  // an audited write, so that the trail has rows to keep
  const made = await runCli(['operator', 'add', 'ret-admin', '--role', 'admin'], s.dataDir);
  expect(made.code, made.out).toBe(0);
});
afterAll(() => s.app.close());

describe('retention', () => {
  it('runs with the scheduled jobs, as often as the config says', () => {
    expect(SCHEDULED_JOBS.map((j) => j.name)).toContain(RETENTION);
    expect(RETENTION_JOB.everyMs).toBe(rules.runEveryMinutes * 60_000);
  });

  it('deletes the rows past their retention, keeps the newer ones, the ledger and the audit trail', async () => {
    await oneOfEach('old@example.com');
    const old = await counts();
    for (const t of TABLES) expect(old[t], t).toBeGreaterThan(0);
    const longest = Math.max(
      rules.sessionsDaysAfterEnd + sessionConfig().ttlDays,
      rules.codesDaysAfterExpiry + 1,
      rules.signInHistoryDays,
      rules.outboxDays,
      rules.idempotencyKeysHours / 24,
    );
    s.clock.advance((longest + 1) * DAY);
    await oneOfEach('new@example.com');
    const ledger = await rowsOf('ledger');
    const audit = await rowsOf('audit_log');
    expect(audit).toBeGreaterThan(0);

    const deleted = await RETENTION_JOB.run({ db: s.app.db, market: s.app.market, now: s.clock.now });
    expect(deleted).toBeGreaterThanOrEqual(TABLES.length);
    const after = await counts();
    for (const t of TABLES) expect(after[t], t).toBeGreaterThan(0);
    expect(await rowsOf('ledger')).toBe(ledger);
    expect(await rowsOf('audit_log')).toBe(audit);
    const oldUser = await s.app.db.selectFrom('users').select('id').where('email', '=', 'old@example.com').executeTakeFirstOrThrow();
    for (const t of ['sessions', 'signins', 'idempotency_keys', 'login_tickets', 'freeze_links', 'password_links'] as const) {
      expect(await s.app.db.selectFrom(t).select('user_id').where('user_id', '=', oldUser.id).execute(), t).toEqual([]);
    }
    expect(await s.app.db.selectFrom('outbox').select('id').where('target', '=', 'old@example.com').execute()).toEqual([]);
  });
});
