// Someone with the database but not SECRET_KEY tampers with the audit trail; `ops audit verify`
// exits 1 and says what: an edited row, rows removed from the middle (which, how many), rows cut
// off the end (how many, against the anchor outside the database), a chain recomputed without the
// key (plain SHA-256 or another key). Rows from before keyed hashes stay verifiable, and no plain
// row can be added after them. The anchor is 0600, only moves forward, and with AUDIT_EXPORT_DIR
// is an append-only export of every row.
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../../server/core/db/index.ts';
import { migrationProvider } from '../../../server/core/db/migrations/index.ts';
import { openUnprepared, postgresSchemaOf } from '../../../server/core/db/postgres.ts';
import type { AuditRow } from '../../../server/core/db/types.ts';
import { runCli } from '../../../server/ops/cli.ts';
import { CHECKPOINT_FILE, EXPORT_FILE } from '../../../server/platform/audit/anchor-store.ts';
import { appendAudit } from '../../../server/platform/audit/audit.ts';
import { GENESIS_HASH, plainHash } from '../../../server/platform/audit/chain-hash.ts';
import { anchorAuditTrail } from '../../../server/platform/audit/trail.ts';
import { startServer, tempDir, type TestServer } from '../helpers.ts';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.app.close();
  s = undefined;
  delete process.env.AUDIT_EXPORT_DIR;
});

/** A server whose trail has `n` rows: credits of 100,000 USDT by an operator. */
async function trailOf(n: number, opts: { dataDir?: string } = {}): Promise<TestServer> {
  s = await startServer({ scheduler: false, seed: false, ...opts });
  for (let i = 0; i < n; i++) {
    await appendAudit(
      s.app.db,
      { actor: 'operator finn', operatorId: 1, ip: '203.0.113.9', action: 'money.credit', targetKind: 'user', targetId: 7, before: { available: '0' }, after: { amount: '100000' } },
      s.clock.now() + i,
    );
  }
  return s;
}

const rows = (t: TestServer) => t.app.db.selectFrom('audit_log').selectAll().orderBy('seq').execute();
const verify = (t: TestServer) => runCli(['audit', 'verify'], t.dataDir);
const checkpoint = (t: TestServer) => JSON.parse(readFileSync(join(t.dataDir, CHECKPOINT_FILE), 'utf8')) as { seq: number; hash: string; keyedFrom: number };

/** Writes every row from `fromSeq` on again with `hash` over its (possibly edited) content, each linked to the one before. */
async function recompute(t: TestServer, fromSeq: number, hash: (row: AuditRow) => string, edit: Partial<AuditRow> = {}): Promise<void> {
  const all = await rows(t);
  let prev = all.find((r) => Number(r.seq) === fromSeq - 1)?.hash ?? GENESIS_HASH;
  for (const row of all.filter((r) => Number(r.seq) >= fromSeq)) {
    const next = { ...row, ...(Number(row.seq) === fromSeq ? edit : {}), prev_hash: prev };
    next.hash = hash(next);
    await t.app.db.updateTable('audit_log').set({ after_json: next.after_json, prev_hash: next.prev_hash, hash: next.hash }).where('id', '=', row.id).execute();
    prev = next.hash;
  }
}

describe('ops audit verify against tampering', () => {
  it('says the trail is whole, with its head matching the anchor', async () => {
    const t = await trailOf(12);
    const whole = await verify(t);
    expect(whole).toEqual({ code: 0, out: expect.stringMatching(/^Audit trail whole: 12 rows, every hash and link matches; its head matches the anchor in .*audit-checkpoint\.json \(row 12\)\.$/) });
    expect(checkpoint(t)).toMatchObject({ seq: 12, hash: (await rows(t)).at(-1)!.hash, keyedFrom: 1 });
    expect(statSync(join(t.dataDir, CHECKPOINT_FILE)).mode & 0o777).toBe(0o600);
  });

  it('names an edited row', async () => {
    const t = await trailOf(12);
    const fifth = (await rows(t))[4];
    await t.app.db.updateTable('audit_log').set({ after_json: '{"amount":"900000"}' }).where('id', '=', fifth.id).execute();
    const r = await verify(t);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`row 5 (id ${fifth.id}) was edited: its content does not match its hash`);
  });

  it('names a row removed from the middle, and how many of a run', async () => {
    const t = await trailOf(20);
    const all = await rows(t);
    await t.app.db.deleteFrom('audit_log').where('id', '=', all[6].id).execute();
    await t.app.db.deleteFrom('audit_log').where('id', 'in', [all[9].id, all[10].id, all[11].id]).execute();
    await t.app.db.deleteFrom('audit_log').where('id', '=', all[0].id).execute();
    const r = await verify(t);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`row 1 is missing (removed): the trail goes on at row 2 (id ${all[1].id})`);
    expect(r.out).toContain(`row 7 is missing (removed): the trail goes on at row 8 (id ${all[7].id})`);
    expect(r.out).toContain(`rows 10–12 are missing (3 rows removed): the trail goes on at row 13 (id ${all[12].id})`);
    expect(r.out).not.toMatch(/edited|recomputed|last \d+ rows/);
  });

  it('counts the rows cut off the end against the anchor, also when new rows follow', async () => {
    const t = await trailOf(60);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const all = await rows(t);
    await t.app.db.deleteFrom('audit_log').where('seq', '>', 10).execute();
    const r = await verify(t);
    expect(r.code).toBe(1);
    expect(r.out).toContain('the last 50 rows are missing: the trail ends at row 10, the anchor names row 60');
    // the next write continues the cut trail; the anchor does not move back
    await appendAudit(t.app.db, { actor: 'operator finn', ip: '203.0.113.9', action: 'operator.signOut', targetKind: 'operator', targetId: 'finn' }, t.clock.now());
    expect(checkpoint(t)).toMatchObject({ seq: 60, hash: all[59].hash });
    await t.app.db.deleteFrom('audit_log').where('seq', '>', 4).execute();
    for (let i = 0; i < 60; i++)
      await appendAudit(t.app.db, { actor: 'operator finn', ip: '203.0.113.9', action: 'operator.signIn', targetKind: 'operator', targetId: 'finn' }, t.clock.now());
    const rewritten = await verify(t);
    expect(rewritten.code).toBe(1);
    expect(rewritten.out).toMatch(/row 60 \(id \d+\) is not the row the anchor names/);
    expect(checkpoint(t)).toMatchObject({ seq: 60, hash: all[59].hash });
    // the server says so in its log each time it does not move the anchor
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('the row after row 60 does not continue the chain, so the anchor stays there'));
    logged.mockRestore();
  });

  it('finds a credit raised to 900,000 and the chain recomputed with plain SHA-256, the old function', async () => {
    const t = await trailOf(30);
    await recompute(t, 20, plainHash, { after_json: '{"amount":"900000"}' });
    const r = await verify(t);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/rows 20–30 \(11 rows, from id \d+\): plain SHA-256 where the server's keyed hash belongs: the chain was recomputed without the key from row 20/);
    expect(r.out).toMatch(/row 30 \(id \d+\) is not the row the anchor names/);
  });

  it('finds the whole chain recomputed as rows from before keyed hashes', async () => {
    const t = await trailOf(8);
    await recompute(t, 1, plainHash);
    const r = await verify(t);
    expect(r.code).toBe(1);
    expect(r.out).toContain('rows 1–8 (8 rows');
    expect(r.out).toContain('recomputed without the key from row 1');
  });

  it('finds the chain recomputed with another key', async () => {
    const t = await trailOf(15);
    const wrong = randomBytes(32);
    const other = (row: AuditRow) => {
      const fields = [row.seq, row.at, row.actor, row.operator_id, row.ip, row.action, row.target_kind, row.target_id, row.before_json, row.after_json, row.prev_hash];
      return createHmac('sha256', wrong).update(JSON.stringify(fields.map((f) => (f === null ? null : String(f))))).digest('hex');
    };
    await recompute(t, 9, other, { after_json: '{"amount":"900000"}' });
    const r = await verify(t);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/rows 9–15 \(7 rows, from id \d+\): each links to the one before but none matches its hash under the server's key: edited and recomputed with another key from row 9/);
  });

  it('keeps rows from before keyed hashes verifiable, and refuses a plain row added after them', async () => {
    const dataDir = tempDir();
    let t = await trailOf(0, { dataDir });
    // a trail as the release before wrote it: plain SHA-256, anchored nowhere
    let prev = GENESIS_HASH;
    for (let seq = 1; seq <= 4; seq++) {
      const row = { seq, at: 1_700_000_000_000 + seq, actor: 'cli root', operator_id: null, ip: 'local', action: 'cli.credit', target_kind: 'balances', target_id: '7', before_json: null, after_json: '{"amount":"5"}', prev_hash: prev };
      const hash = plainHash(row);
      await t.app.db.insertInto('audit_log').values({ ...row, hash }).execute();
      prev = hash;
    }
    await t.app.close();
    writeFileSync(join(dataDir, CHECKPOINT_FILE), '');
    // an unreadable anchor is named, not trusted
    expect((await runCli(['audit', 'verify'], dataDir)).out).toContain('the anchor cannot be read');
    rmSync(join(dataDir, CHECKPOINT_FILE));
    // the new release's first start anchors the old trail: from row 5 every row must be keyed
    t = s = await startServer({ scheduler: false, seed: false, dataDir });
    expect(checkpoint(t)).toMatchObject({ seq: 4, hash: prev, keyedFrom: 5 });
    await appendAudit(t.app.db, { actor: 'operator finn', ip: '203.0.113.9', action: 'operator.signIn', targetKind: 'operator', targetId: 'finn' }, t.clock.now());
    expect(await verify(t)).toEqual({ code: 0, out: expect.stringContaining('Audit trail whole: 5 rows (the first 4 from before keyed hashes)') });

    const last = (await rows(t)).at(-1)!;
    const forged = { seq: 6, at: t.clock.now(), actor: 'operator finn', operator_id: 1, ip: '203.0.113.9', action: 'money.credit', target_kind: 'user', target_id: '7', before_json: null, after_json: '{"amount":"900000"}', prev_hash: last.hash };
    await t.app.db.insertInto('audit_log').values({ ...forged, hash: plainHash(forged) }).execute();
    const r = await verify(t);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/row 6 \(id \d+\): plain SHA-256 where the server's keyed hash belongs/);
  });
});

describe('migration 0029', () => {
  it('numbers the rows of an older trail in id order, and they verify as they were', async () => {
    const t = await trailOf(0);
    const db = t.app.db;
    const own = openUnprepared(db);
    try {
      const down = await new Migrator({ db: own ?? db, provider: migrationProvider, migrationTableSchema: postgresSchemaOf(db) }).migrateTo('0026_upload_store');
      expect(down.error).toBeUndefined();
      let prev = GENESIS_HASH;
      for (let i = 1; i <= 3; i++) {
        const row = { at: 1_700_000_000_000 + i, actor: 'cli root', operator_id: null, ip: 'local', action: 'cli.freeze', target_kind: 'users', target_id: String(i), before_json: null, after_json: null, prev_hash: prev };
        const hash = plainHash({ ...row, seq: 0 });
        await sql`insert into audit_log (at, actor, operator_id, ip, action, target_kind, target_id, before_json, after_json, prev_hash, hash) values (${row.at}, ${row.actor}, ${null}, ${row.ip}, ${row.action}, ${row.target_kind}, ${row.target_id}, ${null}, ${null}, ${prev}, ${hash})`.execute(own ?? db);
        prev = hash;
      }
    } finally {
      await own?.destroy();
    }
    // as the older release left it: no anchor yet (this server's start anchored the empty trail)
    rmSync(join(t.dataDir, CHECKPOINT_FILE));
    await migrateToLatest(db);
    expect((await rows(t)).map((r) => [Number(r.seq), r.target_id])).toEqual([[1, '1'], [2, '2'], [3, '3']]);
    expect((await verify(t)).out).toBe('Audit trail whole: 3 rows (the first 3 from before keyed hashes), every hash and link matches.');
    await anchorAuditTrail(db);
    expect(checkpoint(t)).toMatchObject({ seq: 3, keyedFrom: 4 });
    expect((await verify(t)).out).toContain('Audit trail whole: 3 rows (the first 3 from before keyed hashes), every hash and link matches; its head matches the anchor');
  });
});

describe('the anchor', () => {
  it('moves forward over writes that commit at once, and never past a row that does not verify', async () => {
    const t = await trailOf(1);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        appendAudit(t.app.db, { actor: 'operator finn', ip: '203.0.113.9', action: 'operator.signIn', targetKind: 'operator', targetId: `finn-${i}` }, t.clock.now()),
      ),
    );
    expect(checkpoint(t).seq).toBe(13);
    // a second process on the same data dir (the CLI) appends and anchors too
    expect((await runCli(['operator', 'add', 'root', '--role', 'admin'], t.dataDir)).code).toBe(0);
    expect(checkpoint(t).seq).toBe(14);
    const head = (await rows(t)).at(-1)!;
    const forged = { ...head, id: undefined, seq: Number(head.seq) + 1, prev_hash: head.hash, hash: 'f'.repeat(64) };
    delete forged.id;
    await t.app.db.insertInto('audit_log').values(forged).execute();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await appendAudit(t.app.db, { actor: 'operator finn', ip: '203.0.113.9', action: 'operator.signOut', targetKind: 'operator', targetId: 'finn' }, t.clock.now());
    expect(checkpoint(t)).toMatchObject({ seq: Number(head.seq), hash: head.hash });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`the row after row ${head.seq} does not continue the chain`));
    logged.mockRestore();
  });

  it('with AUDIT_EXPORT_DIR is an append-only export, one JSON line a row, that verify reads', async () => {
    const exportDir = tempDir();
    process.env.AUDIT_EXPORT_DIR = exportDir;
    const t = await trailOf(25);
    const file = join(exportDir, EXPORT_FILE);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { seq: number; hash: string; action: string; after: string });
    const all = await rows(t);
    expect(lines.map((l) => [l.seq, l.hash])).toEqual(all.map((r) => [Number(r.seq), r.hash]));
    expect(lines[0]).toMatchObject({ action: 'money.credit', after: '{"amount":"100000"}', keyedFrom: 1 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await verify(t)).out).toContain(`its head matches the anchor in ${file} (row 25)`);
    await t.app.db.deleteFrom('audit_log').where('seq', '>', 5).execute();
    const r = await verify(t);
    expect(r.code).toBe(1);
    expect(r.out).toContain('the last 20 rows are missing: the trail ends at row 5, the anchor names row 25');
  });
});
