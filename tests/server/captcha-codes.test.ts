// Image captcha and email/SMS verification codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswer, checkCaptcha } from '../../server/platform/codes/captcha.ts';
import { call, count, msg, newCaptcha, outboxCode, startServer, type TestServer } from './helpers.ts';
import { ResultCode } from '../../contract/result-codes.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());

describe('POST /base/captcha', () => {
  it('answers an id, a PNG data URL and the answer length; the answer is stored, not sent', async () => {
    const r = await call(s.app, 'POST', '/base/captcha');
    expect(r.code).toBe(0);
    expect(Object.keys(r.data).sort()).toEqual(['captchaId', 'captchaLength', 'picPath']);
    expect(r.data.picPath).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(r.data.picPath.split(',')[1], 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    const answer = await captchaAnswer(s.app.db, r.data.captchaId);
    expect(answer).toMatch(/^[0-9]{4,6}$/);
    expect(answer!.length).toBe(r.data.captchaLength);
    expect(JSON.stringify(r.data)).not.toContain(`"${answer}"`);
  });

  it('is single use: consumed by its first check, right or wrong', async () => {
    const right = await newCaptcha(s.app);
    expect(await checkCaptcha(s.app.db, right.captchaId, right.captcha, s.clock.now())).toBe(true);
    expect(await checkCaptcha(s.app.db, right.captchaId, right.captcha, s.clock.now())).toBe(false);

    const wrong = await newCaptcha(s.app);
    const body = { username: 'demo@coinapp.test', password: 'demo123456', captchaId: wrong.captchaId };
    const first = await call(s.app, 'POST', '/base/login', { body: { ...body, captcha: wrong.captcha === '0000' ? '1111' : '0000' } });
    expect(first).toMatchObject({ code: 4005, msg: msg('en', 'errors.4005') });
    const again = await call(s.app, 'POST', '/base/login', { body: { ...body, captcha: wrong.captcha } });
    expect(again.code).toBe(4005);
  });

  it('expires after 5 minutes', async () => {
    const c = await newCaptcha(s.app);
    s.clock.advance(5 * 60_000 + 1);
    const r = await call(s.app, 'POST', '/base/login', { body: { username: 'demo@coinapp.test', password: 'demo123456', ...c }, lang: 'jp' });
    expect(r).toMatchObject({ code: 4005, msg: msg('jp', 'errors.4005') });

    const fresh = await newCaptcha(s.app);
    s.clock.advance(4 * 60_000);
    const ok = await call(s.app, 'POST', '/base/login', { body: { username: 'demo@coinapp.test', password: 'demo123456', ...fresh } });
    expect(ok.code).toBe(0);
  });

  it('an unknown captcha id is 4005', async () => {
    const r = await call(s.app, 'POST', '/base/login', { body: { username: 'demo@coinapp.test', password: 'demo123456', captcha: '1234', captchaId: 'nope' } });
    expect(r.code).toBe(4005);
  });

  it('is rate limited per IP (4024)', async () => {
    const t = await startServer({ rateLimits: { captcha: { max: 3, windowMs: 60_000 } } });
    try {
      for (let i = 0; i < 3; i++) expect((await call(t.app, 'POST', '/base/captcha', { ip: '10.0.0.1' })).code).toBe(0);
      const limited = await call(t.app, 'POST', '/base/captcha', { ip: '10.0.0.1', lang: 'jp' });
      expect(limited).toMatchObject({ status: 200, code: 4024, msg: msg('jp', 'checks.retryAfterSeconds', { seconds: 60 }), data: { retryAfter: 60 } });
      expect((await call(t.app, 'POST', '/base/captcha', { ip: '10.0.0.2' })).code).toBe(0);
      t.clock.advance(60_001);
      expect((await call(t.app, 'POST', '/base/captcha', { ip: '10.0.0.1' })).code).toBe(0);
    } finally {
      await t.app.close();
    }
  });
});

describe('POST /base/emailCode', () => {
  it('writes a 6-digit code to the outbox and never returns it', async () => {
    const before = await count(s.app, 'outbox');
    const res = await s.app.inject({ method: 'POST', url: '/api/base/emailCode', payload: { email: 'CodeTest@Example.com' } });
    const body = res.json();
    expect(body).toEqual({ code: 0, msg: msg('en', 'common.ok'), data: null });
    expect(await count(s.app, 'outbox')).toBe(before + 1);
    const row = await s.app.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'email', target: 'codetest@example.com' });
    expect(row.code).toMatch(/^[0-9]{6}$/);
    expect(row.body).toContain(row.code);
    expect(res.body).not.toContain(row.code);
  });

  it('allows one code per email per 60 s (4024), then another', async () => {
    expect((await call(s.app, 'POST', '/base/emailCode', { body: { email: 'once@example.com' } })).code).toBe(0);
    const before = await count(s.app, 'outbox');
    const again = await call(s.app, 'POST', '/base/emailCode', { body: { email: 'ONCE@example.com' } });
    expect(again).toMatchObject({ code: 4024, msg: msg('en', 'checks.retryAfterSeconds', { seconds: 60 }) });
    expect(await count(s.app, 'outbox')).toBe(before);
    s.clock.advance(60_001);
    expect((await call(s.app, 'POST', '/base/emailCode', { body: { email: 'once@example.com' } })).code).toBe(0);
  });

  it('rejects bad input with the screen message and writes nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'email', 'validation.emailRequired'],
      [{ email: 'not-an-email' }, 'email', 'validation.emailInvalid'],
      [{ email: 42 }, 'email', 'validation.invalid'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'validation.emailInvalid'],
      [{ email: 'x@example.com', extra: 1 }, 'extra', 'validation.unknownField'],
    ];
    const before = await count(s.app, 'outbox');
    const codesBefore = await count(s.app, 'verification_codes');
    for (const [body, field, key] of cases) {
      const r = await call(s.app, 'POST', '/base/emailCode', { body, lang: 'jp' });
      expect(r, JSON.stringify(body)).toMatchObject({ status: 200, code: field === 'email' && key !== 'validation.emailRequired' ? ResultCode.badEmail : ResultCode.error, msg: msg('jp', key), data: { field } });
      expect(r.data).not.toHaveProperty('reload');
    }
    expect(await count(s.app, 'outbox')).toBe(before);
    expect(await count(s.app, 'verification_codes')).toBe(codesBefore);
  });
});

describe('POST /base/phoneCode', () => {
  it('writes an SMS code for country code + phone to the outbox and never returns it', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/base/phoneCode', payload: { phone: '13900001111', countryCode: '+86' } });
    expect(res.json()).toMatchObject({ code: 0, data: null });
    const code = await outboxCode(s.app, '+86 13900001111');
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(res.body).not.toContain(code);
    const row = await s.app.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.channel).toBe('sms');
  });

  it('allows one code per phone per 60 s', async () => {
    expect((await call(s.app, 'POST', '/base/phoneCode', { body: { phone: '13900002222', countryCode: '+86' } })).code).toBe(0);
    expect((await call(s.app, 'POST', '/base/phoneCode', { body: { phone: '13900002222', countryCode: '+86' } })).code).toBe(4024);
  });

  it('rejects bad input and writes nothing', async () => {
    const before = await count(s.app, 'outbox');
    const cases: [unknown, string, string][] = [
      [{ countryCode: '+86' }, 'phone', 'validation.phoneRequired'],
      [{ phone: '123', countryCode: '+86' }, 'phone', 'checks.phoneDigits'],
      [{ phone: '138-0013-8000', countryCode: '+86' }, 'phone', 'checks.phoneDigits'],
      [{ phone: '13900003333' }, 'countryCode', 'validation.required'],
      [{ phone: 13900003333, countryCode: '+86' }, 'phone', 'validation.invalid'],
      [{ phone: '13900003333', countryCode: '+86', smsCode: '123456' }, 'smsCode', 'validation.unknownField'],
    ];
    for (const [body, field, key] of cases) {
      const r = await call(s.app, 'POST', '/base/phoneCode', { body });
      expect(r, JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('en', key), data: { field } });
    }
    expect(await count(s.app, 'outbox')).toBe(before);
  });

  it('is rate limited per IP across targets', async () => {
    const t = await startServer({ rateLimits: { codePerIp: { max: 2, windowMs: 60_000 } } });
    try {
      expect((await call(t.app, 'POST', '/base/phoneCode', { body: { phone: '13900000001', countryCode: '+86' } })).code).toBe(0);
      expect((await call(t.app, 'POST', '/base/emailCode', { body: { email: 'a@example.com' } })).code).toBe(0);
      expect((await call(t.app, 'POST', '/base/emailCode', { body: { email: 'b@example.com' } })).code).toBe(4024);
    } finally {
      await t.app.close();
    }
  });
});
