// POST /user/changePassword: the current password is required (4011 when wrong), the new one
// is 8–64 characters and differs; afterwards the session ends at once, the new password logs in,
// and withdrawals are blocked for 24 hours with that reason and end time (spec §4, §9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDeposit } from '../../server/composition/money.ts';
import { call, clock, login, msg, registerByEmail, startServer, type TestServer, verifyIdentity } from './helpers.ts';

const c = clock();
let s: TestServer;
const EMAIL = 'change-pw@example.com';
const OLD = 'Secret-pass-123';
const NEW = 'a-better-passphrase';

beforeAll(async () => {
  s = await startServer({ scheduler: false }, c);
});
afterAll(() => s.app.close());

const change = (token: string, body: unknown, lang?: string) => call(s.app, 'POST', '/user/changePassword', { token, body, lang });
const hashOf = async () => (await s.app.db.selectFrom('users').select(['password_hash', 'password_changed_at']).where('email', '=', EMAIL).executeTakeFirstOrThrow());

describe('POST /user/changePassword', () => {
  let token = '';

  it('refuses a wrong current password (4011 under its field), a short, long or unchanged new one, and changes nothing', async () => {
    const account = await registerByEmail(s.app, EMAIL, OLD);
    token = account.token;
    await adminDeposit(s.app.db, account.user.ID, 'USDT', '100', c.now());
    await verifyIdentity(s.app.db, account.user.ID);
    const before = await hashOf();
    const cases: [unknown, number, string, string][] = [
      [{ password: 'not-it-at-all', newPassword: NEW }, 4011, 'password', 'errors.4011'],
      [{ password: OLD, newPassword: 'short7!' }, 7, 'newPassword', 'validation.passwordLength'],
      [{ password: OLD, newPassword: 'x'.repeat(65) }, 7, 'newPassword', 'validation.passwordLength'],
      [{ password: OLD, newPassword: 'password1' }, 7, 'newPassword', 'validation.passwordCommon'],
      [{ password: OLD, newPassword: OLD }, 7, 'newPassword', 'changePassword.sameAsOld'],
      [{ password: OLD }, 7, 'newPassword', 'changePassword.newRequired'],
      [{ password: OLD, newPassword: 12345678 }, 7, 'newPassword', 'validation.invalid'],
    ];
    for (const [body, code, field, key] of cases) {
      const r = await change(token, body, 'de');
      expect(r, JSON.stringify(body)).toMatchObject({ code, msg: msg('de', key), data: { field } });
    }
    expect(await hashOf()).toEqual(before);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token })).code).toBe(0);
  });

  it('ends the session at once; the new password logs in; withdrawals are blocked for 24 hours with the end time', async () => {
    const pay = await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: OLD, password: '739204' } });
    expect(pay.code, pay.msg).toBe(0);
    const r = await change(token, { password: OLD, newPassword: NEW });
    expect(r.code, r.msg).toBe(0);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token })).code).not.toBe(0);
    expect((await login(s.app, EMAIL, OLD)).code).not.toBe(0);
    const again = await login(s.app, EMAIL, NEW);
    expect(again.code, again.msg).toBe(0);
    const status = await call(s.app, 'GET', '/withdraw/status', { token: again.data.token });
    expect(status.data.block).toEqual({ reason: 'passwordChanged', until: c.now() + 24 * 3_600_000, link: null });
    const refused = await call(s.app, 'POST', '/withdraw/createWithdraw', {
      token: again.data.token,
      lang: 'en',
      body: { num: '20', czline: 'TRC20', address: 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9', coinname: 'USDT', coin_id: 1, pay_password: '739204' },
    });
    expect(refused).toMatchObject({ code: 7, msg: msg('en', 'funds.block.passwordChanged', { until: '2025-01-16 12:00 UTC' }) });
    c.advance(24 * 3_600_000);
    expect((await call(s.app, 'GET', '/withdraw/status', { token: again.data.token })).data.block).not.toMatchObject({ reason: 'passwordChanged' });
  });
});
