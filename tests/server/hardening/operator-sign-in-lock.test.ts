// Issue 40 items 1 and 4 for operators: failed sign-ins lock the operator for the address they
// come from only, so a stranger who knows an operator's name cannot keep them out of the back
// office; past CAPTCHA_AFTER failures from one address each further attempt from it must first
// solve an image captcha (the customers' extra step); the operator is told of the failures on
// their next sign-in; the lock is written to the audit trail once per period; 20 parallel wrong
// sign-ins from one address get at most five passwords checked (each attempt is reserved before
// hashing).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/core/config.ts';
import { CAPTCHA_AFTER, FAILURES_AUDITED } from '../../../server/backoffice/sign-in-lock.ts';
import * as password from '../../../server/platform/security/password.ts';
import { call, msg, newCaptcha, startServer, type TestServer } from '../helpers.ts';
import { freshCode, operator, type SignedInOperator } from '../backoffice/operators.ts';

const LOCK = DEFAULT_RATE_LIMITS.adminLoginPerName;
let s: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await s?.app.close();
  s = undefined;
});

const login = (op: SignedInOperator, ip: string, pass = op.password, captcha: { captcha?: string; captchaId?: string } = {}) =>
  call(s!.app, 'POST', '/admin/login', { body: { name: op.name, password: pass, totp: freshCode(s!, op.secret), ...captcha }, ip, lang: 'de' });
const lockAudits = () => s!.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'operator.signInLocked').execute();
const failureAudits = () => s!.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'operator.signInFailed').execute();

describe('operator sign-in locks per source address', () => {
  it('failures from many addresses do not keep the operator out; the locked address is refused; the lock is audited once', async () => {
    s = await startServer({ scheduler: false, rateLimits: { adminLoginPerName: LOCK } });
    const erin = await operator(s, 'erin', ['support']);
    for (let i = 0; i < 12; i++) expect((await login(erin, `10.40.1.${i + 1}`, 'wrong-password')).code).toBe(4101);
    expect((await login(erin, '10.40.2.1')).code).toBe(0);

    expect((await login(erin, '10.40.3.1', 'wrong-password')).code).toBe(4101);
    const firstAt = s.clock.now();
    for (let i = 1; i < CAPTCHA_AFTER; i++) expect((await login(erin, '10.40.3.1', 'wrong-password')).code).toBe(4101);
    for (let i = CAPTCHA_AFTER; i < LOCK.max - 1; i++) expect((await login(erin, '10.40.3.1', 'wrong-password', await newCaptcha(s.app))).code).toBe(4101);
    expect(await login(erin, '10.40.3.1', 'wrong-password', await newCaptcha(s.app))).toMatchObject({ code: 4102 });
    // the window slides: the lock ends a window after the first of these failures
    const minutes = Math.ceil((firstAt + LOCK.windowMs - s.clock.now()) / 60_000);
    expect(await login(erin, '10.40.3.1', 'wrong-password', await newCaptcha(s.app))).toMatchObject({ code: 4102, msg: msg('de', 'errors.4102', { minutes }) });
    expect((await login(erin, '10.40.3.1')).code).toBe(4102);
    expect((await login(erin, '10.40.2.1')).code).toBe(0);
    const audits = await lockAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target_id: 'erin', ip: '10.40.3.1' });

    // a second address locking itself in the same period is not written again
    for (let i = 0; i < LOCK.max; i++) await login(erin, '10.40.3.2', 'wrong-password', await newCaptcha(s.app));
    expect(await lockAudits()).toHaveLength(1);
    s.clock.advance(LOCK.windowMs);
    expect((await login(erin, '10.40.3.1')).code).toBe(0);
  }, 60_000);

  it('20 parallel wrong sign-ins from one address check at most the limit of passwords', async () => {
    s = await startServer({ scheduler: false, rateLimits: { adminLoginPerName: LOCK } });
    const finn = await operator(s, 'finn', ['support']);
    const verify = vi.spyOn(password, 'verifyPassword');
    const body = { name: 'finn', password: 'wrong-password', totp: freshCode(s, finn.secret) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(s!.app, 'POST', '/admin/login', { body, ip: '10.40.4.1' })));
    // those that come after the captcha threshold are asked for one (code 7) instead
    expect(verify.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(LOCK.max);
    expect(answers.every((a) => [4101, 4102, 7].includes(a.code))).toBe(true);
    expect(answers.filter((a) => a.code !== 4101).length).toBeGreaterThanOrEqual(20 - LOCK.max);
  }, 60_000);

  it('past the limit from one address asks that address for a captcha first; a wrong answer checks no password; others are not asked', async () => {
    s = await startServer({ scheduler: false, rateLimits: { adminLoginPerName: LOCK } });
    const gus = await operator(s, 'gus', ['support']);
    for (let i = 0; i < CAPTCHA_AFTER; i++) expect((await login(gus, '10.40.5.1', 'wrong-password')).code).toBe(4101);
    const verify = vi.spyOn(password, 'verifyPassword');
    // even with the right password: the extra step comes first
    expect(await login(gus, '10.40.5.1')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.signInNeedsCaptcha'),
      data: { field: 'captcha', captchaRequired: true },
    });
    const { captchaId } = await newCaptcha(s.app);
    expect(await login(gus, '10.40.5.1', gus.password, { captchaId, captcha: 'zz' })).toMatchObject({ code: 4005, data: { captchaRequired: true } });
    expect(verify).not.toHaveBeenCalled();
    // another address is not asked
    expect((await login(gus, '10.40.5.2')).code).toBe(0);
    // solved, the right password signs in, and the address starts again without a captcha
    expect((await login(gus, '10.40.5.1', gus.password, await newCaptcha(s.app))).code).toBe(0);
    expect((await login(gus, '10.40.5.1', 'wrong-password')).code).toBe(4101);
    // a captcha is good once
    const once = await newCaptcha(s.app);
    for (let i = 1; i < CAPTCHA_AFTER; i++) expect((await login(gus, '10.40.5.1', 'wrong-password')).code).toBe(4101);
    expect((await login(gus, '10.40.5.1', 'wrong-password', once)).code).toBe(4101);
    expect((await login(gus, '10.40.5.1', gus.password, once)).code).toBe(4005);
  }, 60_000);

  it("the next sign-in answers the failed sign-ins since the operator's last one, with addresses and times", async () => {
    s = await startServer({ scheduler: false, rateLimits: { adminLoginPerName: LOCK } });
    const hal = await operator(s, 'hal', ['support']);
    const tried: { ip: string; at: string }[] = [];
    for (const ip of ['10.40.6.1', '10.40.6.2', '10.40.6.2']) {
      expect((await login(hal, ip, 'wrong-password')).code).toBe(4101);
      tried.unshift({ ip, at: new Date(s.clock.now()).toISOString() });
    }
    const signedIn = await login(hal, '10.40.6.9');
    expect(signedIn).toMatchObject({ code: 0, data: { failedSignIns: tried, failedSignInCount: 3 } });
    // told once: the sign-in after that has nothing new
    expect((await login(hal, '10.40.6.9')).data).toMatchObject({ failedSignIns: [], failedSignInCount: 0 });
    // an unknown name and a wrong code count for nobody else
    await call(s.app, 'POST', '/admin/login', { body: { name: 'nobody', password: 'x', totp: '123456' }, ip: '10.40.6.3' });
    expect((await login(hal, '10.40.6.9')).data.failedSignInCount).toBe(0);
  }, 60_000);

  it('a flood from many addresses writes a bounded number of audit rows', async () => {
    s = await startServer({ scheduler: false, rateLimits: { adminLoginPerName: LOCK } });
    const ida = await operator(s, 'ida', ['support']);
    for (let i = 0; i < FAILURES_AUDITED + 10; i++) expect((await login(ida, `10.41.${i}.1`, 'wrong-password')).code).toBe(4101);
    expect(await failureAudits()).toHaveLength(FAILURES_AUDITED);
    const told = await login(ida, '10.40.7.1');
    expect(told.data.failedSignInCount).toBe(FAILURES_AUDITED);
    expect(told.data.failedSignIns).toHaveLength(20);
  }, 60_000);
});
