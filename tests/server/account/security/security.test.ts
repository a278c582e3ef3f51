// Customer account security (issue 25): the authenticator, recovery codes, the sign-in second
// step, what a code guards, the sign-in history and the self-service freeze.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../../../../server/platform/security/totp.ts';
import { openSecret } from '../../../../server/platform/security/secret-box.ts';
import { serverSecret } from '../../../../server/platform/security/secret-key.ts';
import { freeze, unfreeze } from '../../../../server/ops/commands.ts';
import { call, lastMessageTo, login, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

const EMAIL = 'totp@example.com';
const PASSWORD = 'Secret-pass-123';
const UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';

let s: TestServer;
let token: string;
let userId: number;

beforeEach(async () => {
  s = await startServer();
  const r = await registerByEmail(s.app, EMAIL, PASSWORD);
  token = r.token;
  userId = r.user.ID;
});
afterEach(async () => s.app.close());

const code = () => totpCode(secret, s.clock.now());
let secret = '';

async function turnOn(): Promise<string[]> {
  const setup = await call(s.app, 'POST', '/user/totp/setup', { token });
  expect(setup.code, setup.msg).toBe(0);
  secret = setup.data.secret;
  expect(setup.data.otpauthUrl).toContain(`secret=${secret}`);
  const on = await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: code() } });
  expect(on.code, on.msg).toBe(0);
  return on.data.recoveryCodes;
}

/** Password step of a sign-in, then the ticket. */
async function passwordStep(o = {}): Promise<string> {
  const r = await login(s.app, EMAIL, PASSWORD, { userAgent: UA, ...o });
  expect(r.code, r.msg).toBe(0);
  expect(r.data.token).toBeUndefined();
  expect(r.data.secondFactor).toEqual(['totp', 'recovery']);
  return r.data.ticket;
}

describe('authenticator setup', () => {
  it('stores the secret sealed, gives ten recovery codes once, and shows as on', async () => {
    const codes = await turnOn();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const row = await s.app.db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row.secret_box).not.toContain(secret);
    expect(openSecret(serverSecret(s.dataDir).subkey('totp-secret'), row.secret_box)).toBe(secret);
    const status = await call(s.app, 'GET', '/user/securityStatus', { token });
    expect(status.data).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: 0 });
    // a second setup while on is refused and writes nothing
    const again = await call(s.app, 'POST', '/user/totp/setup', { token, lang: 'de' });
    expect(again.code).toBe(7);
    expect(again.msg).toBe(msg('de', 'security.totpAlreadyOn'));
    const after = await s.app.db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(after.secret_box).toBe(row.secret_box);
  });

  it('refuses a wrong, malformed or old-secret code, and enabling without a setup', async () => {
    const none = await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: '123456' } });
    expect(none.msg).toBe(msg(undefined, 'security.totpNotStarted'));
    const first = (await call(s.app, 'POST', '/user/totp/setup', { token })).data.secret;
    const second = (await call(s.app, 'POST', '/user/totp/setup', { token })).data.secret;
    expect(second).not.toBe(first);
    // a code of the replaced secret does not turn the authenticator on
    const old = await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: totpCode(first, s.clock.now()) } });
    expect(old.code).toBe(7);
    expect(old.data.field).toBe('totp');
    for (const bad of ['12345', 'abcdef', '１２３４５６']) {
      const r = await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: bad } });
      expect(r.code, bad).toBe(7);
      expect(r.msg).toBe(msg(undefined, 'security.codeFormat'));
    }
    const oversized = await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: '1'.repeat(5000) } });
    expect(oversized.code).toBe(7);
    const nested = await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: { a: { b: { c: [1] } } } } });
    expect(nested.code).toBe(7);
    expect((await call(s.app, 'GET', '/user/securityStatus', { token })).data.totp).toBe(false);
  });
});

describe('sign-in with a second step', () => {
  it('asks for a code after the password and finishes with it; the ticket and the code work once', async () => {
    await turnOn();
    s.clock.advance(30_000);
    const ticket = await passwordStep();
    const c = code();
    const done = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket, code: c } });
    expect(done.code, done.msg).toBe(0);
    expect(done.data.token).toMatch(/^[0-9a-f]{64}$/);
    const me = await call(s.app, 'GET', '/user/getUserInfo', { token: done.data.token });
    expect(me.code).toBe(0);
    // the same ticket again, and the same code with a new ticket
    const replay = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket, code: c } });
    expect(replay.msg).toBe(msg(undefined, 'security.ticketExpired'));
    const ticket2 = await passwordStep();
    const reused = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket: ticket2, code: c } });
    expect(reused.msg).toBe(msg(undefined, 'security.codeUsed', { remaining: 4 }));
  });

  it('accepts the previous and next 30 s windows but not older ones, and expires the ticket after 5 minutes', async () => {
    await turnOn();
    s.clock.advance(60_000);
    const previous = totpCode(secret, s.clock.now() - 30_000);
    const ok = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket: await passwordStep(), code: previous } });
    expect(ok.code, ok.msg).toBe(0);
    s.clock.advance(90_000);
    const tooOld = totpCode(secret, s.clock.now() - 60_000);
    const old = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket: await passwordStep(), code: tooOld } });
    expect(old.msg).toBe(msg(undefined, 'security.ticketCodeWrong', { remaining: 4 }));
    const ticket = await passwordStep();
    s.clock.advance(5 * 60_000 + 1);
    const late = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket, code: code() } });
    expect(late.msg).toBe(msg(undefined, 'security.ticketExpired'));
  });

  it('refuses a ticket from another device or address', async () => {
    await turnOn();
    s.clock.advance(30_000);
    const ticket = await passwordStep();
    const other = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, ip: '203.0.113.9', body: { ticket, code: code() } });
    expect(other.msg).toBe(msg(undefined, 'security.ticketExpired'));
    const malformed = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket: 'x'.repeat(64), code: code() } });
    expect(malformed.msg).toBe(msg(undefined, 'security.ticketExpired'));
  });

  it('takes five wrong codes per ticket, then asks for the password again; a new ticket takes the right code', async () => {
    await turnOn();
    s.clock.advance(30_000);
    const ticket = await passwordStep();
    const wrong = code() === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket, code: wrong } });
      expect(r.msg).toBe(msg(undefined, 'security.ticketCodeWrong', { remaining: 5 - i }));
    }
    const fifth = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket, code: wrong } });
    expect(fifth.msg).toBe(msg(undefined, 'security.ticketCodesUsedUp'));
    const right = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket, code: code() } });
    expect(right.msg).toBe(msg(undefined, 'security.ticketCodesUsedUp'));
    expect(await s.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
    const later = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket: await passwordStep(), code: code() } });
    expect(later.code, later.msg).toBe(0);
  });

  it('takes each recovery code once', async () => {
    const codes = await turnOn();
    const first = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket: await passwordStep(), code: codes[3].toUpperCase() } });
    expect(first.code, first.msg).toBe(0);
    const again = await call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket: await passwordStep(), code: codes[3] } });
    expect(again.msg).toBe(msg(undefined, 'security.ticketCodeWrong', { remaining: 4 }));
    expect((await call(s.app, 'GET', '/user/securityStatus', { token: first.data.token })).data.recoveryCodesLeft).toBe(9);
  });
});

describe('under attack', () => {
  it('two second steps sent at once with one ticket and code make one session', async () => {
    await turnOn();
    s.clock.advance(30_000);
    const ticket = await passwordStep();
    const c = code();
    const both = await Promise.all([0, 1].map(() => call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, body: { ticket, code: c } })));
    expect(both.map((r) => r.code).sort()).toEqual([0, 7]);
    const sessions = await s.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    expect(sessions).toHaveLength(1);
  });

  it('limits code checks per address', async () => {
    await s.app.close();
    s = await startServer({ rateLimits: { codeCheckPerIp: { max: 3, windowMs: 60_000 } } });
    token = (await registerByEmail(s.app, EMAIL, PASSWORD)).token;
    await call(s.app, 'POST', '/user/totp/setup', { token });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: '000000' } })).code);
    expect(answers).toEqual([7, 7, 7, 4024]);
  });
});

describe('what the code guards', () => {
  it('turning the authenticator off takes a code', async () => {
    await turnOn();
    s.clock.advance(30_000);
    const missing = await call(s.app, 'POST', '/user/totp/disable', { token, body: {} });
    expect(missing.code).toBe(7);
    const wrong = await call(s.app, 'POST', '/user/totp/disable', { token, body: { totp: code() === '000000' ? '111111' : '000000' } });
    expect(wrong.code).toBe(7);
    expect((await call(s.app, 'GET', '/user/securityStatus', { token })).data.totp).toBe(true);
    const off = await call(s.app, 'POST', '/user/totp/disable', { token, body: { totp: code() } });
    expect(off.code, off.msg).toBe(0);
    expect((await call(s.app, 'GET', '/user/securityStatus', { token })).data).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
    const r = await login(s.app, EMAIL, PASSWORD);
    expect(r.data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a withdrawal password change and a new address need the code while it is on', async () => {
    await turnOn();
    s.clock.advance(30_000);
    const status = await call(s.app, 'GET', '/withdraw/status', { token });
    expect(status.data.totp).toBe(true);
    const body = { loginPassword: PASSWORD, password: '135790' };
    const without = await call(s.app, 'POST', '/user/changePayPassword', { token, body });
    expect(without.code).toBe(7);
    expect(without.data.field).toBe('totp');
    expect(without.msg).toBe(msg(undefined, 'security.codeRequired'));
    const user = await s.app.db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.pay_password_hash).toBeNull();
    const withCode = await call(s.app, 'POST', '/user/changePayPassword', { token, body: { ...body, totp: code() } });
    expect(withCode.code, withCode.msg).toBe(0);
  });

  it('a login password change needs the code while it is on, and changes nothing without it', async () => {
    const body = { password: PASSWORD, newPassword: 'a-better-passphrase' };
    const before = await s.app.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
    await turnOn();
    s.clock.advance(30_000);
    const without = await call(s.app, 'POST', '/user/changePassword', { token, body, lang: 'de' });
    expect(without).toMatchObject({ code: 7, msg: msg('de', 'security.codeRequired'), data: { field: 'totp' } });
    const wrong = await call(s.app, 'POST', '/user/changePassword', { token, body: { ...body, totp: code() === '000000' ? '111111' : '000000' } });
    expect(wrong).toMatchObject({ code: 7, data: { field: 'totp' } });
    expect(await s.app.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).toEqual(before);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token })).code).toBe(0);
    const withCode = await call(s.app, 'POST', '/user/changePassword', { token, body: { ...body, totp: code() } });
    expect(withCode.code, withCode.msg).toBe(0);
    expect((await login(s.app, EMAIL, 'a-better-passphrase')).data.secondFactor).toEqual(['totp', 'recovery']);
  });
});

describe('sign-in history and alerts', () => {
  it('lists sign-ins and failed attempts, newest first, and alerts on a new device with a freeze link', async () => {
    expect((await login(s.app, EMAIL, PASSWORD, { userAgent: UA })).code).toBe(0);
    expect((await login(s.app, EMAIL, 'Wrong-pass-999', { userAgent: UA })).code).not.toBe(0);
    const before = await s.app.db.selectFrom('outbox').select('id').execute();
    const fresh = await login(s.app, EMAIL, PASSWORD, {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile/15E148 Safari/604.1',
      ip: '198.51.100.7',
      lang: 'de',
    });
    expect(fresh.code).toBe(0);
    const history = await call(s.app, 'GET', '/user/signins', { token: fresh.data.token });
    expect(history.data.list.map((e: { result: string }) => e.result)).toEqual(['ok', 'badPassword', 'ok']);
    expect(history.data.list[0]).toMatchObject({ device: 'Safari · iOS', ip: '198.51.100.7', method: 'password' });
    const alerts = await s.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', 'not in', before.length ? before.map((b) => b.id) : [0])
      .execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0].body).toContain('Safari · iOS');
    // in the language the sign-in asked for
    expect(alerts[0].body).toContain(msg('de', 'security.alertEmail').split('{{when}}')[0]);
    const link = /token=([0-9a-f]{64})/.exec(alerts[0].body)![1];
    // the one-tap link freezes the account and ends every session
    const frozen = await call(s.app, 'POST', '/base/freezeAccount', { body: { token: link } });
    expect(frozen.code, frozen.msg).toBe(0);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: fresh.data.token })).code).not.toBe(0);
    expect(await s.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect((await login(s.app, EMAIL, PASSWORD, { userAgent: UA })).code).toBe(4008);
    const again = await call(s.app, 'POST', '/base/freezeAccount', { body: { token: link } });
    expect(again.msg).toBe(msg(undefined, 'security.freezeLinkBad'));
  });
});

describe('self-service freeze', () => {
  it('needs the login password, ends every session and blocks sign-in; an audit row says who', async () => {
    token = (await login(s.app, EMAIL, PASSWORD)).data.token;
    const wrong = await call(s.app, 'POST', '/user/freeze', { token, body: { password: 'nope-nope-1' } });
    expect(wrong.code).not.toBe(0);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token })).code).toBe(0);
    const r = await call(s.app, 'POST', '/user/freeze', { token, body: { password: PASSWORD } });
    expect(r.code, r.msg).toBe(0);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token })).code).not.toBe(0);
    expect(await s.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect((await login(s.app, EMAIL, PASSWORD)).code).toBe(4008);
    const audit = await s.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.selfFreeze').execute();
    expect(audit).toHaveLength(1);
    const row = await s.app.db.selectFrom('users').select(['frozen', 'self_frozen_at']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(Number(row.frozen)).toBe(1);
    expect(Number(row.self_frozen_at)).toBe(s.clock.now());
  });

  it('a sign-in after a self-freeze says the customer froze it and how to lift it; an operator freeze keeps the catalogue message', async () => {
    token = (await login(s.app, EMAIL, PASSWORD)).data.token;
    expect((await call(s.app, 'POST', '/user/freeze', { token, body: { password: PASSWORD } })).code).toBe(0);
    for (const lang of [undefined, 'de']) {
      const r = await login(s.app, EMAIL, PASSWORD, { lang });
      expect(r).toMatchObject({ code: 4008, msg: msg(lang, 'security.selfFrozenSignIn') });
      expect(r.msg).not.toBe(msg(lang, 'errors.4008'));
    }
    await unfreeze(s.app.db, String(userId));
    await freeze(s.app.db, String(userId));
    expect(await login(s.app, EMAIL, PASSWORD)).toMatchObject({ code: 4008, msg: msg(undefined, 'errors.4008') });
  });

  it('confirms the freeze in the language the freeze asked for, English without one', async () => {
    token = (await login(s.app, EMAIL, PASSWORD)).data.token;
    const r = await call(s.app, 'POST', '/user/freeze', { token, lang: 'de-DE', body: { password: PASSWORD } });
    expect(r.code, r.msg).toBe(0);
    const sent = await lastMessageTo(s.app, EMAIL);
    expect(sent).toContain(msg('de-DE', 'security.frozenNotice'));
    expect(msg('de-DE', 'security.frozenNotice')).not.toBe(msg(undefined, 'security.frozenNotice'));
    // a freeze without a lang header is confirmed in English
    const other = await registerByEmail(s.app, 'freeze-en@example.com', PASSWORD);
    expect((await call(s.app, 'POST', '/user/freeze', { token: other.token, body: { password: PASSWORD } })).code).toBe(0);
    const en = await lastMessageTo(s.app, 'freeze-en@example.com');
    expect(en).toContain(msg(undefined, 'security.frozenNotice'));
  });
});
