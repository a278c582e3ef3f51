// Operator commands, directly and through the CLI.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/ops/cli.ts';
import * as ops from '../../server/ops/commands.ts';
import { DEMO_EMAIL, DEMO_INVITATION_CODE, DEMO_PHONE } from '../../server/composition/seed.ts';
import { call, login, ROOT, registerByEmail, sendEmailCode, startServer, type TestServer, tempDir } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());

describe('ops commands', () => {
  it('outbox lists the latest codes, newest first', async () => {
    const a = await sendEmailCode(s.app, 'ops1@example.com');
    const b = await sendEmailCode(s.app, 'ops2@example.com');
    const rows = await ops.outbox(s.app.db, 2);
    expect(rows).toEqual([
      { channel: 'email', target: 'ops2@example.com', code: b, time: new Date(s.clock.now()).toISOString() },
      { channel: 'email', target: 'ops1@example.com', code: a, time: new Date(s.clock.now()).toISOString() },
    ]);
  });

  it('captcha prints the answer', async () => {
    const r = await call(s.app, 'POST', '/base/captcha');
    expect(await ops.captcha(s.app.db, r.data.captchaId)).toMatch(/^[0-9]{4,6}$/);
    await expect(ops.captcha(s.app.db, 'nope')).rejects.toMatchObject({ msgKey: 'refusals.cli.captchaUnknown', params: { input: 'nope' } });
  });

  it('user finds by email, phone or id', async () => {
    const demo = await ops.user(s.app.db, DEMO_EMAIL);
    expect(demo).toMatchObject({ email: DEMO_EMAIL, phone: `+86 ${DEMO_PHONE}`, status: 'active', invitationCode: DEMO_INVITATION_CODE, creditScore: 100 });
    expect(await ops.user(s.app.db, DEMO_PHONE)).toEqual(demo);
    expect(await ops.user(s.app.db, String(demo.id))).toEqual(demo);
    await expect(ops.user(s.app.db, 'ghost@example.com')).rejects.toMatchObject({ msgKey: 'refusals.cli.userUnknown', params: { input: 'ghost@example.com' } });
  });

  it('bar, freeze and unfreeze change the status', async () => {
    const { user } = await registerByEmail(s.app, 'status@example.com');
    expect((await ops.bar(s.app.db, 'status@example.com')).status).toBe('barred');
    expect((await ops.freeze(s.app.db, String(user.ID))).status).toBe('barred, frozen');
    expect((await ops.user(s.app.db, 'status@example.com')).status).toBe('barred, frozen');
    expect((await ops.unfreeze(s.app.db, 'status@example.com')).status).toBe('active');
    expect((await login(s.app, 'status@example.com', 'Secret-pass-123')).code).toBe(0);
  });

  it('clear-pay-password lets a customer who forgot the withdrawal password set a new one, and tells them', async () => {
    const { token } = await registerByEmail(s.app, 'forgot-pin@example.com', 'Secret-pass-123');
    expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: 'Secret-pass-123', password: '418263' } })).code).toBe(0);
    // without the current one a change is refused
    expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: 'Secret-pass-123', password: '739204' } })).code).toBe(7);
    const out = await runCli(['clear-pay-password', 'forgot-pin@example.com'], s.dataDir);
    expect(out.code, out.out).toBe(0);
    const [told] = await s.app.db.selectFrom('outbox').selectAll().where('target', '=', 'forgot-pin@example.com').orderBy('id', 'desc').limit(1).execute();
    expect(told.body).toContain('cleared your withdrawal password');
    expect((await call(s.app, 'GET', '/withdraw/status', { token })).data).toMatchObject({ hasPayPassword: false, block: { reason: 'noPayPassword' } });
    expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: 'Secret-pass-123', password: '739204' } })).code).toBe(0);
    // a second clear with nothing to clear says so
    await ops.clearPayPassword(s.app.db, 'forgot-pin@example.com');
    await expect(ops.clearPayPassword(s.app.db, 'forgot-pin@example.com')).rejects.toMatchObject({ msgKey: 'refusals.cli.noPayPassword' });
  });

  it('invite-code prints a code that registration accepts', async () => {
    const code = await ops.inviteCode(s.app.db);
    expect(code).toBe(DEMO_INVITATION_CODE);
    const r = await registerByEmail(s.app, 'invited@example.com', 'Secret-pass-123', code);
    expect(r.token).toBeTruthy();
  });
});

describe('ops CLI', () => {
  it('runCli reports usage errors with a non-zero code', async () => {
    expect((await runCli([], s.dataDir)).code).toBe(1);
    expect((await runCli(['help'], s.dataDir)).out).toContain('invite-code');
    expect(await runCli(['launch'], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('Unknown command') });
    expect(await runCli(['user'], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('Name the user') });
    expect(await runCli(['freeze', 'ghost@example.com'], s.dataDir)).toMatchObject({ code: 1, out: 'No user "ghost@example.com".' });
    expect(await runCli(['outbox', 'ten'], s.dataDir)).toMatchObject({ code: 1 });
    expect(await runCli(['user', DEMO_EMAIL], tempDir())).toMatchObject({ code: 1, out: expect.stringContaining('No database') });
  });

  it('runs as `tsx server/ops/cli.ts` against DATA_DIR', async () => {
    const code = await sendEmailCode(s.app, 'spawned@example.com');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: s.dataDir }, encoding: 'utf8' });
    const outbox = run('outbox', '1');
    expect(outbox.status, outbox.stderr).toBe(0);
    expect(outbox.stdout).toMatch(/channel\s+target\s+code\s+time/);
    expect(outbox.stdout).toContain(`spawned@example.com  ${code}`);
    const invite = run('invite-code');
    expect(invite.stdout.trim()).toBe(DEMO_INVITATION_CODE);
    const user = run('user', DEMO_EMAIL);
    expect(user.stdout).toMatch(/invitationCode\s+DEMO88/);
    const bad = run('user', 'ghost@example.com');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('No user "ghost@example.com".');
  });
});
