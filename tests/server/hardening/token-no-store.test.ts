// Issue 40 item 5: the answers that carry a token (login, registration, the second step, the
// operator sign-in) say Cache-Control: no-store, as every signed-in answer does, refused or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_INVITATION_CODE, DEMO_PASSWORD } from '../../../server/composition/seed.ts';
import { createOperator } from '../../../server/platform/operators/operators.ts';
import { totpCode } from '../../../server/platform/security/totp.ts';
import { newCaptcha, sendEmailCode, startServer, type TestServer } from '../helpers.ts';
import { secretOf } from '../backoffice/operators.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ scheduler: false });
});
afterAll(() => s.app.close());

async function post(path: string, payload: object) {
  const res = await s.app.inject({ method: 'POST', url: `/api${path}`, payload });
  return { cacheControl: res.headers['cache-control'], body: res.json() as { code: number; data: { token?: string; ticket?: string } } };
}

describe('answers carrying a token are not cached', () => {
  it('login, registration, the second step and the operator sign-in, right or refused', async () => {
    const login = await post('/base/login', { username: DEMO_EMAIL, password: DEMO_PASSWORD, ...(await newCaptcha(s.app)) });
    expect(login.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(login.cacheControl).toBe('no-store');
    expect((await post('/base/login', { username: DEMO_EMAIL, password: 'wrong-pass-123', ...(await newCaptcha(s.app)) })).cacheControl).toBe('no-store');

    const email = 'nostore@example.com';
    const emailCode = await sendEmailCode(s.app, email);
    const register = await post('/base/registerUser', {
      email,
      emailCode,
      passWord: 'Secret-pass-123',
      invitationCode: DEMO_INVITATION_CODE,
      ...(await newCaptcha(s.app)),
    });
    expect(register.body.code).toBe(0);
    expect(register.cacheControl).toBe('no-store');

    const second = await post('/base/loginSecondFactor', { ticket: 'a'.repeat(64), code: '123456' });
    expect(second.body.code).toBe(7);
    expect(second.cacheControl).toBe('no-store');

    const made = await createOperator(s.app.db, 'nina', ['support'], s.clock.now());
    s.clock.advance(30_000);
    const admin = await post('/admin/login', { name: 'nina', password: made.password, totp: totpCode(secretOf(made.totp), s.clock.now()) });
    expect(admin.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(admin.cacheControl).toBe('no-store');
  });
});
