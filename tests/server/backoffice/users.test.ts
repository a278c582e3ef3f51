// Customers in the back office: search and detail, freezing sign-in (every session ends, the
// customer is told why) or withdrawals (the withdrawal screens show the reason), unfreezing,
// ending every session; and operators managed by an admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDeposit } from '../../../server/funds/deposits/admin-deposit.ts';
import { totpCode } from '../../../server/platform/security/totp.ts';
import { call, lastMessageTo, login, msg, registerByEmail, startServer, type TestServer, verifyIdentity } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let compliance: SignedInOperator;
let support: SignedInOperator;
let admin: SignedInOperator;
let customer: { token: string; user: { ID: number } };
const LOGIN = 'Secret-pass-123';

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  compliance = await operator(s, 'comp', ['compliance']);
  support = await operator(s, 'help', ['support']);
  admin = await operator(s, 'boss', ['admin']);
  customer = await registerByEmail(s.app, 'frozen-soon@example.com', LOGIN);
  await verifyIdentity(s.app.db, customer.user.ID);
  await adminDeposit(s.app.db, customer.user.ID, 'USDT', '42', s.clock.now());
});
afterAll(() => s.app.close());

const as = (op: SignedInOperator, method: string, path: string, body?: unknown, lang?: string) =>
  call(s.app, method, path, { adminToken: op.token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }), lang });

describe('customers', () => {
  it('finds a customer by id or e-mail and shows balances, ledger and sessions', async () => {
    const byMail = await as(support, 'GET', '/admin/users', { q: 'frozen-soon@' });
    expect(byMail.data.list).toEqual([
      expect.objectContaining({ uid: customer.user.ID, email: 'frozen-soon@example.com', loginFrozen: false, verified: true }),
    ]);
    expect((await as(support, 'GET', '/admin/users', { q: String(customer.user.ID) })).data.list[0].uid).toBe(customer.user.ID);
    // no match is an empty page, still of a page size the document allows (at least 1)
    expect((await as(support, 'GET', '/admin/users', { q: 'nobody-like-this@' })).data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
    const detail = await as(support, 'GET', '/admin/users/detail', { uid: customer.user.ID });
    expect(detail.data).toMatchObject({
      balances: [{ coin: 'USDT', available: '42', frozen: '0' }],
      ledger: [expect.objectContaining({ type: 'agent_deposit', amount: '42' })],
      sessions: [expect.any(Object)],
    });
    expect(detail.data.inviters.length).toBeGreaterThan(0);
    expect(await as(support, 'GET', '/admin/users/detail', { uid: 999999 }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.userUnknown') });
    // the search is free text of at most 64 characters
    expect(await as(support, 'GET', '/admin/users', { q: 'x'.repeat(65) }, 'de')).toMatchObject({
      code: 7,
      data: { field: 'q' },
      msg: msg('de', 'validation.queryText', { field: 'q' }),
    });
  });

  it("shows the customer's second factors (never a secret), sign-in history and a freeze the customer made", async () => {
    const setup = await call(s.app, 'POST', '/user/totp/setup', { token: customer.token });
    await call(s.app, 'POST', '/user/totp/enable', { token: customer.token, body: { code: totpCode(setup.data.secret, s.clock.now()) } });
    expect((await login(s.app, 'frozen-soon@example.com', 'Wrong-pass-1')).code).not.toBe(0);
    const detail = await as(support, 'GET', '/admin/users/detail', { uid: customer.user.ID });
    expect(detail.data).toMatchObject({ totp: true, passkeys: 0, selfFrozen: null });
    expect(JSON.stringify(detail.data)).not.toContain(setup.data.secret);
    const history = await as(support, 'GET', '/admin/users/signins', { uid: String(customer.user.ID) });
    expect(history.data.list[0]).toMatchObject({ method: 'password', result: 'badPassword' });
    expect(await as(support, 'GET', '/admin/users/signins', { uid: 'abc' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.userUnknown') });
    expect(await as(support, 'GET', '/admin/users/signins', { uid: '999999' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.userUnknown') });
    await call(s.app, 'POST', '/user/totp/disable', { token: customer.token, body: { totp: totpCode(setup.data.secret, s.clock.now() + 30_000) } });
  });

  it("resets a customer's authenticator only when a second operator sends the same reset", async () => {
    const uid = customer.user.ID;
    const none = await as(compliance, 'POST', '/admin/users/resetTotp', { uid, reason: 'Video call' }, 'de');
    expect(none).toMatchObject({ code: 7, msg: msg('de', 'admin.totpResetNone') });
    const setup = await call(s.app, 'POST', '/user/totp/setup', { token: customer.token });
    await call(s.app, 'POST', '/user/totp/enable', { token: customer.token, body: { code: totpCode(setup.data.secret, s.clock.now()) } });
    const first = await as(compliance, 'POST', '/admin/users/resetTotp', { uid, reason: 'Passport checked on a video call' });
    expect(first.data).toEqual({ step: 'requested', note: msg(undefined, 'admin.totpResetRequested') });
    expect((await call(s.app, 'GET', '/user/securityStatus', { token: customer.token })).data.totp).toBe(true);
    const same = await as(compliance, 'POST', '/admin/users/resetTotp', { uid, reason: 'again' }, 'de');
    expect(same).toMatchObject({ code: 7, msg: msg('de', 'admin.totpResetSameOperator') });
    const outboxBefore = await s.app.db.selectFrom('outbox').select('id').execute();
    const second = await as(admin, 'POST', '/admin/users/resetTotp', { uid, reason: 'Agreed' });
    expect(second.data.step).toBe('done');
    expect((await call(s.app, 'GET', '/user/securityStatus', { token: customer.token })).data).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
    const actions = await s.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(uid))
      .where('action', 'like', 'user.totpReset%')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['user.totpReset.request', 'user.totpReset']);
    expect(await s.app.db.selectFrom('outbox').select('id').execute()).toHaveLength(outboxBefore.length + 1);
    // the customer never signed in asking for a language: the notice is in English, not the operators' German
    const told = await lastMessageTo(s.app, 'frozen-soon@example.com');
    expect(told).toContain(msg(undefined, 'security.totpResetNotice'));
  });

  it("tells the customer of a reset in the language of the customer's latest sign-in, not the operator's", async () => {
    const email = 'reset-de@example.com';
    const { user } = await registerByEmail(s.app, email, LOGIN);
    expect((await login(s.app, email, LOGIN, { lang: 'fr' })).code).toBe(0);
    const signedIn = await login(s.app, email, LOGIN, { lang: 'de' });
    expect(signedIn.code, signedIn.msg).toBe(0);
    // a later failed attempt in another language is not a sign-in
    expect((await login(s.app, email, 'Wrong-pass-1', { lang: 'ja' })).code).not.toBe(0);
    const langs = await s.app.db.selectFrom('signins').select(['result', 'lang']).where('user_id', '=', user.ID).orderBy('id').execute();
    expect(langs).toEqual([
      { result: 'ok', lang: 'fr-FR' },
      { result: 'ok', lang: 'de-DE' },
      { result: 'badPassword', lang: 'ja-JP' },
    ]);
    const token = signedIn.data.token;
    const setup = await call(s.app, 'POST', '/user/totp/setup', { token });
    await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: totpCode(setup.data.secret, s.clock.now()) } });
    expect((await as(compliance, 'POST', '/admin/users/resetTotp', { uid: user.ID, reason: 'Passport checked' }, 'en')).data.step).toBe('requested');
    expect((await as(admin, 'POST', '/admin/users/resetTotp', { uid: user.ID, reason: 'Agreed' }, 'en')).data.step).toBe('done');
    const told = await lastMessageTo(s.app, email);
    expect(told).toContain(msg('de', 'security.totpResetNotice'));
    expect(msg('de', 'security.totpResetNotice')).not.toBe(msg(undefined, 'security.totpResetNotice'));
  });

  it('freezes withdrawals with a reason the withdrawal screens show, and lifts it', async () => {
    const r = await as(compliance, 'POST', '/admin/users/freeze', { uid: customer.user.ID, what: 'withdraw', reason: 'Source of funds under review' });
    expect(r.data).toMatchObject({ withdrawFrozen: true, withdrawFrozenReason: 'Source of funds under review', loginFrozen: false });
    const status = await call(s.app, 'GET', '/withdraw/status', { token: customer.token });
    expect(status.data.block).toEqual({ reason: 'frozen', until: null, link: null, note: 'Source of funds under review' });
    const refused = await call(s.app, 'POST', '/withdraw/createWithdraw', {
      token: customer.token,
      lang: 'de',
      body: { coinname: 'USDT', coin_id: 1, czline: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', num: '20', pay_password: '123456' },
    });
    expect(refused.msg).toBe(msg('de', 'funds.block.frozen', { note: 'Source of funds under review' }));
    const told = await lastMessageTo(s.app, 'frozen-soon@example.com');
    expect(told).toContain('Source of funds under review');
    expect((await as(compliance, 'POST', '/admin/users/unfreeze', { uid: customer.user.ID, what: 'withdraw' })).data.withdrawFrozen).toBe(false);
    expect((await call(s.app, 'GET', '/withdraw/status', { token: customer.token })).data.block?.reason).not.toBe('frozen');
  });

  it('freezes sign-in: every session ends at once and sign-in answers 4008; ends sessions on request', async () => {
    expect((await as(support, 'POST', '/admin/users/freeze', { uid: customer.user.ID, what: 'login', reason: 'x' })).code).toBe(4105);
    expect((await as(compliance, 'POST', '/admin/users/freeze', { uid: customer.user.ID, what: 'login', reason: 'Reported stolen by the owner' })).code).toBe(
      0,
    );
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: customer.token })).code).toBe(4016);
    expect((await login(s.app, 'frozen-soon@example.com', LOGIN)).code).toBe(4008);
    expect((await as(compliance, 'POST', '/admin/users/unfreeze', { uid: customer.user.ID, what: 'login' })).code).toBe(0);
    const again = await login(s.app, 'frozen-soon@example.com', LOGIN);
    expect(again.code, again.msg).toBe(0);
    expect((await as(support, 'POST', '/admin/users/endSessions', { uid: customer.user.ID })).code).toBe(0);
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token: again.data.token })).code).toBe(4016);
    const audit = await s.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_kind', '=', 'user')
      .where('action', 'not like', 'user.totpReset%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'user.freeze.withdraw',
      'user.unfreeze.withdraw',
      'user.freeze.login',
      'user.unfreeze.login',
      'user.endSessions',
    ]);
  });
});

describe('operators managed by an admin', () => {
  it('adds an operator who enrols through the answered link; re-roles and disables them', async () => {
    const added = await as(admin, 'POST', '/admin/operators/add', { name: 'newbie', roles: ['support'] });
    expect(added).toMatchObject({ code: 0, data: { name: 'newbie', roles: ['support'], pendingRoles: [] } });
    expect(added.data).not.toHaveProperty('password');
    const token = new URL(added.data.enrolLink).hash.slice(1);
    const start = await call(s.app, 'POST', '/admin/enrol/start', { body: { token } });
    const signedIn = await call(s.app, 'POST', '/admin/enrol/finish', {
      body: { token, password: 'newbie-passphrase-7', totp: totpCode(start.data.secret, s.clock.now()) },
    });
    expect(signedIn.data).toMatchObject({ name: 'newbie', mustChangePassword: false });
    expect((await as(admin, 'POST', '/admin/operators/add', { name: 'newbie', roles: ['support'] }, 'de')).msg).toBe(msg('de', 'admin.operatorExists'));
    const updated = await as(admin, 'POST', '/admin/operators/update', { name: 'newbie', roles: ['support', 'content'] });
    expect(updated.data).toMatchObject({ roles: ['support', 'content'], pendingRoles: [] });
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: signedIn.data.token })).code).toBe(4103);
    expect((await as(admin, 'POST', '/admin/operators/update', { name: 'newbie', disabled: true })).code).toBe(0);
    expect((await as(admin, 'GET', '/admin/operators/detail', { name: 'newbie' })).data).toMatchObject({
      name: 'newbie',
      roles: ['support', 'content'],
      disabled: true,
      mustChangePassword: false,
      enrolling: false,
    });
    expect(await as(admin, 'GET', '/admin/operators/detail', { name: 'nobody' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.operatorUnknown') });
    for (const name of ['A!', 'x', 'y'.repeat(40)])
      expect(await as(admin, 'GET', '/admin/operators/detail', { name }, 'de'), name).toMatchObject({ code: 7, msg: msg('de', 'admin.operatorNameFormat') });
    const list = await as(admin, 'GET', '/admin/operators');
    expect(list.data.list.map((o: { name: string }) => o.name)).toEqual(['comp', 'help', 'boss', 'newbie']);
    expect(JSON.stringify(await s.app.db.selectFrom('audit_log').select(['before_json', 'after_json']).execute())).not.toContain(token);
  });
});
