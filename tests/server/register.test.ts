// POST /base/registerUser, email and phone variants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_INVITATION_CODE, DEMO_PHONE } from '../../server/composition/seed.ts';
import { hashToken } from '../../server/platform/security/tokens.ts';
import { HASH_COST } from '../../server/platform/security/password.ts';
import { call, count, expectEntity, msg, newCaptcha, sendEmailCode, sendPhoneCode, startServer, type TestServer } from './helpers.ts';
import { ResultCode } from '../../contract/result-codes.ts';

let s: TestServer;
beforeAll(async () => {
  // no scheduled jobs: the clean-up of spent captchas would change the counts this file checks
  s = await startServer({ scheduler: false });
});
afterAll(() => s.app.close());

async function emailBody(email: string, extra: Record<string, unknown> = {}) {
  const emailCode = await sendEmailCode(s.app, email);
  return { email, emailCode, passWord: 'Secret-pass-123', invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(s.app)), ...extra };
}

async function register(body: unknown, lang?: string) {
  return call(s.app, 'POST', '/base/registerUser', { body, lang });
}

/** Runs `fn` and asserts that no user was created. */
async function expectNoNewUser(fn: () => Promise<void>) {
  const before = await count(s.app, 'users');
  await fn();
  expect(await count(s.app, 'users')).toBe(before);
}

describe('register by email', () => {
  it('creates the user, logs in, and answers {token, user}', async () => {
    const r = await register(await emailBody('alice@example.com'));
    expect(r.code, r.msg).toBe(0);
    expectEntity('session', r.data);
    expect(r.data.user).toMatchObject({ email: 'alice@example.com', phone: '', countryCode: '', creditScore: 100, realNameStatus: 0, hasPayPassword: false });
    expect(r.data.user.invitationCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(r.data.user.invitationCode).not.toBe(DEMO_INVITATION_CODE);
    expect(r.data.token).toMatch(/^[0-9a-f]{64}$/);

    const row = await s.app.db.selectFrom('users').selectAll().where('email', '=', 'alice@example.com').executeTakeFirstOrThrow();
    const demo = await s.app.db.selectFrom('users').selectAll().where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(demo.id);
    expect(row.password_hash).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${HASH_COST.memoryCost},p=${HASH_COST.parallelism},t=${HASH_COST.timeCost}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`),
    );
    expect(row.password_hash).not.toContain('Secret-pass-123');
    const session = await s.app.db.selectFrom('sessions').selectAll().where('user_id', '=', row.id).executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(hashToken(r.data.token));
    expect(session.token_hash).not.toBe(r.data.token);

    const info = await call(s.app, 'GET', '/user/getUserInfo', { token: r.data.token });
    expect(info.data.userInfo).toEqual(r.data.user);
  });

  it('gives every user a different salt', async () => {
    await register(await emailBody('salt1@example.com'));
    await register(await emailBody('salt2@example.com'));
    const rows = await s.app.db.selectFrom('users').select('password_hash').where('email', 'in', ['salt1@example.com', 'salt2@example.com']).execute();
    expect(rows).toHaveLength(2);
    expect(rows[0].password_hash.split('$')[4]).not.toBe(rows[1].password_hash.split('$')[4]);
  });

  it('accepts the invitation code of any user, in any case', async () => {
    const inviter = await register(await emailBody('inviter@example.com'));
    const r = await register(await emailBody('invitee@example.com', { invitationCode: inviter.data.user.invitationCode.toLowerCase() }));
    expect(r.code, r.msg).toBe(0);
    const row = await s.app.db.selectFrom('users').select('invited_by').where('email', '=', 'invitee@example.com').executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviter.data.user.ID);
  });

  it('wrong captcha is 4005 and nothing is written (the code stays usable)', async () => {
    const body = await emailBody('cap@example.com');
    await expectNoNewUser(async () => {
      const r = await register({ ...body, captcha: body.captcha === '9999' ? '8888' : '9999' }, 'jp');
      expect(r).toMatchObject({ code: 4005, msg: msg('jp', 'errors.4005'), data: null });
    });
    const retry = await register({ ...body, ...(await newCaptcha(s.app)) });
    expect(retry.code, retry.msg).toBe(0);
  });

  it('wrong email code is 4009', async () => {
    const body = await emailBody('wrongcode@example.com');
    await expectNoNewUser(async () => {
      const r = await register({ ...body, emailCode: body.emailCode === '000000' ? '111111' : '000000' }, 'jp');
      expect(r).toMatchObject({ code: 4009, msg: msg('jp', 'errors.4009') });
    });
  });

  it('a code for another email is 4009', async () => {
    const other = await sendEmailCode(s.app, 'other-target@example.com');
    const body = await emailBody('target@example.com');
    await expectNoNewUser(async () => {
      expect((await register({ ...body, emailCode: other })).code).toBe(other === body.emailCode ? 0 : 4009);
    });
  });

  it('an expired code (over 10 minutes) is 4009', async () => {
    const body = await emailBody('late@example.com');
    s.clock.advance(10 * 60_000 + 1);
    await expectNoNewUser(async () => {
      expect((await register({ ...body, ...(await newCaptcha(s.app)) })).code).toBe(4009);
    });
  });

  it('a used code is 4009 the second time', async () => {
    const body = await emailBody('reuse@example.com');
    expect((await register(body)).code).toBe(0);
    const again = await register({ ...body, email: 'reuse@example.com', ...(await newCaptcha(s.app)) });
    expect(again.code).toBe(4009);
  });

  it('a code replaced by a newer one is 4009', async () => {
    const first = await sendEmailCode(s.app, 'newer@example.com');
    s.clock.advance(61_000);
    const second = await sendEmailCode(s.app, 'newer@example.com');
    if (first === second) return;
    const body = {
      email: 'newer@example.com',
      emailCode: first,
      passWord: 'Secret-pass-123',
      invitationCode: DEMO_INVITATION_CODE,
      ...(await newCaptcha(s.app)),
    };
    expect((await register(body)).code).toBe(4009);
  });

  it('dies after 5 wrong guesses', async () => {
    const body = await emailBody('guess@example.com');
    const wrong = body.emailCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await register({ ...body, emailCode: wrong, ...(await newCaptcha(s.app)) })).code).toBe(4009);
    expect((await register({ ...body, ...(await newCaptcha(s.app)) })).code).toBe(4009);
  });

  it('an unknown invitation code is 4004, checked after captcha and code', async () => {
    const body = await emailBody('noinvite@example.com', { invitationCode: 'ZZZZ99' });
    await expectNoNewUser(async () => {
      const r = await register(body, 'jp');
      expect(r).toMatchObject({ code: 4004, msg: msg('jp', 'errors.4004') });
    });
    // The code was not spent by the failed attempt.
    const retry = await register({ ...body, invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(s.app)) });
    expect(retry.code, retry.msg).toBe(0);
  });

  it('an email that is taken is code 7 errors.accountExists', async () => {
    await expectNoNewUser(async () => {
      const r = await register(await emailBody(DEMO_EMAIL), 'jp');
      expect(r).toMatchObject({ code: 7, msg: msg('jp', 'errors.accountExists'), data: null });
    });
  });

  it('rejects bad input with the screen messages and writes nothing', async () => {
    const base = { email: 'bad@example.com', emailCode: '123456', passWord: 'Secret-pass-123', captcha: '1234', captchaId: 'x', invitationCode: 'DEMO88' };
    const without = (k: keyof typeof base) => Object.fromEntries(Object.entries(base).filter(([key]) => key !== k));
    const cases: [unknown, string, string][] = [
      [without('email'), 'email', 'validation.emailRequired'],
      [without('passWord'), 'passWord', 'validation.passwordRequired'],
      [without('invitationCode'), 'invitationCode', 'validation.invitationRequired'],
      [without('captcha'), 'captcha', 'validation.captchaRequired'],
      [{ ...base, email: 'nope' }, 'email', 'validation.emailInvalid'],
      [{ ...base, emailCode: '12' }, 'emailCode', 'validation.codeInvalid'],
      [{ ...base, emailCode: 123456 }, 'emailCode', 'validation.invalid'],
      [{ ...base, passWord: 'x'.repeat(65) }, 'passWord', 'validation.passwordLength'],
      [{ ...base, passWord: 'short' }, 'passWord', 'validation.passwordLength'],
      [{ ...base, invitationCode: 'a!' }, 'invitationCode', 'validation.invitationInvalid'],
      [{ ...base, captchaId: 'x'.repeat(65) }, 'captchaId', 'validation.tooLong'],
      [{ ...base, confirmPassword: 'Secret-pass-123' }, 'confirmPassword', 'validation.unknownField'],
      [{ ...base, isAdmin: true }, 'isAdmin', 'validation.unknownField'],
    ];
    const users = await count(s.app, 'users');
    const captchas = await count(s.app, 'captchas');
    for (const [body, field, key] of cases) {
      const r = await register(body, 'jp');
      expect(r, JSON.stringify(body)).toMatchObject({
        status: 200,
        code: field === 'email' && key !== 'validation.emailRequired' ? ResultCode.badEmail : ResultCode.error,
        msg: msg('jp', key),
        data: { field },
      });
    }
    expect(await count(s.app, 'users')).toBe(users);
    expect(await count(s.app, 'captchas')).toBe(captchas);
  });

  it('a valid captcha is not consumed by a request that fails validation', async () => {
    const cap = await newCaptcha(s.app);
    const r = await register({ email: 'x@example.com', ...cap });
    expect(r.code).toBe(7);
    const row = await s.app.db.selectFrom('captchas').select('used_at').where('id', '=', cap.captchaId).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });
});

describe('register by phone', () => {
  async function phoneBody(phone: string, extra: Record<string, unknown> = {}) {
    const smsCode = await sendPhoneCode(s.app, phone);
    return { phone, countryCode: '+86', smsCode, passWord: 'Secret-pass-123', invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(s.app)), ...extra };
  }

  it('creates the user and logs in', async () => {
    const r = await register(await phoneBody('13700001111'));
    expect(r.code, r.msg).toBe(0);
    expectEntity('session', r.data);
    expect(r.data.user).toMatchObject({ email: '', phone: '13700001111', countryCode: '+86' });
    const login = await call(s.app, 'POST', '/base/login', { body: { username: '13700001111', password: 'Secret-pass-123', ...(await newCaptcha(s.app)) } });
    expect(login.code, login.msg).toBe(0);
  });

  it('wrong SMS code is 4009; the number under another country code is checked for that country', async () => {
    const body = await phoneBody('13700002222');
    await expectNoNewUser(async () => {
      expect((await register({ ...body, smsCode: body.smsCode === '000000' ? '111111' : '000000' })).code).toBe(4009);
      expect(await register({ ...body, countryCode: '+1', ...(await newCaptcha(s.app)) })).toMatchObject({ code: 7, data: { field: 'phone' } });
    });
  });

  it('a phone that is taken is code 7 errors.accountExists', async () => {
    const r = await register(await phoneBody(DEMO_PHONE));
    expect(r).toMatchObject({ code: 7, msg: msg('en', 'errors.accountExists') });
  });

  it('reports the errors of the closest variant', async () => {
    const r = await register({
      phone: '13700003333',
      countryCode: '+86',
      passWord: 'Secret-pass-123',
      captcha: '1234',
      captchaId: 'x',
      invitationCode: 'DEMO88',
    });
    expect(r).toMatchObject({ code: 7, msg: msg('en', 'validation.codeRequired'), data: { field: 'smsCode' } });
    const bad = await register({
      phone: '123',
      countryCode: '+86',
      smsCode: '123456',
      passWord: 'Secret-pass-123',
      captcha: '1234',
      captchaId: 'x',
      invitationCode: 'DEMO88',
    });
    expect(bad).toMatchObject({ code: 7, msg: msg('en', 'checks.phoneDigits'), data: { field: 'phone' } });
  });
});

// Spec §3/§7: the client written to the spec sends one registration payload, phone, countryCode,
// email, passWord, smsCode, captcha, captchaId, invitationCode, and for an e-mail address puts
// the e-mailed code in smsCode with phone empty (register-email-spec.json).
describe('register by email with the spec payload', () => {
  async function specBody(email: string, extra: Record<string, unknown> = {}) {
    const smsCode = await sendEmailCode(s.app, email);
    return {
      phone: '',
      countryCode: '+49',
      email,
      passWord: 'Secret-pass-123',
      smsCode,
      invitationCode: DEMO_INVITATION_CODE,
      ...(await newCaptcha(s.app)),
      ...extra,
    };
  }

  it('registers the e-mail address with the e-mailed code in smsCode and signs in', async () => {
    const r = await register(await specBody('spec_payload@example.com'));
    expect(r.code, r.msg).toBe(0);
    expectEntity('session', r.data);
    expect(r.data.user).toMatchObject({ email: 'spec_payload@example.com', phone: '', countryCode: '' });
    const me = await call(s.app, 'GET', '/user/getUserInfo', { token: r.data.token });
    expect(me.data.userInfo.email).toBe('spec_payload@example.com');
  });

  it('without phone or countryCode too; the code is spent once', async () => {
    const body = await specBody('spec_payload2@example.com');
    const { phone: _p, countryCode: _c, ...bare } = body;
    expect((await register(bare)).code).toBe(0);
    const again = await register({ ...body, email: 'spec_payload2@example.com', ...(await newCaptcha(s.app)) });
    expect(again.code).not.toBe(0);
  });

  it('a wrong code in smsCode is 4009, a wrong captcha 4005; nothing written', async () => {
    await expectNoNewUser(async () => {
      const body = await specBody('spec_wrong@example.com');
      expect((await register({ ...body, smsCode: body.smsCode === '000000' ? '111111' : '000000' }, 'de')).code).toBe(ResultCode.badCode);
      expect((await register({ ...body, ...(await newCaptcha(s.app)), captcha: 'zzzz' }, 'de')).code).toBe(ResultCode.badCaptcha);
    });
  });

  it('bad input gets the field and its translated message, writing nothing', async () => {
    const base = {
      phone: '',
      countryCode: '+49',
      email: 'bad_spec@example.com',
      smsCode: '123456',
      passWord: 'Secret-pass-123',
      captcha: '1234',
      captchaId: 'x',
      invitationCode: 'DEMO88',
    };
    const cases: [unknown, string, string][] = [
      [{ ...base, smsCode: '12' }, 'smsCode', 'validation.codeInvalid'],
      [{ ...base, passWord: 'short' }, 'passWord', 'validation.passwordLength'],
      [{ ...base, countryCode: '49' }, 'countryCode', 'validation.invalid'],
      [{ ...base, invitationCode: 'a!' }, 'invitationCode', 'validation.invitationInvalid'],
    ];
    await expectNoNewUser(async () => {
      for (const [body, field, key] of cases) {
        const r = await register(body, 'de');
        expect(r, JSON.stringify(body)).toMatchObject({ status: 200, code: ResultCode.error, msg: msg('de', key, { field }), data: { field } });
      }
    });
  });
});
