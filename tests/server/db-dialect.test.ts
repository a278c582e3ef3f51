// What must hold on both databases (SQLite by default, PostgreSQL under `npm run test:pg`):
// concurrent balance changes never lose one, money round-trips exactly, times and counts come
// back as numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase, postgresUrl } from '../../server/core/db/index.ts';
import { sql } from 'kysely';
import { parseInt8, postgresSchemaOf } from '../../server/core/db/postgres.ts';
import { adminDeposit } from '../../server/funds/deposits/admin-deposit.ts';
import { balanceOf, ledgerMismatches } from '../../server/core/ledger.ts';
import { registerByEmail, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let userId: number;

beforeAll(async () => {
  s = await startServer();
  userId = (await registerByEmail(s.app, 'race@example.com')).user.ID;
});

afterAll(async () => {
  await s.app.close();
});

describe('database', () => {
  it('applies every one of many concurrent deposits to the same balance', async () => {
    const deposits = Array.from({ length: 40 }, (_, i) => adminDeposit(s.app.db, userId, 'USDT', String(i + 1), s.clock.now()));
    await Promise.all(deposits);
    // 1 + 2 + … + 40 = 820 USDT, in units of 1e-8
    expect((await balanceOf(s.app.db, userId, 'USDT')).available).toBe(82_000_000_000n);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('keeps a balance beyond 2^53 units exact', async () => {
    await adminDeposit(s.app.db, userId, 'BTC', '987654321.12345678', s.clock.now());
    await adminDeposit(s.app.db, userId, 'BTC', '0.00000001', s.clock.now());
    expect((await balanceOf(s.app.db, userId, 'BTC')).available).toBe(98_765_432_112_345_679n);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('returns epoch-ms columns and counts as numbers', async () => {
    const row = await s.app.db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.created_at).toBe(s.clock.now());
    const { n } = await s.app.db
      .selectFrom('ledger')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof n).toBe('number');
  });

  it('reads an int8 as a number only when exact', () => {
    expect(parseInt8('1736942400000')).toBe(1736942400000);
    expect(parseInt8('9007199254740993')).toBe('9007199254740993');
  });

  // the migrator asks whether its tables exist on every start; it must not read the other schemas
  it.skipIf(!postgresUrl())('on PostgreSQL, sees only its own schema’s tables beside another data dir’s', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'other-'));
    const other = openDatabase(otherDir);
    try {
      await migrateToLatest(other);
      const tables = await s.app.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'ledger', 'kysely_migration']));
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([postgresSchemaOf(s.app.db)]));
    } finally {
      await other.destroy();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!postgresUrl())('on PostgreSQL, prepares a statement once per connection and runs it again by name', async () => {
    const prepared = await s.app.db.connection().execute(async (c) => {
      for (let i = 0; i < 2; i++) await c.selectFrom('users').select('id').where('id', '=', userId).execute();
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c)).rows.map((r) => r.statement);
    });
    // exactly this text (the app prepares longer ones that start the same on these connections)
    expect(prepared.filter((text) => text === 'select "id" from "users" where "id" = $1')).toHaveLength(1);
  });
});
