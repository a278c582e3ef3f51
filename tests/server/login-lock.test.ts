// Issue 20 item 6: failed logins lock an account for the address they come from only, so someone
// who knows an email address cannot keep its owner out; the owner is told once per lock period.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/core/config.ts';
import { DEMO_EMAIL, DEMO_INVITATION_CODE, DEMO_PASSWORD } from '../../server/composition/seed.ts';
import { call, count, login, msg, newCaptcha, sendPhoneCode, startServer, type TestServer } from './helpers.ts';

const LOCK = DEFAULT_RATE_LIMITS.loginPerAccount;

let t: TestServer | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

async function failLogins(username: string, ip: string, times = LOCK.max): Promise<void> {
  for (let i = 0; i < times; i++) expect((await login(t!.app, username, 'wrong-pass-123', { ip })).code).toBe(4002);
}

const messagesTo = (target: string) => t!.app.db.selectFrom('outbox').select(['channel', 'body']).where('target', '=', target).orderBy('id').execute();

describe('failed logins lock an account per source address', () => {
  it('10 failures from A do not stop the right password from B; A is locked; the owner is told once', async () => {
    t = await startServer({ rateLimits: { loginPerAccount: LOCK } });
    await failLogins(DEMO_EMAIL, '10.7.0.1');
    const locked = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, { ip: '10.7.0.1', lang: 'de' });
    expect(locked).toMatchObject({ code: 4024, msg: msg('de', 'checks.retryAfterMinutes', { minutes: 15 }), data: { retryAfter: 900 } });

    expect((await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, { ip: '10.7.0.2' })).code).toBe(0);

    const told = await messagesTo(DEMO_EMAIL);
    expect(told).toHaveLength(1);
    expect(told[0].channel).toBe('email');
    expect(told[0].body).toBe(
      '10 failed sign-in attempts to your CoinApp account from 10.7.0.1 at 2025-01-15 12:00 UTC. Sign-in from that address is paused for 15 minutes. If it was not you, change your password now.',
    );

    // more refused attempts from A, and another address locking itself, tell the owner nothing more in the period
    expect((await login(t.app, DEMO_EMAIL, 'wrong-pass-123', { ip: '10.7.0.1' })).code).toBe(4024);
    await failLogins(DEMO_EMAIL, '10.7.0.3');
    expect(await messagesTo(DEMO_EMAIL)).toHaveLength(1);

    // a lock after the period is a new one
    t.clock.advance(LOCK.windowMs + 1);
    await failLogins(DEMO_EMAIL, '10.7.0.1');
    expect(await messagesTo(DEMO_EMAIL)).toHaveLength(2);
    // and a success from A clears A's failures
    t.clock.advance(LOCK.windowMs + 1);
    await failLogins(DEMO_EMAIL, '10.7.0.1', LOCK.max - 1);
    expect((await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, { ip: '10.7.0.1' })).code).toBe(0);
    await failLogins(DEMO_EMAIL, '10.7.0.1', LOCK.max - 1);
  });

  it('an unknown account answers the same and nobody is told', async () => {
    t = await startServer({ rateLimits: { loginPerAccount: LOCK } });
    const before = await count(t.app, 'outbox');
    await failLogins('ghost@example.com', '10.7.1.1');
    expect(await login(t.app, 'ghost@example.com', 'wrong-pass-123', { ip: '10.7.1.1' })).toMatchObject({ code: 4024, data: { retryAfter: 900 } });
    expect(await count(t.app, 'outbox')).toBe(before);
  });

  it('an account with only a mobile number is told by SMS', async () => {
    t = await startServer({ rateLimits: { loginPerAccount: { max: 3, windowMs: LOCK.windowMs } } });
    const smsCode = await sendPhoneCode(t.app, '7400123456', '+44');
    const body = { phone: '7400123456', countryCode: '+44', smsCode, passWord: 'Secret-pass-123', invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(t.app)) };
    expect((await call(t.app, 'POST', '/base/registerUser', { body })).code).toBe(0);
    await failLogins('+447400123456', '10.7.2.1', 3);
    const told = await messagesTo('+44 7400123456');
    expect(told.map((m) => m.channel)).toEqual(['sms', 'sms']);
    expect(told[1].body).toMatch(/^\[CoinApp\] 3 failed sign-ins from 10\.7\.2\.1 at \d{4}-\d\d-\d\d \d\d:\d\d UTC; that address is paused 15 min\. Not you\? Change your password\.$/);
    expect(told[1].body.length).toBeLessThanOrEqual(160);
  });
});
