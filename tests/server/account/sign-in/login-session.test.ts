// POST /base/login, X-Token sessions, barred and frozen accounts, login rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../../../server/ops/commands.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_PHONE } from '../../../../server/composition/seed.ts';
import { hashToken } from '../../../../server/platform/security/tokens.ts';
import { call, count, expectEntity, login, msg, newCaptcha, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());

describe('POST /base/login', () => {
  it('logs in the demo user by email or phone and answers {token, user}', async () => {
    for (const username of [DEMO_EMAIL, DEMO_PHONE, DEMO_EMAIL.toUpperCase()]) {
      const r = await login(s.app, username, DEMO_PASSWORD);
      expect(r.code, r.msg).toBe(0);
      expectEntity('session', r.data);
      expect(r.data.user).toMatchObject({ email: DEMO_EMAIL, phone: DEMO_PHONE, countryCode: '+86', invitationCode: 'DEMO88', creditScore: 100 });
    }
  });

  it('stores only the sha256 of the token', async () => {
    const r = await login(s.app, DEMO_EMAIL, DEMO_PASSWORD);
    const row = await s.app.db.selectFrom('users').selectAll().where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const session = await s.app.db.selectFrom('sessions').selectAll().where('user_id', '=', row.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(hashToken(r.data.token));
    expect(JSON.stringify(session)).not.toContain(r.data.token);
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(JSON.stringify(row)).not.toContain(DEMO_PASSWORD);
  });

  it('checks captcha (4005) first; an unknown account and a wrong password get the same 4002 and message', async () => {
    const wrongCaptcha = await call(s.app, 'POST', '/base/login', {
      body: { username: 'nobody@example.com', password: 'whatever', captcha: '12345', captchaId: `${(await newCaptcha(s.app)).captchaId}x` },
    });
    expect(wrongCaptcha.code).toBe(4005);
    const unknown = await login(s.app, 'nobody@example.com', 'whatever', { lang: 'jp' });
    expect(unknown).toMatchObject({ code: 4002, msg: msg('jp', 'errors.4002'), data: null });
    const unknownPhone = await login(s.app, '13999999999', 'whatever');
    expect(unknownPhone.code).toBe(4002);
    const wrong = await login(s.app, DEMO_EMAIL, 'wrong-password', { lang: 'jp' });
    expect(wrong).toMatchObject({ code: 4002, msg: msg('jp', 'errors.4002'), data: null });
  });

  it('rejects bad input with the screen messages', async () => {
    const cap = { captcha: '1234', captchaId: 'abc' };
    const cases: [unknown, string, string][] = [
      [{ password: 'Secret-pass-123', ...cap }, 'username', 'validation.usernameRequired'],
      [{ username: 'nope', password: 'Secret-pass-123', ...cap }, 'username', 'validation.usernameInvalid'],
      [{ username: DEMO_EMAIL, ...cap }, 'password', 'validation.passwordRequired'],
      [{ username: DEMO_EMAIL, password: 'x'.repeat(65), ...cap }, 'password', 'validation.passwordLength'],
      [{ username: DEMO_EMAIL, password: 123456789, ...cap }, 'password', 'validation.invalid'],
      [{ username: DEMO_EMAIL, password: 'Secret-pass-123', captchaId: 'abc' }, 'captcha', 'validation.captchaRequired'],
      [{ username: DEMO_EMAIL, password: 'Secret-pass-123', captcha: '12', captchaId: 'abc' }, 'captcha', 'validation.captchaInvalid'],
      [{ username: DEMO_EMAIL, password: 'Secret-pass-123', ...cap, remember: true }, 'remember', 'validation.unknownField'],
    ];
    for (const [body, field, key] of cases) {
      const r = await call(s.app, 'POST', '/base/login', { body, lang: 'jp' });
      expect(r, JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('jp', key), data: { field } });
    }
  });

  it('keeps one live session per user: a new login makes the old token 4016', async () => {
    const first = await login(s.app, DEMO_EMAIL, DEMO_PASSWORD);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: first.data.token })).code).toBe(0);
    const second = await login(s.app, DEMO_PHONE, DEMO_PASSWORD);
    const old = await call(s.app, 'GET', '/user/getUserInfo', { token: first.data.token, lang: 'jp' });
    expect(old).toMatchObject({ code: 4016, msg: msg('jp', 'errors.4016') });
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: second.data.token })).code).toBe(0);
  });
});

describe('authenticated calls', () => {
  it('GET /user/getUserInfo answers {userInfo: User}', async () => {
    const { token } = await registerByEmail(s.app, 'info@example.com');
    const r = await call(s.app, 'GET', '/user/getUserInfo', { token });
    expect(r.code).toBe(0);
    expect(Object.keys(r.data)).toEqual(['userInfo']);
    expectEntity('user', r.data.userInfo);
    expect(r.data.userInfo).toMatchObject({ email: 'info@example.com', phone: '', realNameStatus: 0, hasPayPassword: false });
  });

  it('no token is 4015; an unknown token is 4016', async () => {
    expect(await call(s.app, 'GET', '/user/getUserInfo', { lang: 'jp' })).toMatchObject({ code: 4015, msg: msg('jp', 'errors.4015') });
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: 'f'.repeat(64) })).code).toBe(4016);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: 'garbage' })).code).toBe(4016);
  });

  it('a token older than 7 days is 4017', async () => {
    const { token } = await registerByEmail(s.app, 'old@example.com');
    s.clock.advance(7 * 24 * 3_600_000 - 1000);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token })).code).toBe(0);
    s.clock.advance(2000);
    expect(await call(s.app, 'GET', '/user/getUserInfo', { token, lang: 'jp' })).toMatchObject({ code: 4017, msg: msg('jp', 'errors.4017') });
  });

  it('a barred user gets 4007 on login and on authed calls; unfreeze lifts it', async () => {
    const { token } = await registerByEmail(s.app, 'barred@example.com');
    await ops.bar(s.app.db, 'barred@example.com');
    expect(await call(s.app, 'GET', '/user/getUserInfo', { token, lang: 'jp' })).toMatchObject({ code: 4007, msg: msg('jp', 'errors.4007') });
    expect((await login(s.app, 'barred@example.com', 'Secret-pass-123')).code).toBe(4007);
    // The password is still checked first.
    expect((await login(s.app, 'barred@example.com', 'wrong-pass')).code).toBe(4002);
    await ops.unfreeze(s.app.db, 'barred@example.com');
    expect((await login(s.app, 'barred@example.com', 'Secret-pass-123')).code).toBe(0);
  });

  it('a frozen user gets 4008 on login and on authed calls', async () => {
    const { token, user } = await registerByEmail(s.app, 'frozen@example.com');
    await ops.freeze(s.app.db, String(user.ID));
    expect(await call(s.app, 'GET', '/user/getUserInfo', { token, lang: 'jp' })).toMatchObject({ code: 4008, msg: msg('jp', 'errors.4008') });
    expect((await call(s.app, 'GET', '/user_bank/getUser_bankList', { token })).code).toBe(4008);
    expect((await login(s.app, 'frozen@example.com', 'Secret-pass-123')).code).toBe(4008);
    await ops.bar(s.app.db, 'frozen@example.com');
    expect((await login(s.app, 'frozen@example.com', 'Secret-pass-123')).code).toBe(4007);
    await ops.unfreeze(s.app.db, 'frozen@example.com');
    expect((await login(s.app, 'frozen@example.com', 'Secret-pass-123')).code).toBe(0);
  });
});

describe('login rate limit', () => {
  it('answers 4024 after the per-IP limit and counts nothing else', async () => {
    const t = await startServer({ scheduler: false, rateLimits: { login: { max: 3, windowMs: 60_000 } } });
    try {
      for (let i = 0; i < 3; i++) expect((await login(t.app, DEMO_EMAIL, 'wrong-pass', { ip: '10.1.1.1' })).code).toBe(4002);
      const captchasBefore = await count(t.app, 'captchas');
      const cap = await newCaptcha(t.app, '10.1.1.1');
      const limited = await call(t.app, 'POST', '/base/login', { body: { username: DEMO_EMAIL, password: DEMO_PASSWORD, ...cap }, ip: '10.1.1.1', lang: 'jp' });
      expect(limited).toMatchObject({ code: 4024, msg: msg('jp', 'checks.retryAfterSeconds', { seconds: 60 }), data: { retryAfter: 60 } });
      // The captcha was not spent by the refused request.
      const row = await t.app.db.selectFrom('captchas').select('used_at').where('id', '=', cap.captchaId).executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();
      expect(await count(t.app, 'captchas')).toBe(captchasBefore + 1);
      // Another IP is not affected; the window slides.
      expect((await call(t.app, 'POST', '/base/login', { body: { username: DEMO_EMAIL, password: DEMO_PASSWORD, ...cap }, ip: '10.1.1.2' })).code).toBe(0);
      t.clock.advance(60_001);
      expect((await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, { ip: '10.1.1.1' })).code).toBe(0);
    } finally {
      await t.app.close();
    }
  });
});

describe('POST /user/logout', () => {
  it('ends the session on the server: the token stops working at once; a new login works', async () => {
    const { token } = await registerByEmail(s.app, 'logout@example.com');
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token })).code).toBe(0);
    const out = await call(s.app, 'POST', '/user/logout', { token });
    expect(out.code, out.msg).toBe(0);
    const after = await call(s.app, 'GET', '/user/getUserInfo', { token });
    expect(after.code).not.toBe(0);
    expect((await call(s.app, 'POST', '/user/logout', { token })).code).not.toBe(0);
    expect((await login(s.app, 'logout@example.com', 'Secret-pass-123')).code).toBe(0);
  });
});
