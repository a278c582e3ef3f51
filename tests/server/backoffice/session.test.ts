// Operator sign-in: `ops operator add` prints the initial password and the authenticator URI;
// sign-in takes name, password and a current code (one answer for any wrong one); failures lock
// the address they come from (tests/server/hardening/operator-sign-in-lock.test.ts); a code is good once; the initial password must be changed first; 30
// minutes idle end the session; customer and operator tokens never work on each other's endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../server/ops/cli.ts';
import { totpCode } from '../../../server/platform/security/totp.ts';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { freshCode, NEW_PASSWORD, operator, secretOf, signIn } from './operators.ts';

let s: TestServer;
const MINUTE = 60_000;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
});
afterAll(() => s.app.close());

const login = (body: unknown, ip?: string) => call(s.app, 'POST', '/admin/login', { body, lang: 'de', ip });

describe('operator add (CLI)', () => {
  it('prints the initial password and an RFC 6238 otpauth URI, one per line, and refuses a bad name or role', async () => {
    const out = await runCli(['operator', 'add', 'alice', '--role', 'admin,finance'], s.dataDir);
    expect(out.code, out.out).toBe(0);
    const password = /^password: (\S+)$/m.exec(out.out)?.[1];
    const uri = /^totp: (otpauth:\/\/totp\/\S+)$/m.exec(out.out)?.[1];
    expect(password).toMatch(/^\S{12,}$/);
    const url = new URL(uri!);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ algorithm: 'SHA1', digits: '6', period: '30' });
    expect(secretOf(uri!)).toMatch(/^[A-Z2-7]{32}$/);

    expect((await runCli(['operator', 'add', 'alice', '--role', 'admin'], s.dataDir)).out).toMatch(/already an operator/);
    expect((await runCli(['operator', 'add', 'Bob!', '--role', 'admin'], s.dataDir)).code).toBe(1);
    expect((await runCli(['operator', 'add', 'bob', '--role', 'boss'], s.dataDir)).out).toMatch(/No role "boss"/);
    expect((await runCli(['operator', 'list'], s.dataDir)).out).toMatch(/alice\s+admin,finance\s+initial password/);
  });
});

describe('POST /admin/login', () => {
  it('answers one message for a wrong name, password or code, and signs in with all three right', async () => {
    const made = await runCli(['operator', 'add', 'carol', '--role', 'support'], s.dataDir);
    const password = /^password: (\S+)$/m.exec(made.out)![1];
    const secret = secretOf(/^totp: (\S+)$/m.exec(made.out)![1]);
    const wrong = [
      { name: 'nobody', password, totp: freshCode(s, secret) },
      { name: 'carol', password: 'not-the-password', totp: freshCode(s, secret) },
      { name: 'carol', password, totp: '000000' === freshCode(s, secret) ? '111111' : '000000' },
    ];
    for (const body of wrong) expect(await login(body), JSON.stringify(body)).toMatchObject({ code: 4101, msg: msg('de', 'errors.4101'), data: null });
    const ok = await login({ name: 'carol', password, totp: freshCode(s, secret) });
    expect(ok).toMatchObject({ code: 0, data: { name: 'carol', roles: ['support'], mustChangePassword: true } });
    expect(ok.data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a code used once already, and takes the previous and next step', async () => {
    const op = await operator(s, 'dave', ['support']);
    s.clock.advance(30_000);
    const code = totpCode(op.secret, s.clock.now());
    expect((await login({ name: 'dave', password: op.password, totp: code })).code).toBe(0);
    expect((await login({ name: 'dave', password: op.password, totp: code })).code).toBe(4101);
    s.clock.advance(60_000);
    expect((await login({ name: 'dave', password: op.password, totp: totpCode(op.secret, s.clock.now() - 30_000) })).code).toBe(0);
    expect((await login({ name: 'dave', password: op.password, totp: totpCode(op.secret, s.clock.now() + 30_000) })).code).toBe(0);
    s.clock.advance(60_000);
    expect((await login({ name: 'dave', password: op.password, totp: totpCode(op.secret, s.clock.now() - 60_000) })).code).toBe(4101);
  });

  it('refuses malformed, oversized and missing fields with the rule, and writes nothing', async () => {
    const before = await s.app.db
      .selectFrom('operator_sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [unknown, string, string][] = [
      [{ password: 'x', totp: '123456' }, 'name', 'admin.nameRequired'],
      [{ name: 'x'.repeat(33), password: 'x', totp: '123456' }, 'name', 'admin.nameRequired'],
      [{ name: 'alice', password: 'x', totp: '12345' }, 'totp', 'admin.totpFormat'],
      [{ name: 'alice', password: 'x', totp: 123456 }, 'totp', 'admin.totpFormat'],
      [{ name: 'alice', totp: '123456' }, 'password', 'admin.passwordRequired'],
      [{ name: 'alice', password: 'x'.repeat(65), totp: '123456' }, 'password', 'validation.passwordLength'],
      [{ name: { $ne: '' }, password: 'x', totp: '123456' }, 'name', 'admin.nameRequired'],
    ];
    for (const [body, field, key] of cases) expect(await login(body), JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('de', key), data: { field } });
    const after = await s.app.db
      .selectFrom('operator_sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('the initial password, idle sessions and token separation', () => {
  it('answers 4104 to everything but me, logout and changePassword until the initial password is changed', async () => {
    const op = await operator(s, 'frank', ['finance'], false);
    expect(await call(s.app, 'GET', '/admin/reviews', { adminToken: op.token, lang: 'de' })).toMatchObject({ code: 4104, msg: msg('de', 'errors.4104') });
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: op.token })).data).toEqual({ name: 'frank', roles: ['finance'], mustChangePassword: true });
    const change = (body: unknown) => call(s.app, 'POST', '/admin/changePassword', { adminToken: op.token, body, lang: 'de' });
    expect(await change({ oldPassword: 'not-it', newPassword: NEW_PASSWORD })).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.oldPasswordWrong'),
      data: { field: 'oldPassword' },
    });
    expect(await change({ oldPassword: op.password, newPassword: 'short' })).toMatchObject({ code: 7, data: { field: 'newPassword' } });
    expect(await change({ oldPassword: op.password, newPassword: 'password1' })).toMatchObject({ code: 7, msg: msg('de', 'validation.passwordCommon') });
    expect(await change({ oldPassword: op.password, newPassword: op.password })).toMatchObject({ code: 7, msg: msg('de', 'changePassword.sameAsOld') });
    expect((await change({ oldPassword: op.password, newPassword: NEW_PASSWORD })).code).toBe(0);
    expect((await call(s.app, 'GET', '/admin/reviews', { adminToken: op.token })).code).toBe(0);
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: op.token })).data.mustChangePassword).toBe(false);
  });

  it('ends a session after 30 minutes without a request, and at logout', async () => {
    const op = await operator(s, 'grace', ['support']);
    s.clock.advance(29 * MINUTE);
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: op.token })).code).toBe(0);
    s.clock.advance(29 * MINUTE);
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: op.token })).code).toBe(0);
    s.clock.advance(31 * MINUTE);
    expect(await call(s.app, 'GET', '/admin/me', { adminToken: op.token, lang: 'de' })).toMatchObject({ code: 4103, msg: msg('de', 'errors.4103') });
    const again = await signIn(s, 'grace', op.password, op.secret);
    expect((await call(s.app, 'POST', '/admin/logout', { adminToken: again })).code).toBe(0);
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: again })).code).toBe(4103);
  });

  it('never takes a customer token on /admin/ nor an operator token on customer endpoints', async () => {
    const customer = await registerByEmail(s.app, 'not-an-operator@example.com');
    const op = await operator(s, 'heidi', ['admin']);
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: customer.token })).code).toBe(4103);
    expect((await call(s.app, 'GET', '/admin/me', { token: customer.token })).code).toBe(4103);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: op.token })).code).toBe(4016);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { adminToken: op.token })).code).toBe(4015);
  });

  it('ends the sessions of a disabled operator at once and refuses their sign-in', async () => {
    const op = await operator(s, 'ivan', ['support']);
    expect((await runCli(['operator', 'disable', 'ivan'], s.dataDir)).code).toBe(0);
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: op.token })).code).toBe(4103);
    expect((await login({ name: 'ivan', password: op.password, totp: freshCode(s, op.secret) })).code).toBe(4101);
  });

  it('gives a reset operator new credentials: the old password and authenticator stop working, the new ones must change the password first', async () => {
    const op = await operator(s, 'judy', ['support']);
    const out = await runCli(['operator', 'reset', 'judy'], s.dataDir);
    expect(out.code, out.out).toBe(0);
    const password = /^password: (\S+)$/m.exec(out.out)![1];
    const secret = secretOf(/^totp: (\S+)$/m.exec(out.out)![1]);
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: op.token })).code).toBe(4103);
    expect((await login({ name: 'judy', password: op.password, totp: freshCode(s, secret) })).code).toBe(4101);
    expect((await login({ name: 'judy', password, totp: freshCode(s, op.secret) })).code).toBe(4101);
    expect((await login({ name: 'judy', password, totp: freshCode(s, secret) })).data).toMatchObject({ name: 'judy', mustChangePassword: true });
  });
});
