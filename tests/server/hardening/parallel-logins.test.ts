// Issue 40 item 4: 20 parallel wrong logins for one account from one address used to have all 20
// passwords checked (the lock stopped at 10 only one by one). Each attempt is now counted before
// the password is hashed: at most the limit are checked, the rest answer 4024, the owner is told once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/core/config.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../../server/composition/seed.ts';
import * as password from '../../../server/platform/security/password.ts';
import { call, newCaptcha, startServer, type TestServer } from '../helpers.ts';

const LOCK = DEFAULT_RATE_LIMITS.loginPerAccount;
let s: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await s?.app.close();
  s = undefined;
});

describe('parallel wrong logins', () => {
  it('check at most the limit of passwords for one account and address', async () => {
    s = await startServer({ rateLimits: { loginPerAccount: LOCK } });
    const ip = '10.40.5.1';
    const captchas = await Promise.all(Array.from({ length: 20 }, () => newCaptcha(s!.app, ip)));
    const verify = vi.spyOn(password, 'verifyPassword');
    const answers = await Promise.all(
      captchas.map((c) => call(s!.app, 'POST', '/base/login', { ip, body: { username: DEMO_EMAIL, password: 'wrong-pass-123', ...c } })),
    );
    expect(verify).toHaveBeenCalledTimes(LOCK.max);
    expect(answers.filter((a) => a.code === 4002)).toHaveLength(LOCK.max);
    expect(answers.filter((a) => a.code === 4024)).toHaveLength(20 - LOCK.max);
    const told = await s.app.db.selectFrom('outbox').select('body').where('target', '=', DEMO_EMAIL).execute();
    expect(told).toHaveLength(1);

    // the right password from another address still signs in, and a success there forgets nothing of this one's lock
    const other = await call(s.app, 'POST', '/base/login', {
      ip: '10.40.5.2',
      body: { username: DEMO_EMAIL, password: DEMO_PASSWORD, ...(await newCaptcha(s.app, '10.40.5.2')) },
    });
    expect(other.code).toBe(0);
    const still = await call(s.app, 'POST', '/base/login', { ip, body: { username: DEMO_EMAIL, password: DEMO_PASSWORD, ...(await newCaptcha(s.app, ip)) } });
    expect(still.code).toBe(4024);
  }, 60_000);
});
