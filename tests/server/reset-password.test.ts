// POST /base/resetPwd and POST /base/resetPwdByPhone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INVITATION_CODE } from '../../server/composition/seed.ts';
import { call, login, msg, newCaptcha, sendEmailCode, sendPhoneCode, startServer, type TestServer } from './helpers.ts';
import { ResultCode } from '../../contract/result-codes.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());

async function userRow(email: string) {
  return s.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

describe('POST /base/resetPwd', () => {
  it('sets the new password, ends the session and records the change time', async () => {
    const emailCode0 = await sendEmailCode(s.app, 'reset@example.com');
    const reg = await call(s.app, 'POST', '/base/registerUser', {
      body: { email: 'reset@example.com', emailCode: emailCode0, passWord: 'old-pass1', invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(s.app)) },
    });
    expect(reg.code).toBe(0);
    expect((await userRow('reset@example.com')).password_changed_at).toBeNull();
    s.clock.advance(61_000);

    const emailCode = await sendEmailCode(s.app, 'reset@example.com');
    const hashBefore = (await userRow('reset@example.com')).password_hash;
    const r = await call(s.app, 'POST', '/base/resetPwd', { body: { email: 'reset@example.com', emailCode, passWord: 'new-pass1', ...(await newCaptcha(s.app)) } });
    expect(r).toMatchObject({ code: 0, data: null });

    const row = await userRow('reset@example.com');
    expect(row.password_changed_at).toBe(s.clock.now());
    expect(row.password_hash).not.toBe(hashBefore);
    expect(await s.app.db.selectFrom('sessions').select('id').where('user_id', '=', row.id).execute()).toEqual([]);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: reg.data.token })).code).toBe(4016);
    expect((await login(s.app, 'reset@example.com', 'old-pass1')).code).toBe(4002);
    expect((await login(s.app, 'reset@example.com', 'new-pass1')).code).toBe(0);

    // The code is spent.
    const again = await call(s.app, 'POST', '/base/resetPwd', { body: { email: 'reset@example.com', emailCode, passWord: 'other-pass', ...(await newCaptcha(s.app)) } });
    expect(again.code).toBe(4009);
  });

  it('checks captcha (4005), then code (4009), then user (4010)', async () => {
    const emailCode = await sendEmailCode(s.app, 'ghost@example.com');
    const cap = await newCaptcha(s.app);
    const body = { email: 'ghost@example.com', emailCode, passWord: 'new-pass1' };
    expect(await call(s.app, 'POST', '/base/resetPwd', { body: { ...body, ...cap, captcha: cap.captcha === '0000' ? '1111' : '0000' }, lang: 'jp' })).toMatchObject({
      code: 4005,
      msg: msg('jp', 'errors.4005'),
    });
    const wrong = emailCode === '000000' ? '111111' : '000000';
    expect(await call(s.app, 'POST', '/base/resetPwd', { body: { ...body, emailCode: wrong, ...(await newCaptcha(s.app)) }, lang: 'jp' })).toMatchObject({
      code: 4009,
      msg: msg('jp', 'errors.4009'),
    });
    expect(await call(s.app, 'POST', '/base/resetPwd', { body: { ...body, ...(await newCaptcha(s.app)) }, lang: 'jp' })).toMatchObject({
      code: 4010,
      msg: msg('jp', 'errors.4010'),
    });
  });

  it('rejects bad input and changes nothing', async () => {
    const before = await userRow('demo@coinapp.test');
    const base = { email: 'demo@coinapp.test', emailCode: '123456', passWord: 'new-pass1', captcha: '1234', captchaId: 'abc' };
    const cases: [unknown, string, string][] = [
      [{ ...base, emailCode: undefined }, 'emailCode', 'validation.codeRequired'],
      [{ ...base, passWord: '123' }, 'passWord', 'validation.passwordLength'],
      [{ ...base, email: 'x' }, 'email', 'validation.emailInvalid'],
      [{ ...base, confirmPassword: 'new-pass1' }, 'confirmPassword', 'validation.unknownField'],
    ];
    for (const [body, field, key] of cases) {
      const r = await call(s.app, 'POST', '/base/resetPwd', { body, lang: 'jp' });
      expect(r, JSON.stringify(body)).toMatchObject({ code: field === 'email' && key !== 'validation.emailRequired' ? ResultCode.badEmail : ResultCode.error, msg: msg('jp', key), data: { field } });
    }
    expect(await userRow('demo@coinapp.test')).toEqual(before);
  });
});

describe('POST /base/resetPwdByPhone', () => {
  it('sets the new password of the phone user', async () => {
    const smsCode0 = await sendPhoneCode(s.app, '13600001111');
    const reg = await call(s.app, 'POST', '/base/registerUser', {
      body: { phone: '13600001111', countryCode: '+86', smsCode: smsCode0, passWord: 'old-pass1', invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(s.app)) },
    });
    expect(reg.code, reg.msg).toBe(0);
    s.clock.advance(61_000);
    const smsCode = await sendPhoneCode(s.app, '13600001111');
    const r = await call(s.app, 'POST', '/base/resetPwdByPhone', {
      body: { phone: '13600001111', countryCode: '+86', smsCode, passWord: 'new-pass1', ...(await newCaptcha(s.app)) },
    });
    expect(r.code, r.msg).toBe(0);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: reg.data.token })).code).toBe(4016);
    expect((await login(s.app, '13600001111', 'new-pass1')).code).toBe(0);
    const row = await s.app.db.selectFrom('users').select('password_changed_at').where('phone', '=', '13600001111').executeTakeFirstOrThrow();
    expect(row.password_changed_at).toBe(s.clock.now());
  });

  it('a phone registered under another country code is 4010', async () => {
    // 9123456789 is a mobile number in Russia (+7) and in India (+91)
    const smsCode0 = await sendPhoneCode(s.app, '9123456789', '+7');
    const reg = await call(s.app, 'POST', '/base/registerUser', {
      body: { phone: '9123456789', countryCode: '+7', smsCode: smsCode0, passWord: 'old-pass1', invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(s.app)) },
    });
    expect(reg.code, reg.msg).toBe(0);
    const smsCode = await sendPhoneCode(s.app, '9123456789', '+91');
    const r = await call(s.app, 'POST', '/base/resetPwdByPhone', {
      body: { phone: '9123456789', countryCode: '+91', smsCode, passWord: 'new-pass2', ...(await newCaptcha(s.app)) },
    });
    expect(r.code).toBe(4010);
  });

  it('rejects bad input', async () => {
    const base = { phone: '13600001111', countryCode: '+86', smsCode: '123456', passWord: 'new-pass1', captcha: '1234', captchaId: 'abc' };
    const r = await call(s.app, 'POST', '/base/resetPwdByPhone', { body: { ...base, smsCode: 'abcdef' }, lang: 'jp' });
    expect(r).toMatchObject({ code: 7, msg: msg('jp', 'validation.codeInvalid'), data: { field: 'smsCode' } });
    const missing = await call(s.app, 'POST', '/base/resetPwdByPhone', { body: { ...base, phone: undefined } });
    expect(missing).toMatchObject({ code: 7, msg: msg('en', 'validation.phoneRequired'), data: { field: 'phone' } });
  });
});
