// Issue 20 item 6: sending email and SMS codes against pumping and bombing. After 3 codes in an
// hour from one address each further code needs a solved image captcha; hourly budgets per
// calling code and in total (SMS and email apart); codes are stored as an HMAC, not as the digits.
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimits } from '../../server/composition/app.ts';
import { checkCaptcha } from '../../server/platform/codes/captcha.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/core/config.ts';
import { DEMO_INVITATION_CODE } from '../../server/composition/seed.ts';
import { call, count, msg, newCaptcha, outboxCode, startServer, type TestServer } from './helpers.ts';

const HOUR = 3_600_000;
const ROOMY = { max: 10_000, windowMs: HOUR };

type CodeBudget = 'codeFreePerIp' | 'codeSmsPerCountry' | 'codeSmsTotal' | 'codeEmailTotal';

/** Every code budget roomy unless given. */
function budgets(given: Partial<Pick<RateLimits, CodeBudget>>): Partial<RateLimits> {
  return { codeFreePerIp: ROOMY, codeSmsPerCountry: ROOMY, codeSmsTotal: ROOMY, codeEmailTotal: ROOMY, ...given };
}

let t: TestServer | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

const emailCode = (email: string, ip: string, extra: object = {}, lang = 'en') => call(t!.app, 'POST', '/base/emailCode', { body: { email, ...extra }, ip, lang });
const phoneCode = (phone: string, countryCode: string, ip: string, extra: object = {}, lang = 'en') =>
  call(t!.app, 'POST', '/base/phoneCode', { body: { phone, countryCode, ...extra }, ip, lang });

/** Asserts `attempt` is refused and writes no outbox row and no code. */
async function refusedWithoutWriting(attempt: () => ReturnType<typeof call>) {
  const [outbox, codes] = [await count(t!.app, 'outbox'), await count(t!.app, 'verification_codes')];
  const r = await attempt();
  expect(await count(t!.app, 'outbox')).toBe(outbox);
  expect(await count(t!.app, 'verification_codes')).toBe(codes);
  return r;
}

describe('a captcha after 3 codes an hour from one address', () => {
  it('sends the first 3 without one, refuses the 4th with captcha-required and writes nothing; a right captcha sends it, a wrong one is 4005', async () => {
    t = await startServer({ rateLimits: budgets({ codeFreePerIp: DEFAULT_RATE_LIMITS.codeFreePerIp }) });
    const ip = '10.9.0.1';
    expect((await emailCode('one@example.com', ip)).code).toBe(0);
    expect((await phoneCode('13900001101', '+86', ip)).code).toBe(0);
    expect((await emailCode('three@example.com', ip)).code).toBe(0);

    const fourth = await refusedWithoutWriting(() => emailCode('four@example.com', ip, {}, 'jp'));
    expect(fourth).toMatchObject({ code: 7, msg: msg('jp', 'checks.codeNeedsCaptcha'), data: { field: 'captcha', captchaRequired: true } });
    const bySms = await refusedWithoutWriting(() => phoneCode('13900001104', '+86', ip));
    expect(bySms.data).toMatchObject({ captchaRequired: true });
    // another address is not affected
    expect((await emailCode('elsewhere@example.com', '10.9.0.2')).code).toBe(0);

    const wrong = await newCaptcha(t.app, ip);
    const wrongAnswer = wrong.captcha === '0000' ? '1111' : '0000';
    const refused = await refusedWithoutWriting(() => emailCode('four@example.com', ip, { captcha: wrongAnswer, captchaId: wrong.captchaId }, 'de'));
    expect(refused).toMatchObject({ code: 4005, msg: msg('de', 'errors.4005'), data: { captchaRequired: true } });
    // single use: the right answer to the captcha spent on the wrong one is refused too
    expect((await refusedWithoutWriting(() => emailCode('four@example.com', ip, wrong))).code).toBe(4005);

    expect((await emailCode('four@example.com', ip, await newCaptcha(t.app, ip))).code).toBe(0);
    expect(await outboxCode(t.app, 'four@example.com')).toMatch(/^[0-9]{6}$/);
    expect((await phoneCode('13900001104', '+86', ip, await newCaptcha(t.app, ip))).code).toBe(0);

    // an hour after the first three, a code needs no captcha again
    t.clock.advance(HOUR + 1);
    expect((await emailCode('later@example.com', ip)).code).toBe(0);
  });

  it('a captcha of the wrong shape is code 7 with the screen message, and nothing is written', async () => {
    t = await startServer({ rateLimits: budgets({ codeFreePerIp: { max: 0, windowMs: HOUR } }) });
    const r = await refusedWithoutWriting(() => emailCode('shape@example.com', '10.9.1.1', { captcha: '12', captchaId: 'x' }, 'jp'));
    expect(r).toMatchObject({ code: 7, msg: msg('jp', 'validation.captchaInvalid'), data: { field: 'captcha' } });
    expect((await refusedWithoutWriting(() => emailCode('shape@example.com', '10.9.1.1', { captchaId: 'x' }))).data).toMatchObject({ captchaRequired: true });
  });
});

describe('hourly budgets', () => {
  it('per calling code, then for all SMS: 4024 with the wait and a message saying why; email has a budget of its own', async () => {
    t = await startServer({
      rateLimits: budgets({ codeSmsPerCountry: { max: 2, windowMs: HOUR }, codeSmsTotal: { max: 3, windowMs: HOUR }, codeEmailTotal: { max: 2, windowMs: HOUR } }),
    });
    expect((await phoneCode('13900002201', '+86', '10.8.0.1')).code).toBe(0);
    expect((await phoneCode('13900002202', '+86', '10.8.0.2')).code).toBe(0);
    const perCountry = await refusedWithoutWriting(() => phoneCode('13900002203', '+86', '10.8.0.3', {}, 'de'));
    expect(perCountry).toMatchObject({ code: 4024, msg: msg('de', 'checks.smsCountryBudgetSpent', { countryCode: '+86', minutes: 60 }), data: { retryAfter: 3600 } });

    // other calling codes still get SMS, until the SMS budget is spent
    expect((await phoneCode('7400123456', '+44', '10.8.0.4')).code).toBe(0);
    const total = await refusedWithoutWriting(() => phoneCode('7400123457', '+44', '10.8.0.5', {}, 'jp'));
    expect(total).toMatchObject({ code: 4024, msg: msg('jp', 'checks.codeBudgetSpent', { minutes: 60 }), data: { retryAfter: 3600 } });

    // email is counted apart
    expect((await emailCode('b1@example.com', '10.8.1.1')).code).toBe(0);
    expect((await emailCode('b2@example.com', '10.8.1.2')).code).toBe(0);
    const emails = await refusedWithoutWriting(() => emailCode('b3@example.com', '10.8.1.3'));
    expect(emails).toMatchObject({ code: 4024, msg: msg('en', 'checks.codeBudgetSpent', { minutes: 60 }) });

    // the wait counts down; the window slides
    t.clock.advance(30 * 60_000);
    expect(await phoneCode('13900002203', '+86', '10.8.0.3')).toMatchObject({ code: 4024, msg: msg('en', 'checks.smsCountryBudgetSpent', { countryCode: '+86', minutes: 30 }) });
    t.clock.advance(30 * 60_000 + 1);
    expect((await phoneCode('13900002203', '+86', '10.8.0.3')).code).toBe(0);
    expect((await emailCode('b3@example.com', '10.8.1.3')).code).toBe(0);
  });

  it('a budget is checked before the captcha, so a refusal does not spend a solved one', async () => {
    t = await startServer({ rateLimits: budgets({ codeFreePerIp: { max: 0, windowMs: HOUR }, codeEmailTotal: { max: 1, windowMs: HOUR } }) });
    const ip = '10.8.2.1';
    expect((await emailCode('c1@example.com', ip, await newCaptcha(t.app, ip))).code).toBe(0);
    const cap = await newCaptcha(t.app, ip);
    expect((await emailCode('c2@example.com', ip, cap)).code).toBe(4024);
    expect(await checkCaptcha(t.app.db, cap.captchaId, cap.captcha, t.clock.now())).toBe(true);
  });
});

describe('codes at rest', () => {
  it('verification_codes.code holds an HMAC bound to its target, not the digits sent; a plain row from before never matches', async () => {
    t = await startServer({ rateLimits: budgets({}) });
    expect((await emailCode('stored@example.com', '10.7.0.1')).code).toBe(0);
    const sent = (await outboxCode(t.app, 'stored@example.com'))!;
    expect(sent).toMatch(/^[0-9]{6}$/);
    const row = await t.app.db.selectFrom('verification_codes').selectAll().where('target', '=', 'stored@example.com').executeTakeFirstOrThrow();
    expect(row.code).toMatch(/^hmac\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(sent);

    const register = (email: string, emailCode: string) =>
      call(t!.app, 'POST', '/base/registerUser', { body: { email, emailCode, passWord: 'Secret-pass-123', invitationCode: DEMO_INVITATION_CODE, ...cap } });
    let cap = await newCaptcha(t.app);
    // the stored value moved to another address does not make the code valid there
    const now = t.clock.now();
    await t.app.db.insertInto('verification_codes').values({ channel: 'email', target: 'moved@example.com', code: row.code, attempts: 0, created_at: now, expires_at: now + 600_000, used_at: null }).execute();
    expect((await register('moved@example.com', sent)).code).toBe(4009);
    // a code stored in plain text before this change
    await t.app.db.insertInto('verification_codes').values({ channel: 'email', target: 'plain@example.com', code: '123456', attempts: 0, created_at: now, expires_at: now + 600_000, used_at: null }).execute();
    cap = await newCaptcha(t.app);
    expect((await register('plain@example.com', '123456')).code).toBe(4009);

    cap = await newCaptcha(t.app);
    expect((await register('stored@example.com', sent)).code).toBe(0);
  });
});
