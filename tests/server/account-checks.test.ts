// The fixes from the check of the account screens (issue 8 part 9): WHATWG emails, mobile numbers
// per country code, the spec's one registration payload, login answers that do not tell whether
// an account exists, rate limits per account and target, the PNG captcha, scrypt cost and hash
// upgrade, `lang` tags, and cleaned text fields.
import { execFileSync } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_PATTERN, isValidEmail, loginUsernamePattern } from '../../contract/email.ts';
import { checkMobile } from '../../contract/phone.ts';
import { inlineRefs, loadScreens } from '../../contract/loader.ts';
import { DEMO_EMAIL, DEMO_INVITATION_CODE, DEMO_PASSWORD } from '../../server/composition/seed.ts';
import { cleanText } from '../../server/platform/http/validation.ts';
import { passwordFields } from '../../contract/limits.ts';
import { passwordMarkProblems } from '../../scripts/check-schemas.ts';
import { dummyHash, HASH_COST, hashPassword, hashSlots, needsRehash, PRODUCTION_HASH_COST, verifyPassword } from '../../server/platform/security/password.ts';
import { call, count, login, msg, newCaptcha, registerByEmail, sendEmailCode, sendPhoneCode, startServer, type TestServer } from './helpers.ts';
import { ResultCode } from '../../contract/result-codes.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());

const register = (body: unknown, lang?: string, ip?: string) => call(s.app, 'POST', '/base/registerUser', { body, lang, ip });

async function emailBody(email: string, extra: Record<string, unknown> = {}) {
  const emailCode = await sendEmailCode(s.app, email);
  return { email, emailCode, passWord: 'Secret-pass-123', invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(s.app)), ...extra };
}

async function phoneBody(phone: string, countryCode: string, extra: Record<string, unknown> = {}) {
  const smsCode = await sendPhoneCode(s.app, phone, countryCode);
  return { phone, countryCode, smsCode, passWord: 'Secret-pass-123', invitationCode: DEMO_INVITATION_CODE, ...(await newCaptcha(s.app)), ...extra };
}

describe('emails: the WHATWG grammar, one definition', () => {
  it('valid and invalid addresses', () => {
    for (const ok of ['john.smith@example.com', 'a+b@x.io', "o'brien@mail.example.co.uk", 'x_y-z@sub-domain.example']) expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['a@@b.io', 'a b@c.io', 'a@-x.io', 'a@x-.io', '@x.io', 'a@', 'a@x..io', 'bad@mail', 'a@localhost', `${'a'.repeat(250)}@x.io`, 'é@x.io']) expect(isValidEmail(bad), bad).toBe(false);
  });

  it('every email field of the schema files is the entity; the login username embeds the same pattern', () => {
    const screens = loadScreens();
    const emailFields = screens.flatMap(({ raw, source }) => {
      const props = (raw.payload?.properties ?? {}) as Record<string, { $ref?: string; maxLength?: number }>;
      // (register-phone's email may only be empty: the spec's one payload)
      return Object.entries(props)
        .filter(([k, p]) => k === 'email' && p.maxLength !== 0)
        .map(([, p]) => ({ source, ref: p.$ref }));
    });
    expect(emailFields.map((f) => f.source).sort()).toEqual(
      expect.arrayContaining(['endpoints/send-email-code.json', 'screens/forgot-password-email.json', 'screens/register-email.json', 'screens/wire-request.json']),
    );
    for (const f of emailFields) expect(f.ref, f.source).toBe('../entities/email-address.json');
    const login = screens.find((x) => x.source === 'screens/login.json')!;
    expect((login.screen.payload!.properties as Record<string, { pattern: string }>).username.pattern).toBe(loginUsernamePattern());
    expect(loginUsernamePattern()).toContain(EMAIL_PATTERN.slice(1, -1));
  });

  it('registers, gets codes for and logs in with dotted and plus addresses', async () => {
    for (const email of ['john.smith@example.com', 'a+b@x.io']) {
      const r = await register(await emailBody(email));
      expect(r.code, r.msg).toBe(0);
      expect((await login(s.app, email, 'Secret-pass-123')).code).toBe(0);
    }
    s.clock.advance(61_000);
    const reset = await call(s.app, 'POST', '/base/resetPwd', {
      body: { email: 'john.smith@example.com', emailCode: await sendEmailCode(s.app, 'john.smith@example.com'), passWord: 'New-pass-456', ...(await newCaptcha(s.app)) },
    });
    expect(reset.code, reset.msg).toBe(0);
  });

  it('sends no code to an address without a dot in its domain (bad@mail), and registers none', async () => {
    const sent = await call(s.app, 'POST', '/base/emailCode', { body: { email: 'bad@mail' } });
    expect(sent).toMatchObject({ code: ResultCode.badEmail, data: { field: 'email' } });
    expect(await s.app.db.selectFrom('outbox').select('id').where('target', '=', 'bad@mail').execute()).toEqual([]);
    const r = await register({ ...(await emailBody('good-two@example.com')), email: 'bad@mail' });
    expect(r).toMatchObject({ code: ResultCode.badEmail, msg: msg(undefined, 'validation.emailInvalid'), data: { field: 'email' } });
  });

  it('refuses a bad address with the screen message', async () => {
    const r = await register({ ...(await emailBody('good@example.com')), email: 'a b@x.io' }, 'jp');
    // a malformed address is the catalogue's 4003, with the field's message
    expect(r).toMatchObject({ code: ResultCode.badEmail, msg: msg('jp', 'validation.emailInvalid'), data: { field: 'email' } });
  });
});

describe('mobile numbers per country code', () => {
  it('libphonenumber-js for every code, the spec rule for +86', () => {
    expect(checkMobile('+44', '7400123456')).toEqual({ valid: true, national: '7400123456' });
    expect(checkMobile('+44', '07400123456')).toEqual({ valid: true, national: '7400123456' });
    expect(checkMobile('+44', '2079460000').valid).toBe(false); // a London landline
    expect(checkMobile('+1', '2015550123').valid).toBe(true);
    expect(checkMobile('+86', '13800138000').valid).toBe(true);
    expect(checkMobile('+86', '12800138000').valid).toBe(false);
    expect(checkMobile('+86', '1380013800').valid).toBe(false);
    expect(checkMobile('+49', '13800138000').valid).toBe(false);
  });

  it('registers a UK mobile (a leading 0 is dropped) and logs in with it or +44…', async () => {
    // the code goes to the number as stored (+44 7400123456); the form may send it with the trunk 0
    const r = await register(await phoneBody('7400123456', '+44', { phone: '07400123456' }));
    expect(r.code, r.msg).toBe(0);
    expect(r.data.user).toMatchObject({ phone: '7400123456', countryCode: '+44' });
    expect((await login(s.app, '7400123456', 'Secret-pass-123')).code).toBe(0);
    expect((await login(s.app, '+447400123456', 'Secret-pass-123')).code).toBe(0);
  });

  it('a number that is no mobile of the country: code 7 with an example, no code sent, no user', async () => {
    const outbox = await count(s.app, 'outbox');
    const users = await count(s.app, 'users');
    const r = await call(s.app, 'POST', '/base/phoneCode', { body: { phone: '2079460000', countryCode: '+44' }, lang: 'de' });
    expect(r).toMatchObject({ code: 7, msg: msg('de', 'checks.phoneInvalidFor', { code: '+44', example: '07400 123456' }), data: { field: 'phone' } });
    const cn = await call(s.app, 'POST', '/base/phoneCode', { body: { phone: '12800138000', countryCode: '+86' } });
    expect(cn).toMatchObject({ code: 7, msg: msg('en', 'checks.phoneInvalidFor', { code: '+86', example: '131 2345 6789' }) });
    const reg = await register({
      phone: '2079460000',
      countryCode: '+44',
      smsCode: '123456',
      passWord: 'Secret-pass-123',
      invitationCode: DEMO_INVITATION_CODE,
      captcha: '1234',
      captchaId: 'x',
    });
    expect(reg).toMatchObject({ code: 7, data: { field: 'phone' } });
    expect(await count(s.app, 'outbox')).toBe(outbox);
    expect(await count(s.app, 'users')).toBe(users);
  });
});

describe("the spec's one registration payload", () => {
  it('by email, with the phone fields present and empty', async () => {
    const r = await register(await emailBody('spec-email@example.com', { phone: '', countryCode: '+86', smsCode: '' }));
    expect(r.code, r.msg).toBe(0);
    expect(r.data.user).toMatchObject({ email: 'spec-email@example.com', phone: '', countryCode: '' });
  });

  it('by phone, with the email fields present and empty', async () => {
    const r = await register(await phoneBody('13700009999', '+86', { email: '', emailCode: '' }));
    expect(r.code, r.msg).toBe(0);
    expect(r.data.user).toMatchObject({ email: '', phone: '13700009999', countryCode: '+86' });
  });

  it('both variants filled in is refused, nothing written', async () => {
    const users = await count(s.app, 'users');
    const body = await emailBody('both@example.com', { phone: '13700008888', countryCode: '+86', smsCode: '123456' });
    expect((await register(body)).code).toBe(7);
    expect(await count(s.app, 'users')).toBe(users);
  });
});

describe('login: an unknown account looks like a wrong password', () => {
  it('same code and message, in every language', async () => {
    for (const lang of ['en', 'jp', 'de']) {
      const unknown = await login(s.app, 'nobody-here@example.com', 'Whatever-123', { lang });
      const wrong = await login(s.app, DEMO_EMAIL, 'Whatever-123', { lang });
      expect(unknown).toEqual({ ...wrong, msg: wrong.msg });
      expect(unknown.code).toBe(4002);
    }
  });

  it("both paths wait for a password hash (the unknown one against a dummy hash at today's cost)", async () => {
    // With the only hash slot held, a login that hashes waits for it; one that skipped the hash
    // would answer at once, and its speed would tell that the account does not exist.
    const limit = hashSlots.limit;
    hashSlots.limit = 1;
    try {
      for (const username of ['nobody5@example.com', DEMO_EMAIL]) {
        let release = () => {};
        const held = hashSlots.run(() => new Promise<void>((resolve) => (release = resolve)));
        const answer = login(s.app, username, 'Whatever-123');
        await vi.waitFor(() => expect(hashSlots.waiting).toBe(1));
        release();
        await held;
        expect((await answer).code).toBe(4002);
      }
    } finally {
      hashSlots.limit = limit;
    }
  });
});

describe('password hashing', () => {
  it('Argon2id at m=19 MiB, t=2, p=1, the cost in the stored hash', async () => {
    expect(PRODUCTION_HASH_COST).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const hash = await hashPassword('pässword', PRODUCTION_HASH_COST);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('pässword', hash)).toBe(true);
    // NFKC: the composed and decomposed ä are one password
    expect(await verifyPassword('pa\u0308ssword', hash)).toBe(true);
    expect(await verifyPassword('password', hash)).toBe(false);
    const current = await hashPassword('pässword');
    expect(needsRehash(current)).toBe(false);
    expect(needsRehash(hash)).toBe(process.env.VITEST !== undefined);
    expect(needsRehash('scrypt$131072$8$1$00$00')).toBe(true);
    // the unknown-account stand-in runs at today's cost and matches nothing
    expect(needsRehash(await dummyHash())).toBe(false);
    expect(await verifyPassword('', await dummyHash())).toBe(false);
    // costs no one should run are refused, not computed
    expect(await verifyPassword('x', `scrypt$${2 ** 24}$8$1$00$00`)).toBe(false);
    expect(await verifyPassword('x', hash.replace('m=19456', `m=${4 * 1024 * 1024}`))).toBe(false);
  });

  it('a scrypt hash from before still logs in and is replaced by an Argon2id one', async () => {
    const { user } = await registerByEmail(s.app, 'legacy@example.com', 'Legacy-pass-1');
    const salt = randomBytes(16);
    const key = scryptSync('Legacy-pass-1', salt, 64, { N: 16384, r: 8, p: 1 });
    const legacy = ['scrypt', 16384, 8, 1, salt.toString('hex'), key.toString('hex')].join('$');
    await s.app.db.updateTable('users').set({ password_hash: legacy }).where('id', '=', user.ID).execute();
    expect((await login(s.app, 'legacy@example.com', 'wrong-pass-1')).code).toBe(4002);
    const unchanged = await s.app.db.selectFrom('users').select('password_hash').where('id', '=', user.ID).executeTakeFirstOrThrow();
    expect(unchanged.password_hash).toBe(legacy);
    expect((await login(s.app, 'legacy@example.com', 'Legacy-pass-1')).code).toBe(0);
    const row = await s.app.db.selectFrom('users').select('password_hash').where('id', '=', user.ID).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${HASH_COST.memoryCost},p=${HASH_COST.parallelism},t=${HASH_COST.timeCost}\\$`));
    expect((await login(s.app, 'legacy@example.com', 'Legacy-pass-1')).code).toBe(0);
  });

  it('a process outside the test runner (npm start, the operator CLI) hashes at the production cost', () => {
    const env = { ...process.env };
    delete env.VITEST;
    const script = "import('./server/platform/security/password.ts').then((m) => process.stdout.write(JSON.stringify(m.HASH_COST)))";
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(PRODUCTION_HASH_COST);
  });
});

describe('the lang header', () => {
  it("takes the spec's prefixes and standard tags", async () => {
    const cases: [string, string][] = [
      ['jp', 'jp'],
      ['ja', 'jp'],
      ['ja-JP', 'jp'],
      ['kr', 'kr'],
      ['ko', 'kr'],
      ['ko-KR', 'kr'],
      ['vn', 'vn'],
      ['vi', 'vn'],
      ['tw', 'tw'],
      ['zh-TW', 'tw'],
      ['zh-Hant', 'tw'],
      ['zh-HK', 'tw'],
      ['zh', 'zh'],
      ['zh-CN', 'zh'],
      ['en-GB', 'en'],
      ['de-AT', 'de'],
      ['pt-PT', 'pt'],
      ['fr-CA,fr;q=0.9', 'fr'],
      ['xx', 'en'],
    ];
    for (const [header, prefix] of cases) {
      const r = await call(s.app, 'GET', '/user/getUserInfo', { lang: header });
      expect(r.msg, header).toBe(msg(prefix, 'errors.4015'));
    }
  });
});

describe('text fields: trimmed, NFC, no control or bidi characters', () => {
  it('cleanText: trims and composes, leaves passwords alone, refuses controls and blanks', () => {
    expect(cleanText({ name: '  Ame\u0301lie  ', nested: { list: [' a '] }, passWord: ' p\u0301 ', n: 3 }, '', new Set(['passWord']))).toEqual({
      name: 'Am\u00e9lie',
      nested: { list: ['a'] },
      passWord: ' p\u0301 ',
      n: 3,
    });
    for (const bad of ['a\u0000b', 'tab\there', 'line\nbreak', 'x\u202Eevil', 'x\u2066y', 'del\u007f', 'c1\u0085']) {
      expect(() => cleanText({ name: bad }), JSON.stringify(bad)).toThrow('checks.controlCharacters');
    }
    expect(() => cleanText({ name: '   ' })).toThrow('checks.blank');
    expect(cleanText({ name: '' })).toEqual({ name: '' });
  });

  it('leaves the fields the schema marks x-password as typed, and only those', () => {
    const passwords = new Set(['pay_password']);
    expect(cleanText({ pay_password: ' \u0000x ', remark: ' hi ' }, '', passwords)).toEqual({ pay_password: ' \u0000x ', remark: 'hi' });
    // a name alone does not make a password: unmarked, it is cleaned like any text
    expect(cleanText({ password: ' x ' })).toEqual({ password: 'x' });
    // only the payload's own fields: the same name deeper in is text
    expect(cleanText({ card: { pay_password: ' x ' } }, '', passwords)).toEqual({ card: { pay_password: 'x' } });
  });

  it('every field drawn with the password widget is marked x-password, and every marked one is drawn with it', () => {
    const screens = loadScreens();
    expect(screens.flatMap(({ screen }) => passwordFields(screen.payload)).length).toBeGreaterThan(5);
    expect(screens.flatMap(({ source, screen }) => passwordMarkProblems(screen).map((p) => `${source}: ${p}`))).toEqual([]);
    const login = screens.find(({ screen }) => screen.id === 'login')!.screen;
    const unmarked = { ...login, payload: { ...login.payload, properties: { ...(login.payload!.properties as object), password: { type: 'string' } } } };
    expect(passwordMarkProblems(unmarked)).toEqual(['field "password" is drawn with the password widget but not marked "x-password": true']);
  });

  it('applies to every endpoint: an email with spaces registers trimmed; a password keeps its spaces', async () => {
    const body = await emailBody('spaces@example.com', { passWord: ' Spaced-pass-1 ' });
    const r = await register({ ...body, email: '  spaces@example.com  ' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.user.email).toBe('spaces@example.com');
    expect((await login(s.app, 'spaces@example.com', 'Spaced-pass-1')).code).toBe(4002);
    expect((await login(s.app, ' spaces@example.com ', ' Spaced-pass-1 ')).code).toBe(0);
  });

  it('a name with a bidi override or a NUL, or only spaces: code 7 with the translated message, nothing written', async () => {
    const { token } = await registerByEmail(s.app, 'names@example.com');
    const card = {
      bankname: 'Deutsche Bank',
      accountname: 'Alice Example',
      bankcard: '1234567890123456',
      ibna: 'DE89370400440532013000',
      swift: 'DEUTDEFF',
      payeeaddress: 'Taunusanlage 12, Frankfurt',
      country: 'DE',
    };
    const before = await count(s.app, 'bank_cards');
    const cases: [Record<string, string>, string, string][] = [
      [{ accountname: 'Alice\u202Eelpmaxe' }, 'accountname', 'checks.controlCharacters'],
      [{ bankname: 'Bank\u0000' }, 'bankname', 'checks.controlCharacters'],
      [{ accountname: '    ' }, 'accountname', 'checks.blank'],
    ];
    for (const [change, field, key] of cases) {
      const r = await call(s.app, 'POST', '/user_bank/createUser_bank', { body: { ...card, ...change }, token, lang: 'jp' });
      expect(r, JSON.stringify(change)).toMatchObject({ code: 7, msg: msg('jp', key), data: { field } });
    }
    expect(await count(s.app, 'bank_cards')).toBe(before);
    const ok = await call(s.app, 'POST', '/user_bank/createUser_bank', { body: { ...card, accountname: '  Ame\u0301lie Example ' }, token });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data.accountname).toBe('Am\u00e9lie Example');
  });
});

describe('rate limits per account and target', () => {
  const limited = (r: { code: number; data: unknown }) => r.code === 4024 && typeof (r.data as { retryAfter?: unknown }).retryAfter === 'number';

  it('failed logins per account and address: 4024 with the wait; a success clears them', async () => {
    const t = await startServer({ rateLimits: { loginPerAccount: { max: 3, windowMs: 15 * 60_000 } } });
    try {
      for (let i = 0; i < 3; i++) expect((await login(t.app, DEMO_EMAIL, 'wrong-pass', { ip: '10.2.0.1' })).code).toBe(4002);
      const r = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, { ip: '10.2.0.1', lang: 'de' });
      expect(r).toMatchObject({ code: 4024, msg: msg('de', 'checks.retryAfterMinutes', { minutes: 15 }), data: { retryAfter: 900 } });
      // an unknown account is counted the same way
      for (let i = 0; i < 3; i++) expect((await login(t.app, 'ghost@example.com', 'wrong-pass', { ip: '10.3.0.1' })).code).toBe(4002);
      expect(limited(await login(t.app, 'ghost@example.com', 'wrong-pass', { ip: '10.3.0.1' }))).toBe(true);
      // other accounts are not affected; the window slides
      expect((await login(t.app, 'other@example.com', 'wrong-pass')).code).toBe(4002);
      t.clock.advance(15 * 60_000 + 1);
      expect((await login(t.app, DEMO_EMAIL, DEMO_PASSWORD)).code).toBe(0);
      // after a success the failures start again from nothing
      for (let i = 0; i < 2; i++) expect((await login(t.app, DEMO_EMAIL, 'wrong-pass')).code).toBe(4002);
      expect((await login(t.app, DEMO_EMAIL, DEMO_PASSWORD)).code).toBe(0);
      for (let i = 0; i < 3; i++) expect((await login(t.app, DEMO_EMAIL, 'wrong-pass')).code).toBe(4002);
    } finally {
      await t.app.close();
    }
  });

  it('registration per target and per IP; both resets per target', async () => {
    const t = await startServer({
      rateLimits: { registerPerTarget: { max: 2, windowMs: 3_600_000 }, registerPerIp: { max: 4, windowMs: 3_600_000 }, resetPerTarget: { max: 2, windowMs: 3_600_000 } },
    });
    try {
      const body = { emailCode: '000000', passWord: 'Secret-pass-123', invitationCode: DEMO_INVITATION_CODE, captcha: '0000', captchaId: 'none' };
      const reg = (email: string, ip: string) => call(t.app, 'POST', '/base/registerUser', { body: { ...body, email }, ip, lang: 'en' });
      expect((await reg('target@example.com', '10.4.0.1')).code).toBe(4005);
      expect((await reg('target@example.com', '10.4.0.2')).code).toBe(4005);
      const third = await reg('target@example.com', '10.4.0.3');
      expect(third).toMatchObject({ code: 4024, msg: msg('en', 'checks.retryAfterMinutes', { minutes: 60 }) });
      const phone = {
        phone: '7400123456',
        countryCode: '+44',
        smsCode: '000000',
        passWord: 'Secret-pass-123',
        invitationCode: DEMO_INVITATION_CODE,
        captcha: '0000',
        captchaId: 'none',
      };
      for (const ip of ['10.4.1.1', '10.4.1.2']) expect((await call(t.app, 'POST', '/base/registerUser', { body: phone, ip })).code).toBe(4005);
      expect(limited(await call(t.app, 'POST', '/base/registerUser', { body: { ...phone, phone: '07400123456' }, ip: '10.4.1.3' }))).toBe(true);
      // per IP: four attempts from one address, whatever the targets
      for (let i = 0; i < 4; i++) expect((await reg(`ip${i}@example.com`, '10.4.2.1')).code).toBe(4005);
      expect(limited(await reg('ip9@example.com', '10.4.2.1'))).toBe(true);

      const reset = { emailCode: '000000', passWord: 'New-pass-123', captcha: '0000', captchaId: 'none' };
      for (const ip of ['10.5.0.1', '10.5.0.2']) expect((await call(t.app, 'POST', '/base/resetPwd', { body: { ...reset, email: DEMO_EMAIL }, ip })).code).toBe(4005);
      expect(limited(await call(t.app, 'POST', '/base/resetPwd', { body: { ...reset, email: DEMO_EMAIL.toUpperCase() }, ip: '10.5.0.3' }))).toBe(true);
      const byPhone = { phone: '13800138000', countryCode: '+86', smsCode: '000000', passWord: 'New-pass-123', captcha: '0000', captchaId: 'none' };
      for (const ip of ['10.6.0.1', '10.6.0.2']) expect((await call(t.app, 'POST', '/base/resetPwdByPhone', { body: byPhone, ip })).code).toBe(4005);
      expect(limited(await call(t.app, 'POST', '/base/resetPwdByPhone', { body: byPhone, ip: '10.6.0.3' }))).toBe(true);
    } finally {
      await t.app.close();
    }
  });
});

describe('the captcha picture', () => {
  it('is a PNG whose pixels differ per request, with no digits in any text of it', async () => {
    const pics = await Promise.all([0, 1].map(() => call(s.app, 'POST', '/base/captcha')));
    const pngs = pics.map((r) => Buffer.from(r.data.picPath.split(',')[1], 'base64'));
    for (const png of pngs) {
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(160);
      expect(png.readUInt32BE(20)).toBe(64);
      // chunks: IHDR, IDAT, IEND only (no text chunks that could carry the answer)
      const types: string[] = [];
      for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) types.push(png.subarray(at + 4, at + 8).toString('latin1'));
      expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
      const idat = png.subarray(41, 41 + png.readUInt32BE(33));
      const pixels = inflateSync(idat);
      expect(pixels.length).toBe((160 * 3 + 1) * 64);
      // noise and strokes: many distinct colours
      const colours = new Set<number>();
      for (let i = 0; i < pixels.length - 2; i += 3) colours.add(pixels.readUIntBE(i, 3));
      expect(colours.size).toBeGreaterThan(200);
    }
    expect(pngs[0].equals(pngs[1])).toBe(false);
  });
});

describe('schemas read by the tests', () => {
  it('the email entity inlines into the register payload', () => {
    const raw = { email: { $ref: '../entities/email-address.json' } };
    expect(inlineRefs(raw, `${process.cwd()}/schemas/screens`)).toMatchObject({ email: { pattern: EMAIL_PATTERN } });
  });
});
