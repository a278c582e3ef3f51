// Issue 40 item 10: the ops CLI died once with "database is locked" while the server was writing.
// A transaction that read before it wrote found the database changed under it (SQLite answers
// that at once, whatever the busy timeout). Here a second process keeps writing while the CLI
// runs transactions that read, then write; every one of them finishes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../server/core/db/index.ts';
import { createOperator } from '../../../server/platform/operators/operators.ts';
import { runCli } from '../../../server/ops/cli.ts';
import { ROOT, startServer, type TestServer } from '../helpers.ts';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.app.close();
  s = undefined;
});

/** Another process writing for `ms`: short write transactions, one after the other, each holding the write lock a while. */
function busyWriter(file: string, ms: number) {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    db.exec('create table if not exists writer_test (at integer)');
    const insert = db.prepare('insert into writer_test (at) values (?)');
    const nap = (t) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, t);
    const end = Date.now() + ${ms};
    console.log('writing');
    while (Date.now() < end) {
      db.exec('begin immediate');
      insert.run(Date.now());
      nap(40);
      db.exec('commit');
      nap(3);
    }
  `;
  const child = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const started = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { started, done: once(child, 'exit') };
}

describe('the ops CLI while another process writes', () => {
  it('finishes transactions that read before they write, and says nothing of a locked database', async () => {
    s = await startServer({ scheduler: false });
    for (const name of ['amy', 'ben']) await createOperator(s.app.db, name, ['admin'], s.clock.now());
    const writer = busyWriter(databaseFile(s.dataDir), 4000);
    await writer.started;
    for (let i = 0; i < 6; i++) {
      const r = await runCli(['operator', i % 2 ? 'enable' : 'disable', 'ben'], s.dataDir);
      expect(r.out).not.toMatch(/locked/);
      expect(r.code, r.out).toBe(0);
    }
    await writer.done;
  }, 60_000);
});
