// Issue 40 items 1 and 4 for operators: failed sign-ins lock the operator for the address they
// come from only, so a stranger who knows an operator's name cannot keep them out of the back
// office; the lock is written to the audit trail once per period; 20 parallel wrong sign-ins from
// one address get at most five passwords checked (each attempt is reserved before hashing).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/core/config.ts';
import * as password from '../../../server/platform/security/password.ts';
import { call, msg, startServer, type TestServer } from '../helpers.ts';
import { freshCode, operator, type SignedInOperator } from '../backoffice/operators.ts';

const LOCK = DEFAULT_RATE_LIMITS.adminLoginPerName;
let s: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await s?.app.close();
  s = undefined;
});

const login = (op: SignedInOperator, ip: string, pass = op.password) =>
  call(s!.app, 'POST', '/admin/login', { body: { name: op.name, password: pass, totp: freshCode(s!, op.secret) }, ip, lang: 'de' });
const lockAudits = () => s!.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'operator.signInLocked').execute();

describe('operator sign-in locks per source address', () => {
  it('failures from many addresses do not keep the operator out; the locked address is refused; the lock is audited once', async () => {
    s = await startServer({ scheduler: false, rateLimits: { adminLoginPerName: LOCK } });
    const erin = await operator(s, 'erin', ['support']);
    for (let i = 0; i < 12; i++) expect((await login(erin, `10.40.1.${i + 1}`, 'wrong-password')).code).toBe(4101);
    expect((await login(erin, '10.40.2.1')).code).toBe(0);

    for (let i = 1; i < LOCK.max; i++) expect((await login(erin, '10.40.3.1', 'wrong-password')).code).toBe(4101);
    // the window slides: the first of these failures was 30 s a sign-in earlier
    const minutes = Math.ceil((LOCK.windowMs - (LOCK.max - 1) * 30_000) / 60_000);
    expect(await login(erin, '10.40.3.1', 'wrong-password')).toMatchObject({ code: 4102, msg: msg('de', 'errors.4102', { minutes }) });
    expect((await login(erin, '10.40.3.1')).code).toBe(4102);
    expect((await login(erin, '10.40.2.1')).code).toBe(0);
    const audits = await lockAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target_id: 'erin', ip: '10.40.3.1' });

    // a second address locking itself in the same period is not written again
    for (let i = 0; i < LOCK.max; i++) await login(erin, '10.40.3.2', 'wrong-password');
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
    expect(verify).toHaveBeenCalledTimes(LOCK.max);
    expect(answers.every((a) => a.code === 4101 || a.code === 4102)).toBe(true);
    expect(answers.filter((a) => a.code === 4102).length).toBeGreaterThanOrEqual(20 - LOCK.max);
  }, 60_000);
});
