// Backups that restore (issue 40): `ops backup` copies a serving install while it writes, `ops
// restore` loads the copy into an empty data dir only, and `ops verify` checks the ledger, the
// audit chain and the uploads' bytes. The drill: load, back up while writing, restore into a
// fresh instance, verify, and find every write acknowledged before the backup started.
import { copyFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDeposit, createFakeMarket } from '../../server/composition/money.ts';
import { runCli } from '../../server/ops/cli.ts';
import { backupJobs, runScheduledBackup, scheduledBackups } from '../../server/platform/backup/backup-schedule.ts';
import { openDatabase } from '../../server/core/db/index.ts';
import { SECRET_FILE } from '../../server/platform/security/secret-key.ts';
import { dataUrl, pngImage } from '../fixtures/images.ts';
import { call, clock, login, registerByEmail, startServer, tempDir, type TestServer } from './helpers.ts';

const PASSWORD = 'Secret-pass-123';
const c = clock();
const market = createFakeMarket(c.now);
market.setPrice('btcusdt', '30000.00');
let s: TestServer;
let token: string;
const backups = tempDir('coinapp-backups-');

const buy = async (): Promise<number> => {
  const r = await call(s.app, 'POST', '/bborder/upbbbuy', { token, body: { symbol: 'btcusdt', buytype: 'market', musdt: '10' } });
  expect(r.code, r.msg).toBe(0);
  return r.data.ID as number;
};

/** A fresh data dir with the source's server secret (kept apart from backups), restored from `file`. */
async function restoredInstall(file: string): Promise<string> {
  const dir = tempDir('coinapp-restored-');
  copyFileSync(join(s.dataDir, SECRET_FILE), join(dir, SECRET_FILE));
  const r = await runCli(['restore', file], dir);
  expect(r.code, r.out).toBe(0);
  return dir;
}

beforeAll(async () => {
  s = await startServer({ market, scheduler: false, rateLimits: { ordersPerSecond: { max: 1_000_000, windowMs: 1000 } } }, c);
  const r = await registerByEmail(s.app, 'drill@example.com', PASSWORD);
  token = r.token;
  await adminDeposit(s.app.db, r.user.ID, 'USDT', '1000000', c.now());
  expect((await call(s.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(40, 30)) } })).code).toBe(0);
  const op = await runCli(['operator', 'add', 'drill-admin', '--role', 'admin'], s.dataDir);
  expect(op.code, op.out).toBe(0);
  for (let i = 0; i < 20; i++) await buy();
});
afterAll(() => s.app.close());

describe('the restore drill', () => {
  it('a backup taken while orders are placed restores into a fresh instance that verifies and holds every order acknowledged before it started', async () => {
    const acked: number[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) acked.push(await buy());
    })();
    while (acked.length < 10) await new Promise((r) => setImmediate(r));
    const before = [...acked];
    const file = join(backups, 'drill.backup');
    const taken = await runCli(['backup', file], s.dataDir);
    writing = false;
    await writer;
    expect(taken.code, taken.out).toBe(0);
    expect(taken.out).toContain(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
    expect(acked.length).toBeGreaterThan(before.length);

    const live = await runCli(['verify'], s.dataDir);
    expect(live.code, live.out).toBe(0);

    const dir = await restoredInstall(file);
    const verified = await runCli(['verify'], dir);
    expect(verified.code, verified.out).toBe(0);
    expect(verified.out).toContain('every upload row has its bytes');

    const copy = await startServer({ dataDir: dir, market: createFakeMarket(c.now), scheduler: false }, c);
    try {
      const ids = (await copy.app.db.selectFrom('spot_orders').select('id').execute()).map((o) => Number(o.id));
      for (const id of before) expect(ids).toContain(id);
      expect((await login(copy.app, 'drill@example.com', PASSWORD)).code).toBe(0);
    } finally {
      await copy.app.close();
    }
  });
});

describe('restore', () => {
  it('refuses a data dir that holds a database, and changes nothing there', async () => {
    const file = join(backups, 'refuse.backup');
    expect((await runCli(['backup', file], s.dataDir)).code).toBe(0);
    const dir = await restoredInstall(file);
    const again = await runCli(['restore', file], dir);
    expect(again.code).toBe(1);
    expect(again.out).toContain('already holds a database');
    expect(again.out).toContain('only into an empty data dir');
    const live = await runCli(['restore', file], s.dataDir);
    expect(live.code).toBe(1);
    expect((await runCli(['verify'], s.dataDir)).code).toBe(0);
  });

  it('refuses a file that is not a whole backup', async () => {
    const bad = join(backups, 'not-a-backup');
    writeFileSync(bad, 'hello');
    const r = await runCli(['restore', bad], tempDir());
    expect(r).toMatchObject({ code: 1, out: expect.stringContaining('is not a backup') });
    const file = join(backups, 'cut.backup');
    expect((await runCli(['backup', file], s.dataDir)).code).toBe(0);
    const { readFileSync } = await import('node:fs');
    writeFileSync(file, readFileSync(file).subarray(0, -10));
    const cut = tempDir();
    expect(await runCli(['restore', file], cut)).toMatchObject({ code: 1, out: expect.stringContaining('cut short') });
    expect(existsSync(join(cut, 'app.db'))).toBe(false);
  });
});

describe('verify', () => {
  it('names a balance that disagrees with its ledger, an edited audit row and an upload without its bytes', async () => {
    const file = join(backups, 'tamper.backup');
    expect((await runCli(['backup', file], s.dataDir)).code).toBe(0);
    const dir = await restoredInstall(file);
    const db = openDatabase(dir);
    try {
      await db.updateTable('balances').set({ available: '1' }).where('coin', '=', 'USDT').execute();
      const row = await db.selectFrom('audit_log').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
      await db.updateTable('audit_log').set({ action: 'edited' }).where('id', '=', row.id).execute();
      await db.deleteFrom('upload_blobs').execute();
    } finally {
      await db.destroy();
    }
    const r = await runCli(['verify'], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('Ledger and balances disagree');
    expect(r.out).toContain('Audit trail broken');
    expect(r.out).toMatch(/upload [0-9a-f]{32}\.png: no bytes in upload_blobs/);
  });
});

describe('scheduled backups', () => {
  it('none without BACKUP_DIR; with it, one per interval and the newest BACKUP_KEEP kept', async () => {
    expect(backupJobs(s.dataDir, {})).toEqual([]);
    expect(backupJobs(s.dataDir, { BACKUP_DIR: backups })).toHaveLength(1);
    const dir = tempDir('coinapp-scheduled-');
    const schedule = { dir, everyMs: 3_600_000, keep: 2 };
    const t0 = Date.UTC(2025, 0, 15, 12, 0, 0);
    expect(await runScheduledBackup(s.dataDir, schedule, t0)).toBe(1);
    expect(await runScheduledBackup(s.dataDir, schedule, t0 + 1_800_000)).toBe(0);
    expect(await runScheduledBackup(s.dataDir, schedule, t0 + 3_600_000)).toBe(1);
    expect(await runScheduledBackup(s.dataDir, schedule, t0 + 7_200_000)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['coinapp-20250115T130000Z.backup', 'coinapp-20250115T140000Z.backup']);
    expect(scheduledBackups(dir)[0].at).toBe(t0 + 7_200_000);
    const restored = tempDir();
    copyFileSync(join(s.dataDir, SECRET_FILE), join(restored, SECRET_FILE));
    expect((await runCli(['restore', join(dir, 'coinapp-20250115T140000Z.backup')], restored)).code).toBe(0);
    expect((await runCli(['verify'], restored)).code).toBe(0);
  });
});
