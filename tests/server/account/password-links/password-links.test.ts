// One-time password links: `ops user-create` makes an account without a password and sends it
// a set-password link, `ops reset-link` sends an existing user one; POST /user/setPassword
// {token, password} sets the password once, within 30 minutes, under the password policy, and
// ends every session of the user (spec §2 /login/password; issue 8 part 4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../server/core/db/index.ts';
import { runCli } from '../../../../server/ops/cli.ts';
import { resetLink, userCreate } from '../../../../server/account/password-links/password-link-ops.ts';
import { verifyPassword } from '../../../../server/platform/security/password.ts';
import { hashToken } from '../../../../server/platform/security/tokens.ts';
import { call, clock, login, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

const c = clock();
let s: TestServer;
let db: Db;
const NEW_EMAIL = 'no-password@example.com';
const GOOD = 'a-long-new-passphrase';

beforeAll(async () => {
  s = await startServer({ scheduler: false }, c);
  db = s.app.db;
});
afterAll(() => s.app.close());

const setPw = (body: unknown, lang = 'en') => call(s.app, 'POST', '/user/setPassword', { body, lang });
const tokenOf = (link: string) => new URL(link.replace('/#/', '/')).searchParams.get('token') ?? '';
const userRow = (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const links = async () => db.selectFrom('password_links').selectAll().orderBy('id').execute();

describe('ops user-create and reset-link', () => {
  let link = '';

  it('creates an account without a password and writes its link to the outbox; only the token hash is stored', async () => {
    const r = await runCli(['user-create', NEW_EMAIL], s.dataDir);
    expect(r.code, r.out).toBe(0);
    link = /^link\s+(\S+)$/m.exec(r.out)![1];
    expect(link).toMatch(/\/#\/login\/password\?token=[0-9a-f]{64}$/);
    const user = await userRow(NEW_EMAIL);
    expect(user.password_hash).toBe('');
    expect(await verifyPassword('', user.password_hash)).toBe(false);
    const sent = await db.selectFrom('outbox').selectAll().where('target', '=', NEW_EMAIL).executeTakeFirstOrThrow();
    expect(sent.body).toContain(link);
    const [row] = await links();
    expect(row).toMatchObject({ user_id: user.id, purpose: 'setup', token_hash: hashToken(tokenOf(link)), used_at: null });
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(30 * 60_000);
    expect(JSON.stringify(await links())).not.toContain(tokenOf(link));
  });

  it('refuses a second account with the same address, a bad address or phone, and creates nothing', async () => {
    const users = await db.selectFrom('users').select('id').execute();
    for (const args of [
      ['user-create', NEW_EMAIL.toUpperCase()],
      ['user-create', 'not-an-email@'],
      ['user-create', '12345'],
      ['user-create', '13800138000', '+999'],
      ['user-create'],
      ['reset-link', 'nobody@example.com'],
    ]) {
      const r = await runCli(args, s.dataDir);
      expect(r.code, `${args.join(' ')}: ${r.out}`).toBe(1);
    }
    expect(await db.selectFrom('users').select('id').execute()).toEqual(users);
    expect(await links()).toHaveLength(1);
  });

  it('the account cannot log in before it has a password', async () => {
    for (const password of ['', 'anything-at-all']) expect((await login(s.app, NEW_EMAIL, password)).code).not.toBe(0);
  });

  it('a weak or short password is refused under its field, and the link stays usable', async () => {
    const token = tokenOf(link);
    const before = await userRow(NEW_EMAIL);
    const cases: [unknown, string][] = [
      [{ token, password: 'password1' }, 'validation.passwordCommon'],
      [{ token, password: 'short7!' }, 'validation.passwordLength'],
      [{ token, password: 'x'.repeat(65) }, 'validation.passwordLength'],
      [{ token }, 'validation.passwordRequired'],
      [{ token, password: 12345678 }, 'validation.invalid'],
    ];
    for (const [body, key] of cases) expect(await setPw(body, 'de'), JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('de', key), data: { field: 'password' } });
    expect(await userRow(NEW_EMAIL)).toEqual(before);
    expect((await links())[0].used_at).toBeNull();
  });

  it('sets the password once: the account logs in with it, the link is then used', async () => {
    expect(await setPw({ token: tokenOf(link), password: GOOD })).toMatchObject({ code: 0 });
    const ok = await login(s.app, NEW_EMAIL, GOOD);
    expect(ok.code, ok.msg).toBe(0);
    expect((await links())[0].used_at).toBe(c.now());
    const again = await setPw({ token: tokenOf(link), password: 'another-long-phrase' }, 'de');
    expect(again).toMatchObject({ code: 7, msg: msg('de', 'setPassword.link.used') });
    expect((await login(s.app, NEW_EMAIL, GOOD)).code).toBe(0);
  });
});

describe('a reset link', () => {
  const EMAIL = 'reset-link@example.com';
  const OLD = 'Secret-pass-123';

  it('ends every session of the user, the new password logs in, the old one no longer, and withdrawals are blocked 24 hours', async () => {
    const account = await registerByEmail(s.app, EMAIL, OLD);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: account.token })).code).toBe(0);
    const pay = await call(s.app, 'POST', '/user/changePayPassword', { token: account.token, body: { loginPassword: OLD, password: '739204' } });
    expect(pay.code, pay.msg).toBe(0);
    const sent = await resetLink(db, EMAIL, c.now());
    expect(sent.sentTo).toBe(EMAIL);
    expect(await setPw({ token: tokenOf(sent.link), password: GOOD })).toMatchObject({ code: 0 });
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: account.token })).code).not.toBe(0);
    expect((await login(s.app, EMAIL, OLD)).code).not.toBe(0);
    const again = await login(s.app, EMAIL, GOOD);
    expect(again.code, again.msg).toBe(0);
    const status = await call(s.app, 'GET', '/withdraw/status', { token: again.data.token });
    expect(status.data.block).toMatchObject({ reason: 'passwordChanged', until: c.now() + 24 * 3_600_000 });
  });

  it('expires after 30 minutes; a newer link replaces an older one', async () => {
    const first = await resetLink(db, EMAIL, c.now());
    const second = await resetLink(db, EMAIL, c.now());
    expect(await setPw({ token: tokenOf(first.link), password: 'first-long-phrase' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'setPassword.link.used') });
    c.advance(30 * 60_000);
    const before = await userRow(EMAIL);
    expect(await setPw({ token: tokenOf(second.link), password: 'second-long-phrase' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'setPassword.link.expired') });
    expect(await userRow(EMAIL)).toEqual(before);
    expect((await login(s.app, EMAIL, GOOD)).code).toBe(0);
  });

  it('an unknown, missing or malformed token says the link is not valid and changes nothing', async () => {
    const before = await userRow(EMAIL);
    const cases: unknown[] = [{ token: 'f'.repeat(64), password: GOOD }, { password: GOOD }, { token: '', password: GOOD }, { token: 'not hex', password: GOOD }];
    for (const body of cases) expect(await setPw(body, 'jp'), JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('jp', 'setPassword.link.unknown') });
    expect(await setPw({ token: 42, password: GOOD })).toMatchObject({ code: 7, data: { field: 'token' } });
    expect(await setPw({ token: 'x'.repeat(129), password: GOOD })).toMatchObject({ code: 7, data: { field: 'token' } });
    expect(await setPw({ token: 'f'.repeat(64), password: GOOD, extra: 1 })).toMatchObject({ code: 7 });
    expect(await userRow(EMAIL)).toEqual(before);
  });

  it('user-create with a phone number uses the country code and sends the link by SMS', async () => {
    const sent = await userCreate(db, '13900139000', undefined, c.now());
    expect(sent.sentTo).toBe('+86 13900139000');
    const us = await userCreate(db, '2025550123', '+1', c.now());
    expect(us.sentTo).toBe('+1 2025550123');
    expect(await db.selectFrom('outbox').select('channel').where('target', '=', '+1 2025550123').executeTakeFirstOrThrow()).toEqual({ channel: 'sms' });
  });
});
