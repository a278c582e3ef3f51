// Issue 40 item 2: someone with a customer's password used to lock the owner out of every
// authenticator check (five wrong codes at the second step blocked code checks for 15 minutes from
// any address, recovery codes and open sessions included). Wrong codes at the second step now
// count per ticket and address, and authenticator guesses per account from outside; the owner's
// own session still takes a code, and an unused recovery code always signs in once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/core/config.ts';
import { totpCode } from '../../../server/platform/security/totp.ts';
import { call, login, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';

const EMAIL = 'lockout@example.com';
const PASSWORD = 'Secret-pass-123';
const UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
const ATTACKER = '203.0.113.66';
const OUTSIDE = DEFAULT_RATE_LIMITS.codeCheckPerAccount;

let s: TestServer;
let token: string;
let secret: string;
let recovery: string[];
beforeEach(async () => {
  s = await startServer({ scheduler: false, rateLimits: { codeCheckPerAccount: OUTSIDE } });
  token = (await registerByEmail(s.app, EMAIL, PASSWORD)).token;
  secret = (await call(s.app, 'POST', '/user/totp/setup', { token })).data.secret;
  const on = await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: totpCode(secret, s.clock.now()) } });
  expect(on.code, on.msg).toBe(0);
  recovery = on.data.recoveryCodes;
  s.clock.advance(30_000);
});
afterEach(() => s.app.close());

const code = () => totpCode(secret, s.clock.now());
const wrongCode = () => (code() === '000000' ? '111111' : '000000');

async function ticketFrom(ip?: string): Promise<string> {
  const r = await login(s.app, EMAIL, PASSWORD, { userAgent: UA, ip });
  expect(r.code, r.msg).toBe(0);
  return r.data.ticket;
}
const secondStep = (ticket: string, c: string, ip?: string) => call(s.app, 'POST', '/base/loginSecondFactor', { userAgent: UA, ip, body: { ticket, code: c } });

describe("wrong codes from outside the owner's session", () => {
  it("never block the owner's session; past the per-account bound only a recovery code signs in, once", async () => {
    // the attacker uses up ticket after ticket, five wrong codes each, until authenticator codes from outside are refused
    let guesses = 0;
    while (guesses < OUTSIDE.max) {
      const ticket = await ticketFrom(ATTACKER);
      for (let i = 0; i < 5 && guesses < OUTSIDE.max; i++, guesses++) expect((await secondStep(ticket, wrongCode(), ATTACKER)).code).toBe(7);
    }
    expect((await secondStep(await ticketFrom(ATTACKER), wrongCode(), ATTACKER)).code).toBe(4024);

    // inside the owner's open session a code still works (here: turning the authenticator off needs one; first a wrong one, counted there)
    const wrongInside = await call(s.app, 'POST', '/user/totp/disable', { token, body: { totp: wrongCode() } });
    expect(wrongInside.msg).toBe(msg(undefined, 'security.codeWrong', { remaining: 4 }));

    // at the owner's own sign-in, the authenticator code waits out the bound, and a recovery code signs in at once, once
    const ownTicket = await ticketFrom();
    expect((await secondStep(ownTicket, code())).code).toBe(4024);
    const withRecovery = await secondStep(ownTicket, recovery[0]);
    expect(withRecovery.code, withRecovery.msg).toBe(0);
    expect((await secondStep(await ticketFrom(), recovery[0])).msg).toBe(msg(undefined, 'security.ticketCodeWrong', { remaining: 4 }));

    // (signing in again ended the older session on this device; the new one takes the code)
    const off = await call(s.app, 'POST', '/user/totp/disable', { token: withRecovery.data.token, body: { totp: code() } });
    expect(off.code, off.msg).toBe(0);
  }, 60_000);

  it("five wrong codes on the attacker's ticket leave the owner's ticket and session untouched", async () => {
    const theirs = await ticketFrom(ATTACKER);
    for (let i = 0; i < 5; i++) await secondStep(theirs, wrongCode(), ATTACKER);
    expect((await secondStep(theirs, code(), ATTACKER)).msg).toBe(msg(undefined, 'security.ticketCodesUsedUp'));
    const mine = await secondStep(await ticketFrom(), code());
    expect(mine.code, mine.msg).toBe(0);
    s.clock.advance(30_000);
    const inside = await call(s.app, 'POST', '/user/totp/disable', { token: mine.data.token, body: { totp: code() } });
    expect(inside.code, inside.msg).toBe(0);
  }, 60_000);
});
