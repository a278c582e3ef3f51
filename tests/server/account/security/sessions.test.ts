// Sessions (issue 8 part 5): every signed-in device is listed with its device, place and last
// use; any other device, or all of them, can be signed out and their tokens stop at once; logout
// ends this device's session; the spec's one-session rule holds by default and the operator may
// allow more (schemas/config/sessions.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clock, login, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const PASSWORD = 'Secret-pass-123';

const c = clock();
let s: TestServer;
const sessions = (token: string, lang?: string) => call(s.app, 'GET', '/user/sessions', { token, lang });
const userInfo = (token: string) => call(s.app, 'GET', '/user/getUserInfo', { token });
const sessionCount = async (userId: number) => (await s.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

beforeAll(async () => {
  s = await startServer({ scheduler: false, sessions: { maxPerUser: 3 } }, c);
});
afterAll(() => s.app.close());

describe('devices', () => {
  let phone = '';
  let laptop = '';
  let userId = 0;

  it('lists every signed-in device with this one first, its place by IP range and when it was last used', async () => {
    const account = await registerByEmail(s.app, 'devices@example.com', PASSWORD);
    userId = account.user.ID;
    c.advance(60_000);
    phone = (await login(s.app, 'devices@example.com', PASSWORD, { userAgent: ANDROID, ip: '192.168.1.20' })).data.token;
    c.advance(60_000);
    laptop = (await login(s.app, 'devices@example.com', PASSWORD, { userAgent: FIREFOX, ip: '203.0.113.9' })).data.token;
    expect(await sessionCount(userId)).toBe(3);

    const r = await sessions(phone, 'de');
    expect(r.code, r.msg).toBe(0);
    expect(r.data.total).toBe(3);
    const [first, ...others] = r.data.list;
    expect(first).toMatchObject({ device: 'Chrome · Android', place: msg('de', 'places.localNetwork'), ip: '192.168.1.20', current: true });
    expect(others.map((o: { device: string; current: boolean }) => [o.device, o.current])).toEqual([
      ['Firefox · Windows', false],
      [msg('de', 'devices.unknownDevice'), false],
    ]);
    // an address no configured range covers has no place
    expect(others[0].place).toBe('');
    expect(new Date(others[0].lastSeenAt).getTime()).toBe(c.now());
  });

  it('signs out another device: its token stops at once; this device and another user are untouched', async () => {
    const list = (await sessions(phone)).data.list;
    const laptopId = list.find((d: { device: string }) => d.device.startsWith('Firefox')).ID;
    const stranger = await registerByEmail(s.app, 'stranger@example.com', PASSWORD);
    // another user cannot end it, and nobody ends their current session here (that is logout)
    expect(await call(s.app, 'DELETE', '/user/session', { token: stranger.token, body: { ID: laptopId }, lang: 'de' })).toMatchObject({ code: 7, msg: msg('de', 'errors.notFound') });
    expect(await call(s.app, 'DELETE', '/user/session', { token: phone, body: { ID: list[0].ID } })).toMatchObject({ code: 7 });
    expect(await call(s.app, 'DELETE', '/user/session', { token: phone, body: { ID: 'x' }, lang: 'de' })).toMatchObject({ code: 7 });
    expect(await sessionCount(userId)).toBe(3);
    expect((await userInfo(laptop)).code).toBe(0);

    expect((await call(s.app, 'DELETE', '/user/session', { token: phone, body: { ID: laptopId } })).code).toBe(0);
    expect((await userInfo(laptop)).code).toBe(4016);
    expect((await userInfo(phone)).code).toBe(0);
    expect((await userInfo(stranger.token)).code).toBe(0);
  });

  it('signs out every other device, only with this session’s own id', async () => {
    laptop = (await login(s.app, 'devices@example.com', PASSWORD, { userAgent: IPHONE })).data.token;
    const list = (await sessions(phone)).data.list;
    const other = list.find((d: { current: boolean }) => !d.current);
    expect((await call(s.app, 'DELETE', '/user/otherSessions', { token: phone, body: { ID: other.ID } })).code).toBe(7);
    expect(await sessionCount(userId)).toBe(3);

    expect((await call(s.app, 'DELETE', '/user/otherSessions', { token: phone, body: { ID: list[0].ID } })).code).toBe(0);
    expect((await userInfo(laptop)).code).toBe(4016);
    expect((await userInfo(phone)).code).toBe(0);
    expect((await sessions(phone)).data.list).toHaveLength(1);
  });

  it('past the configured number of devices the oldest session ends', async () => {
    const tokens = [];
    for (let i = 0; i < 3; i++) {
      c.advance(1000);
      tokens.push((await login(s.app, 'devices@example.com', PASSWORD)).data.token);
    }
    expect(await sessionCount(userId)).toBe(3);
    expect((await userInfo(phone)).code).toBe(4016);
    for (const token of tokens) expect((await userInfo(token)).code).toBe(0);
  });

  it('logout ends only this device, at once', async () => {
    const [a, b] = [(await login(s.app, 'devices@example.com', PASSWORD)).data.token, (await login(s.app, 'devices@example.com', PASSWORD)).data.token];
    expect((await call(s.app, 'POST', '/user/logout', { token: a })).code).toBe(0);
    expect((await userInfo(a)).code).toBe(4016);
    expect((await userInfo(b)).code).toBe(0);
  });

  it('a session ends 7 days after sign-in (4017)', async () => {
    const token = (await login(s.app, 'devices@example.com', PASSWORD)).data.token;
    c.advance(7 * 24 * 3_600_000 + 1);
    expect((await userInfo(token)).code).toBe(4017);
  });
});

describe('one session per user (the default)', () => {
  it('a second sign-in ends the first (4016)', async () => {
    const t = await startServer({ scheduler: false }, clock());
    try {
      await registerByEmail(t.app, 'single@example.com', PASSWORD);
      const first = (await login(t.app, 'single@example.com', PASSWORD)).data.token;
      const second = (await login(t.app, 'single@example.com', PASSWORD)).data.token;
      expect((await call(t.app, 'GET', '/user/getUserInfo', { token: first })).code).toBe(4016);
      expect((await call(t.app, 'GET', '/user/getUserInfo', { token: second })).code).toBe(0);
    } finally {
      await t.app.close();
    }
  });
});

describe('anti-phishing code', () => {
  const EMAIL = 'phish@example.com';
  let token = '';
  const set = (body: unknown, lang?: string) => call(s.app, 'POST', '/user/setAntiPhishingCode', { token, body, lang });
  const stored = async () => (await s.app.db.selectFrom('users').select('anti_phishing_code').where('email', '=', EMAIL).executeTakeFirstOrThrow()).anti_phishing_code;

  it('refuses a wrong login password (4011) and a code outside 4–20 letters, digits, _ or -, and stores nothing', async () => {
    token = (await registerByEmail(s.app, EMAIL, PASSWORD)).token;
    expect(await set({ code: 'Blue-Fox_7', password: 'wrong-password' }, 'de')).toMatchObject({ code: 4011, msg: msg('de', 'errors.4011') });
    for (const code of ['abc', 'x'.repeat(21), 'has space', 'émoji', 42]) {
      const r = await set({ code, password: PASSWORD }, 'de');
      expect(r.code, String(code)).toBe(7);
      expect(r.msg).toBe(msg('de', 'antiPhishing.codeRule'));
    }
    expect((await set({ password: PASSWORD }, 'de')).msg).toBe(msg('de', 'antiPhishing.codeRule'));
    expect(await stored()).toBeNull();
    expect((await userInfo(token)).data.userInfo.antiPhishingCode).toBe('');
  });

  it('is shown masked, and every email and SMS to the account starts with it', async () => {
    expect((await set({ code: 'Blue-Fox_7', password: PASSWORD })).code).toBe(0);
    expect(await stored()).toBe('Blue-Fox_7');
    expect((await userInfo(token)).data.userInfo.antiPhishingCode).toBe('Bl******_7');

    c.advance(120_000);
    expect((await call(s.app, 'POST', '/base/emailCode', { body: { email: EMAIL } })).code).toBe(0);
    const mail = await s.app.db.selectFrom('outbox').select('body').where('target', '=', EMAIL).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.body.startsWith('Anti-phishing code: Blue-Fox_7\n')).toBe(true);
    // an address with no account (a registration) gets no code
    expect((await call(s.app, 'POST', '/base/emailCode', { body: { email: 'nobody@example.com' } })).code).toBe(0);
    const other = await s.app.db.selectFrom('outbox').select('body').where('target', '=', 'nobody@example.com').executeTakeFirstOrThrow();
    expect(other.body).not.toContain('Anti-phishing');
  });
});
