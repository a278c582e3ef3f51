// The audit trail: console and CLI writes each append a row chained by keyed hashes; `ops audit
// verify` exits 0 on a whole chain and 1 naming the row that was edited, or removed (more kinds of
// tampering: audit-tamper.test.ts). Secrets never reach a row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../server/ops/cli.ts';
import { call, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator } from './operators.ts';

let s: TestServer;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
});
afterAll(() => s.app.close());

const rows = () => s.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

describe('the audit trail', () => {
  it('records console and CLI writes with their actor, and no secret', async () => {
    const added = await runCli(['operator', 'add', 'root', '--role', 'admin'], s.dataDir);
    expect(added.code).toBe(0);
    const op = await operator(s, 'audited', ['finance']);
    const customer = await registerByEmail(s.app, 'audit-me@example.com');
    expect((await runCli(['credit', String(customer.user.ID), 'USDT', '25'], s.dataDir)).code).toBe(0);
    expect((await runCli(['balance', String(customer.user.ID)], s.dataDir)).code).toBe(0);
    expect((await call(s.app, 'POST', '/admin/logout', { adminToken: op.token })).code).toBe(0);

    const all = await rows();
    const actions = all.map((r) => `${r.actor.replace(/^cli .+$/, 'cli')}: ${r.action} ${r.target_id}`);
    expect(actions).toEqual([
      'cli: cli.operator.add root',
      'operator audited: operator.signIn audited',
      'operator audited: operator.changePassword audited',
      `cli: cli.credit ${customer.user.ID}`,
      'operator audited: operator.signOut audited',
    ]);
    const text = JSON.stringify(all);
    expect(text).not.toMatch(/password: |otpauth|secret=/);
    expect(JSON.parse(all[2].after_json!)).toEqual({ mustChangePassword: false, password: '***' });
    // a CLI write names the row it changed, as it was before and after
    expect(all[3].target_kind).toBe('balances');
    expect(JSON.parse(all[3].before_json ?? 'null')).toBeNull();
    expect(JSON.parse(all[3].after_json!).row).toMatchObject({ user_id: customer.user.ID, coin: 'USDT', available: expect.stringMatching(/^25/) });
    expect(JSON.parse(all[0].after_json!).row).toMatchObject({ name: 'root', password_hash: '***', totp_secret: '***' });
    expect(all[0].prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < all.length; i++) expect(all[i]).toMatchObject({ seq: i + 1, prev_hash: all[i - 1].hash });
  });

  it('keeps the customer row before and after a CLI freeze', async () => {
    const customer = await registerByEmail(s.app, 'freeze-me@example.com');
    expect((await runCli(['freeze', 'freeze-me@example.com'], s.dataDir)).code).toBe(0);
    const last = (await rows()).at(-1)!;
    expect(last).toMatchObject({ action: 'cli.freeze', target_kind: 'users' });
    expect(JSON.parse(last.before_json!)).toMatchObject({ id: customer.user.ID, frozen: 0 });
    expect(JSON.parse(last.after_json!).row).toMatchObject({ id: customer.user.ID, frozen: 1, password_hash: '***' });
  });

  it('verifies a whole chain, and names the first row edited in the database', async () => {
    const whole = await runCli(['audit', 'verify'], s.dataDir);
    expect(whole).toEqual({ code: 0, out: expect.stringMatching(/whole: \d+ rows/) });
    const [, second, third] = await rows();
    await s.app.db.updateTable('audit_log').set({ target_id: 'someone-else' }).where('id', '=', second.id).execute();
    const broken = await runCli(['audit', 'verify'], s.dataDir);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`row ${second.seq} (id ${second.id}) was edited: its content does not match its hash`);
    await s.app.db.updateTable('audit_log').set({ target_id: second.target_id }).where('id', '=', second.id).execute();
    expect((await runCli(['audit', 'verify'], s.dataDir)).code).toBe(0);

    await s.app.db.deleteFrom('audit_log').where('id', '=', second.id).execute();
    const removed = await runCli(['audit', 'verify'], s.dataDir);
    expect(removed.code).toBe(1);
    expect(removed.out).toContain(`row ${second.seq} is missing (removed): the trail goes on at row ${third.seq} (id ${third.id})`);
  });
});
