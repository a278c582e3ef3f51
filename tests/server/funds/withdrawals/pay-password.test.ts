// POST /user/changePayPassword: sets or changes the withdrawal password. A session alone is
// not enough (the login password must match: 4011 under loginPassword), a change takes the
// current withdrawal password (4012 under oldPassword); the new password is six digits; saving starts manual review of new
// withdrawals, clears the wrong-password count, and the status reports it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPin } from '../../../../server/platform/security/pin.ts';
import { serverSecret } from '../../../../server/platform/security/secret-key.ts';
import { call, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());

const LOGIN = 'Secret-pass-123';

async function newUser(email: string) {
  const { token, user } = await registerByEmail(s.app, email, LOGIN);
  return { token, id: user.ID };
}

const verifyPay = (pin: string, stored: string) => verifyPin(serverSecret(s.dataDir), pin, stored);
const userRow = (id: number) => s.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /user/changePayPassword', () => {
  it('sets the first withdrawal password with the login password; the status and the user follow', async () => {
    const { token, id } = await newUser('pp-set@example.com');
    let status = await call(s.app, 'GET', '/withdraw/status', { token });
    expect(status.data).toMatchObject({ hasPayPassword: false, manualReview: false, block: { reason: 'noPayPassword', link: '/login/resetWithdrawPassword' } });

    const r = await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: '418263' } });
    expect(r).toMatchObject({ code: 0, data: null });

    const row = await userRow(id);
    expect(row.pay_password_hash).not.toBeNull();
    expect(row.pay_password_hash).not.toContain('418263');
    expect(await verifyPay('418263', row.pay_password_hash!)).toBe(true);
    expect(Number(row.pay_password_changed_at)).toBe(s.clock.now());
    expect(Number(row.pay_failures)).toBe(0);

    status = await call(s.app, 'GET', '/withdraw/status', { token });
    // a new withdrawal password sends new withdrawals to manual review for a while
    expect(status.data).toMatchObject({ hasPayPassword: true, manualReview: true, block: null });
    const info = await call(s.app, 'GET', '/user/getUserInfo', { token });
    expect(info.data.userInfo.hasPayPassword).toBe(true);
  });

  it('changes it, resets the wrong-password count, and restarts the manual-review window', async () => {
    const { token, id } = await newUser('pp-change@example.com');
    await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: '503817' } });
    await s.app.db.updateTable('users').set({ pay_failures: 3 }).where('id', '=', id).execute();
    s.clock.advance(100 * 3_600_000);
    expect((await call(s.app, 'GET', '/withdraw/status', { token })).data.manualReview).toBe(false);

    const r = await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, oldPassword: '503817', password: '926140' } });
    expect(r.code, r.msg).toBe(0);
    const row = await userRow(id);
    expect(await verifyPay('926140', row.pay_password_hash!)).toBe(true);
    expect(await verifyPay('503817', row.pay_password_hash!)).toBe(false);
    expect(Number(row.pay_failures)).toBe(0);
    expect(Number(row.pay_password_changed_at)).toBe(s.clock.now());
    expect((await call(s.app, 'GET', '/withdraw/status', { token })).data.manualReview).toBe(true);
  });

  it('a change takes the current withdrawal password: missing is a validation error, wrong is 4012 under oldPassword, and nothing changes', async () => {
    const { token, id } = await newUser('pp-old@example.com');
    expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: '503817' } })).code).toBe(0);
    const before = await userRow(id);
    const missing = await call(s.app, 'POST', '/user/changePayPassword', { token, lang: 'de', body: { loginPassword: LOGIN, password: '926140' } });
    expect(missing).toMatchObject({ code: 7, msg: msg('de', 'payPassword.oldRequired'), data: { field: 'oldPassword' } });
    const wrong = await call(s.app, 'POST', '/user/changePayPassword', { token, lang: 'de', body: { loginPassword: LOGIN, oldPassword: '503818', password: '926140' } });
    expect(wrong).toMatchObject({ code: 4012, msg: msg('de', 'errors.4012'), data: { field: 'oldPassword' } });
    for (const oldPassword of ['50381', 503817, { pin: '503817' }, '9'.repeat(100_000)]) {
      const malformed = await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, oldPassword, password: '926140' } });
      expect(malformed, JSON.stringify(oldPassword).slice(0, 20)).toMatchObject({ code: 7, msg: msg('en', 'payPassword.length'), data: { field: 'oldPassword' } });
    }
    expect(await userRow(id)).toEqual(before);
    // the login password is checked first: a wrong one says nothing about the withdrawal password
    const both = await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: 'guessed-1', oldPassword: '503818', password: '926140' } });
    expect(both).toMatchObject({ code: 4011, data: { field: 'loginPassword' } });
    expect(await userRow(id)).toEqual(before);
  });

  it('of two changes sent at once with the right current password, one is made and the other is refused with 4012', async () => {
    const { token, id } = await newUser('pp-race@example.com');
    expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: '503817' } })).code).toBe(0);
    const [a, b] = await Promise.all(
      ['926140', '264810'].map((password) => call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, oldPassword: '503817', password } })),
    );
    expect([a.code, b.code].sort()).toEqual([0, 4012]);
    const winner = a.code === 0 ? '926140' : '264810';
    expect(await verifyPay(winner, (await userRow(id)).pay_password_hash!)).toBe(true);
  });

  it('a stolen session alone cannot set or change it: a wrong login password is 4011 under loginPassword and changes nothing', async () => {
    const { token, id } = await newUser('pp-stolen@example.com');
    await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: '357092' } });
    const before = await userRow(id);
    const r = await call(s.app, 'POST', '/user/changePayPassword', { token, lang: 'de', body: { loginPassword: 'guessed-1', oldPassword: '357092', password: '864215' } });
    expect(r).toMatchObject({ code: 4011, msg: msg('de', 'errors.4011'), data: { field: 'loginPassword' } });
    expect(await userRow(id)).toEqual(before);
    // without the login password at all it is a validation error, before anything runs
    const none = await call(s.app, 'POST', '/user/changePayPassword', { token, body: { password: '864215' } });
    expect(none).toMatchObject({ code: 7, msg: msg('en', 'payPassword.loginPasswordRequired'), data: { field: 'loginPassword' } });
    expect(await userRow(id)).toEqual(before);
  });

  it('limits attempts per user (4024 after five in 15 minutes), so login passwords cannot be guessed fast', async () => {
    const { token, id } = await newUser('pp-limit@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: `guess-${i}`, password: '864215' } })).code).toBe(4011);
    }
    const sixth = await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: '357092' } });
    expect(sixth).toMatchObject({ code: 4024, msg: msg('en', 'checks.retryAfterMinutes', { minutes: 15 }) });
    expect((await userRow(id)).pay_password_hash).toBeNull();
    s.clock.advance(15 * 60_000 + 1);
    expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: '357092' } })).code).toBe(0);
  });

  it('refuses bad input with a valid session, with the screen messages, and writes nothing', async () => {
    const { token, id } = await newUser('pp-bad@example.com');
    const cases: [unknown, string, string][] = [
      [{ loginPassword: LOGIN }, 'password', 'payPassword.required'],
      [{ loginPassword: LOGIN, password: '12345' }, 'password', 'payPassword.length'],
      [{ loginPassword: LOGIN, password: '1234567' }, 'password', 'payPassword.length'],
      [{ loginPassword: LOGIN, password: 'fund-pass' }, 'password', 'payPassword.length'],
      [{ loginPassword: LOGIN, password: '12345a' }, 'password', 'payPassword.length'],
      [{ loginPassword: LOGIN, password: '１２３４５６' }, 'password', 'payPassword.length'],
      [{ loginPassword: LOGIN, password: 123456 }, 'password', 'validation.invalid'],
      [{ loginPassword: '', password: '418263' }, 'loginPassword', 'payPassword.loginPasswordRequired'],
      [{ loginPassword: LOGIN, password: '418263', confirmPassword: '418263' }, 'confirmPassword', 'validation.unknownField'],
      [{ loginPassword: LOGIN, password: '418263', uid: 1 }, 'uid', 'validation.unknownField'],
    ];
    for (const [body, field, key] of cases) {
      const r = await call(s.app, 'POST', '/user/changePayPassword', { token, body, lang: 'jp' });
      expect(r, JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('jp', key), data: { field } });
    }
    const row = await userRow(id);
    expect(row.pay_password_hash).toBeNull();
    expect(row.pay_password_changed_at).toBeNull();
  });

  it('needs a session', async () => {
    expect((await call(s.app, 'POST', '/user/changePayPassword', { body: { loginPassword: LOGIN, password: '418263' } })).code).toBe(4015);
  });
});
