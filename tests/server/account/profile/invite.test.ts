// GET /user/myInvite: the user's code, members per referral level (three levels, config
// app.referralLevels), the total and the newest members, masked; never another user's tree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import appJson from '../../../../schemas/config/app.json';
import { maskAccount, maskEmail, maskPhone } from '../../../../server/account/profile/invite-handlers.ts';
import { call, count, msg, newCaptcha, registerByEmail, sendPhoneCode, startServer, type TestServer } from '../../helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());

const myInvite = (token: string, lang?: string) => call(s.app, 'GET', '/user/myInvite', { token, lang });

async function registerByPhone(phone: string, invitationCode: string) {
  const smsCode = await sendPhoneCode(s.app, phone);
  const cap = await newCaptcha(s.app);
  const r = await call(s.app, 'POST', '/base/registerUser', { body: { phone, countryCode: '+86', smsCode, passWord: 'Secret-pass-123', invitationCode, ...cap } });
  expect(r.code, r.msg).toBe(0);
  return r.data as { token: string; user: { ID: number; invitationCode: string } };
}

const levels = (...counts: number[]) => counts.map((count, i) => ({ level: i + 1, count }));

describe('masking', () => {
  it('keeps at most two characters of an email name and the whole domain', () => {
    expect(maskEmail('john.smith@example.com')).toBe('jo•••@example.com');
    expect(maskEmail('abc@example.com')).toBe('a•••@example.com');
    expect(maskEmail('ab@example.com')).toBe('a•••@example.com');
    expect(maskEmail('a@example.com')).toBe('•••@example.com');
  });

  it('shows a phone with its country code, the first three and last four digits', () => {
    expect(maskPhone('+86', '13812348000')).toBe('+86 138••••8000');
    expect(maskPhone('86', '13812348000')).toBe('+86 138••••8000');
    expect(maskPhone('+49', '15123456')).toBe('+49 15••••56');
    expect(maskPhone('', '12345')).toBe('1••••5');
    expect(maskPhone('+1', '123')).toBe('+1 ••••');
  });

  it('prefers the email and never shows a whole account', () => {
    expect(maskAccount({ email: 'jo@x.io', phone: '13812348000', country_code: '+86' })).toBe('j•••@x.io');
    expect(maskAccount({ email: null, phone: '13812348000', country_code: '+86' })).toBe('+86 138••••8000');
    expect(maskAccount({ email: null, phone: null, country_code: '' })).toBe('••••••');
  });
});

describe('GET /user/myInvite', () => {
  let a: { token: string; user: { ID: number; invitationCode: string } };
  let b: typeof a;
  let c: typeof a;
  let d: typeof a;
  let other: typeof a;

  beforeAll(async () => {
    // A invites B (email), B invites C (phone, code typed in lower case), C invites D (email); the clock moves so
    // that join times differ.
    a = await registerByEmail(s.app, 'alpha@example.com');
    b = await registerByEmail(s.app, 'bravo@example.com', 'Secret-pass-123', a.user.invitationCode);
    s.clock.advance(1000);
    c = await registerByPhone('13812348000', b.user.invitationCode.toLowerCase());
    d = await registerByEmail(s.app, 'delta@example.com', 'Secret-pass-123', c.user.invitationCode);
    // Someone else's tree: other invites one member, who must never show up for A.
    other = await registerByEmail(s.app, 'other@example.com');
    await registerByEmail(s.app, 'stranger@example.com', 'Secret-pass-123', other.user.invitationCode);
  });

  it('registration records the inviter for email and phone accounts', async () => {
    const row = (id: number) => s.app.db.selectFrom('users').select('invited_by').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await row(b.user.ID)).invited_by).toBe(a.user.ID);
    expect((await row(c.user.ID)).invited_by).toBe(b.user.ID);
    expect((await row(d.user.ID)).invited_by).toBe(c.user.ID);
  });

  it('A sees one member on each of three levels, total 3, newest first and masked', async () => {
    expect(appJson.referralLevels).toBe(3);
    const r = await myInvite(a.token);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ invitationCode: a.user.invitationCode, levels: levels(1, 1, 1), total: 3, membersLimit: 50 });
    expect(r.data.members.map((m: { account: string; level: number }) => [m.account, m.level])).toEqual([
      ['de•••@example.com', 3],
      ['+86 138••••8000', 2],
      ['br•••@example.com', 1],
    ]);
    for (const m of r.data.members) {
      expect(m.verified).toBe(false);
      expect(typeof m.joinedAt).toBe('number');
    }
    expect(JSON.stringify(r.data)).not.toMatch(/bravo@|delta@|13812348000|other|stranger/);
  });

  it('B sees 1 / 1 / 0; D sees nothing', async () => {
    const rb = await myInvite(b.token);
    expect(rb.data).toMatchObject({ levels: levels(1, 1, 0), total: 2 });
    expect(rb.data.members.map((m: { level: number }) => m.level)).toEqual([2, 1]);
    const rd = await myInvite(d.token);
    expect(rd.data).toMatchObject({ invitationCode: d.user.invitationCode, levels: levels(0, 0, 0), total: 0, members: [] });
  });

  it('stops at three levels: a fourth-level member is not counted', async () => {
    const e = await registerByEmail(s.app, 'echo@example.com', 'Secret-pass-123', d.user.invitationCode);
    const r = await myInvite(a.token);
    expect(r.data).toMatchObject({ levels: levels(1, 1, 1), total: 3 });
    expect(r.data.members).toHaveLength(3);
    const rb = await myInvite(b.token);
    expect(rb.data).toMatchObject({ levels: levels(1, 1, 1), total: 3 });
    expect(e.user.ID).toBeGreaterThan(d.user.ID);
  });

  it('a verified member (real_name_status 2) is shown as verified', async () => {
    await s.app.db.updateTable('users').set({ real_name_status: 2 }).where('id', '=', b.user.ID).execute();
    await s.app.db.updateTable('users').set({ real_name_status: 1 }).where('id', '=', c.user.ID).execute();
    const r = await myInvite(a.token);
    const byLevel = Object.fromEntries(r.data.members.map((m: { level: number; verified: boolean }) => [m.level, m.verified]));
    expect(byLevel).toEqual({ 1: true, 2: false, 3: false });
  });

  it("another user's members never appear", async () => {
    const r = await myInvite(other.token);
    expect(r.data).toMatchObject({ invitationCode: other.user.invitationCode, levels: levels(1, 0, 0), total: 1 });
    expect(r.data.members.map((m: { account: string }) => m.account)).toEqual(['st•••@example.com']);
  });

  it('lists the newest 50 members while the counts cover all', async () => {
    const big = await registerByEmail(s.app, 'big@example.com');
    const before = await count(s.app, 'users');
    const rows = Array.from({ length: 55 }, (_, i) => ({
      email: `member${String(i).padStart(2, '0')}@example.com`,
      country_code: '',
      password_hash: 'x',
      invitation_code: `ZZ${String(i).padStart(4, '0')}`,
      invited_by: big.user.ID,
      credit_score: 100,
      real_name_status: 0,
      barred: 0,
      frozen: 0,
      created_at: Date.UTC(2025, 1, 1) + i * 1000,
    }));
    await s.app.db.insertInto('users').values(rows).execute();
    const r = await myInvite(big.token);
    expect(r.data).toMatchObject({ levels: levels(55, 0, 0), total: 55 });
    expect(r.data.members).toHaveLength(50);
    expect(r.data.members[0].account).toBe('me•••@example.com');
    expect(r.data.members[0].joinedAt).toBe(Date.UTC(2025, 1, 1) + 54 * 1000);
    expect(await count(s.app, 'users')).toBe(before + 55);
  });

  it('needs a session: no token is 4015, in the caller language', async () => {
    const r = await myInvite('', 'de');
    expect(r).toMatchObject({ code: 4015, msg: msg('de', 'errors.4015') });
    const bad = await myInvite('f'.repeat(64));
    expect(bad.code).toBe(4016);
  });
});
