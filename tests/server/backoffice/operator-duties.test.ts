// Separation of duties among operators (issue 38): nobody changes their own roles or approves
// their own request; granting admin or finance waits for a second admin; an operator made in the
// console enrols through a one-time link (24 hours, once) and the admin never sees a password or
// a secret; an operator's authenticator is reset by two admins; the last active admin keeps the
// role and access; what `ops operator …` does on the host is shown to every admin until
// acknowledged. Each refusal is a translated message, audited as refused, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateOperator } from '../../../server/backoffice/operator-admin.ts';
import { decideRoleGrant } from '../../../server/backoffice/operator-approvals.ts';
import { runCli } from '../../../server/ops/cli.ts';
import { totpCode } from '../../../server/platform/security/totp.ts';
import { call, msg, startServer, type TestServer } from '../helpers.ts';
import { freshCode, operator, signIn, type SignedInOperator } from './operators.ts';

let s: TestServer;
let alice: SignedInOperator;
let bob: SignedInOperator;
let carol: SignedInOperator;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  alice = await operator(s, 'alice', ['admin']);
  bob = await operator(s, 'bob', ['admin', 'support']);
  carol = await operator(s, 'carol', ['admin']);
});
afterAll(() => s.app.close());

const as = (op: SignedInOperator, method: string, path: string, body?: unknown, lang = 'de') =>
  call(s.app, method, path, { adminToken: op.token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }), lang });
const actorOf = async (op: SignedInOperator) => {
  const row = await s.app.db.selectFrom('operators').select('id').where('name', '=', op.name).executeTakeFirstOrThrow();
  return { actor: `operator ${op.name}`, operatorId: row.id, ip: '127.0.0.1' };
};
const detail = async (name: string) => (await as(alice, 'GET', '/admin/operators/detail', { name })).data;

/** Everything a refusal must leave alone: operators (roles, access, credentials), approvals, enrolments, sessions. */
async function state() {
  const db = s.app.db;
  return {
    operators: await db.selectFrom('operators').selectAll().orderBy('id').execute(),
    approvals: await db.selectFrom('approvals').selectAll().orderBy('id').execute(),
    enrolments: await db.selectFrom('operator_enrolments').selectAll().orderBy('id').execute(),
    sessions: await db.selectFrom('operator_sessions').select(['id', 'operator_id']).orderBy('id').execute(),
  };
}
const auditCount = async () =>
  Number(
    (
      await s.app.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastAudit = () => s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

/** The call is refused with the key's German message, one audit row refused.<rule> by `who`, and nothing else changed. */
async function expectRefused(run: () => Promise<{ code: number; msg: string }>, key: string, rule: string, who: string) {
  const before = await state();
  const audits = await auditCount();
  const r = await run();
  expect(r, key).toMatchObject({ code: 7, msg: msg('de', key) });
  expect(await state(), key).toEqual(before);
  expect(await auditCount(), key).toBe(audits + 1);
  expect(await lastAudit()).toMatchObject({ actor: `operator ${who}`, action: `refused.${rule}`, target_kind: 'operator' });
}

async function enrol(link: string, password = 'enrolled-passphrase-9') {
  const token = new URL(link).hash.slice(1);
  const start = await call(s.app, 'POST', '/admin/enrol/start', { body: { token }, lang: 'de' });
  expect(start.code, start.msg).toBe(0);
  s.clock.advance(30_000);
  const done = await call(s.app, 'POST', '/admin/enrol/finish', { body: { token, password, totp: totpCode(start.data.secret, s.clock.now()) }, lang: 'de' });
  expect(done.code, done.msg).toBe(0);
  return { token, secret: start.data.secret as string, session: done.data as { token: string; name: string; roles: string[] } };
}

describe('own roles and own access', () => {
  it('refuses an admin changing her own roles (adding or removing) or disabling herself, audited, nothing changed', async () => {
    await expectRefused(
      () => as(bob, 'POST', '/admin/operators/update', { name: 'bob', roles: ['admin', 'support', 'finance'] }),
      'admin.cannotChangeOwnRoles',
      'ownRoles',
      'bob',
    );
    await expectRefused(() => as(bob, 'POST', '/admin/operators/update', { name: 'bob', roles: ['admin'] }), 'admin.cannotChangeOwnRoles', 'ownRoles', 'bob');
    await expectRefused(() => as(bob, 'POST', '/admin/operators/update', { name: 'bob', disabled: true }), 'admin.cannotDisableSelf', 'disableSelf', 'bob');
    // the same roles again are no change
    expect((await as(bob, 'POST', '/admin/operators/update', { name: 'bob', roles: ['support', 'admin'] })).code).toBe(0);
    expect((await detail('bob')).roles).toEqual(['admin', 'support']);
  });
});

describe('granting admin or finance', () => {
  it('waits for a second admin: the request shows who asked and when; the asker and the grantee cannot approve it; another admin can', async () => {
    const dave = await operator(s, 'dave', ['support']);
    const asked = await as(alice, 'POST', '/admin/operators/update', { name: 'dave', roles: ['support', 'finance', 'content'] });
    expect(asked).toMatchObject({ code: 0, data: { roles: ['support', 'content'], pendingRoles: ['finance'] } });
    expect(asked.data.note).toBe(msg('de', 'admin.grantRequested', { roles: msg('de', 'admin.role.finance') }));
    const row = await detail('dave');
    expect(row).toMatchObject({
      roles: ['support', 'content'],
      pendingRoles: ['finance'],
      grantRequestedBy: 'alice',
      grantRequestedAt: new Date(s.clock.now()).toISOString(),
    });
    const listed = (await as(carol, 'GET', '/admin/operators')).data.list.find((o: { name: string }) => o.name === 'dave');
    expect(listed).toMatchObject({ pendingRoles: ['finance'], grantRequestedBy: 'alice' });
    // dave's session ended with the change of his roles; finance is not his yet
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: dave.token })).code).toBe(4103);

    await expectRefused(
      () => as(alice, 'POST', '/admin/operators/decideGrant', { name: 'dave', decision: 'approve' }),
      'admin.grantSameAdmin',
      'selfApproval',
      'alice',
    );
    expect((await as(bob, 'POST', '/admin/operators/update', { name: 'dave', roles: ['support', 'admin'] })).msg).toBe(msg('de', 'admin.grantAlreadyWaiting'));

    const approved = await as(carol, 'POST', '/admin/operators/decideGrant', { name: 'dave', decision: 'approve', reason: 'new treasury desk' });
    expect(approved).toMatchObject({ code: 0, data: { name: 'dave', roles: ['finance', 'support', 'content'], decision: 'approve' } });
    expect(await detail('dave')).toMatchObject({ roles: ['finance', 'support', 'content'], pendingRoles: [], grantRequestedBy: null });
    const approval = await s.app.db
      .selectFrom('approvals')
      .selectAll()
      .where('action', '=', 'operatorRoleGrant')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(approval).toMatchObject({ status: 'done', reason: 'new treasury desk' });
    expect(await lastAudit()).toMatchObject({ actor: 'operator carol', action: 'operator.roles.approve', target_id: 'dave' });

    await expectRefused(
      () => as(bob, 'POST', '/admin/operators/decideGrant', { name: 'dave', decision: 'approve' }),
      'admin.grantNotWaiting',
      'notWaiting',
      'bob',
    );
  });

  it('refuses an admin approving a grant to herself', async () => {
    const erin = await operator(s, 'erin', ['admin']);
    expect((await as(alice, 'POST', '/admin/operators/update', { name: 'erin', roles: ['admin', 'finance'] })).data.pendingRoles).toEqual(['finance']);
    const again = { ...erin, token: await signIn(s, 'erin', erin.password, erin.secret) };
    await expectRefused(
      () => as(again, 'POST', '/admin/operators/decideGrant', { name: 'erin', decision: 'approve' }),
      'admin.grantOwnRoles',
      'ownRequest',
      'erin',
    );
    // anyone, the asker too, may reject it: nothing is granted
    expect((await as(alice, 'POST', '/admin/operators/decideGrant', { name: 'erin', decision: 'reject', reason: 'not needed' })).code).toBe(0);
    expect(await detail('erin')).toMatchObject({ roles: ['admin'], pendingRoles: [] });
  });

  it('applies removals and other roles at once', async () => {
    await operator(s, 'frank', ['finance', 'support']);
    expect((await as(alice, 'POST', '/admin/operators/update', { name: 'frank', roles: ['compliance'] })).data).toMatchObject({
      roles: ['compliance'],
      pendingRoles: [],
    });
    expect((await detail('frank')).roles).toEqual(['compliance']);
  });

  it('refuses an approver who was disabled or lost the admin role in between, audited, nothing changed', async () => {
    await operator(s, 'gina', ['support']);
    expect((await as(alice, 'POST', '/admin/operators/update', { name: 'gina', roles: ['support', 'finance'] })).code).toBe(0);
    const harry = await operator(s, 'harry', ['admin']);
    const harryActor = await actorOf(harry);
    // through the console: harry lost the role, so the gate turns him away (4105, audited)
    expect((await as(carol, 'POST', '/admin/operators/update', { name: 'harry', roles: ['support'] })).code).toBe(0);
    const resigned = { ...harry, token: await signIn(s, 'harry', harry.password, harry.secret) };
    expect((await as(resigned, 'POST', '/admin/operators/decideGrant', { name: 'gina', decision: 'approve' })).code).toBe(4105);
    // a request that passed the gate before the change still approves nothing
    const before = await state();
    await expect(decideRoleGrant(s.app.db, harryActor, { name: 'gina', decision: 'approve' }, s.clock.now())).rejects.toMatchObject({
      msgKey: 'admin.approverNotAdmin',
    });
    expect(await state()).toEqual(before);
    expect(await lastAudit()).toMatchObject({ actor: 'operator harry', action: 'refused.approverNotAdmin', target_id: 'gina' });
    // disabled: the session ends at once, and a request in flight approves nothing either
    expect((await as(carol, 'POST', '/admin/operators/update', { name: 'harry', roles: ['admin'] })).data.pendingRoles).toEqual(['admin']);
    expect((await as(alice, 'POST', '/admin/operators/decideGrant', { name: 'harry', decision: 'approve' })).code).toBe(0);
    expect((await as(carol, 'POST', '/admin/operators/update', { name: 'harry', disabled: true })).code).toBe(0);
    await expect(decideRoleGrant(s.app.db, harryActor, { name: 'gina', decision: 'approve' }, s.clock.now())).rejects.toMatchObject({
      msgKey: 'admin.approverNotAdmin',
    });
    expect((await detail('gina')).roles).toEqual(['support']);
  });

  it('makes one decision of two approvals at once', async () => {
    await operator(s, 'ivy', ['support']);
    expect((await as(alice, 'POST', '/admin/operators/update', { name: 'ivy', roles: ['support', 'admin'] })).code).toBe(0);
    const audits = await auditCount();
    const answers = await Promise.all([bob, carol].map((op) => as(op, 'POST', '/admin/operators/decideGrant', { name: 'ivy', decision: 'approve' })));
    expect(answers.map((a) => a.code).sort()).toEqual([0, 7]);
    expect(answers.find((a) => a.code === 7)!.msg).toBe(msg('de', 'admin.grantNotWaiting'));
    expect((await detail('ivy')).roles).toEqual(['admin', 'support']);
    const grants = await s.app.db
      .selectFrom('approvals')
      .selectAll()
      .where('action', '=', 'operatorRoleGrant')
      .where('target_id', '=', String((await actorOf({ name: 'ivy' } as SignedInOperator)).operatorId))
      .execute();
    expect(grants.map((g) => g.status)).toEqual(['done']);
    const written = await s.app.db.selectFrom('audit_log').select('action').where('id', '>', audits).orderBy('id').execute();
    expect(written.map((w) => w.action).sort()).toEqual(['operator.roles.approve', 'refused.notWaiting']);
  });

  it('refuses malformed and oversized decisions with the rule, writing nothing', async () => {
    const before = await state();
    const audits = await auditCount();
    const cases: [unknown, string][] = [
      [{ name: 'dave', decision: 'maybe' }, 'admin.decisionInvalid'],
      [{ name: 'dave' }, 'admin.decisionInvalid'],
      [{ name: 'dave', decision: 'approve', reason: 'x'.repeat(201) }, 'admin.reasonTooLong'],
      [{ name: 'Dave!', decision: 'approve' }, 'admin.operatorNameFormat'],
      [{ name: { $ne: '' }, decision: 'approve' }, 'admin.operatorNameFormat'],
      [{ name: 'nobody', decision: 'approve' }, 'admin.operatorUnknown'],
    ];
    for (const [body, key] of cases)
      expect(await as(alice, 'POST', '/admin/operators/decideGrant', body), JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('de', key) });
    for (const roles of [[], ['admin', 'admin'], 'admin'])
      expect(await as(alice, 'POST', '/admin/operators/update', { name: 'dave', roles }), JSON.stringify(roles)).toMatchObject({
        code: 7,
        msg: msg('de', 'admin.rolesRequired'),
      });
    expect(await as(alice, 'POST', '/admin/operators/update', { name: 'dave', roles: ['boss'] })).toMatchObject({
      code: 7,
      msg: expect.stringContaining('admin, finance, compliance'),
    });
    expect(await as(alice, 'POST', '/admin/operators/add', { name: 'x'.repeat(33), roles: ['support'] })).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.operatorNameFormat'),
    });
    expect(await state()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe('the last active admin', () => {
  it('keeps the admin role and access: of two admins disabling each other at once, one stays', async () => {
    const t = await startServer({ scheduler: false });
    try {
      const x = await operator(t, 'xena', ['admin']);
      const y = await operator(t, 'yuri', ['admin']);
      const [ax, ay] = await Promise.all(
        [x, y].map(async (op) => ({
          actor: `operator ${op.name}`,
          operatorId: (await t.app.db.selectFrom('operators').select('id').where('name', '=', op.name).executeTakeFirstOrThrow()).id,
          ip: 'local',
        })),
      );
      // both requests passed the gate; the admins' lock lets one through and the other finds the last admin
      const results = await Promise.allSettled([
        updateOperator(t.app.db, ax, { name: 'yuri', disabled: true }, t.clock.now()),
        updateOperator(t.app.db, ay, { name: 'xena', disabled: true }, t.clock.now()),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ msgKey: 'admin.lastAdmin' });
      const active = await t.app.db.selectFrom('operators').select('name').where('disabled', '=', 0).execute();
      expect(active).toHaveLength(1);
      const last = active[0].name;
      const stale = last === 'xena' ? ay : ax;
      for (const change of [
        { name: last, disabled: true },
        { name: last, roles: ['support' as const] },
      ])
        await expect(updateOperator(t.app.db, stale, change, t.clock.now())).rejects.toMatchObject({ msgKey: 'admin.lastAdmin' });
      const audit = await t.app.db.selectFrom('audit_log').select('action').where('action', '=', 'refused.lastAdmin').execute();
      expect(audit).toHaveLength(3);
      // on the host too
      expect(await runCli(['operator', 'disable', last], t.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('last active admin') });
      expect(await runCli(['operator', 'roles', last, 'support'], t.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('last active admin') });
      expect((await t.app.db.selectFrom('operators').selectAll().where('name', '=', last).executeTakeFirstOrThrow()).roles).toBe('admin');
    } finally {
      await t.app.close();
    }
  });
});

describe('an operator made in the console', () => {
  it('gets a one-time link instead of a password; sets a password and an authenticator with it and is signed in', async () => {
    const added = await as(alice, 'POST', '/admin/operators/add', { name: 'jules', roles: ['support', 'finance'] });
    expect(added).toMatchObject({
      code: 0,
      data: { name: 'jules', roles: ['support'], pendingRoles: ['finance'], validUntil: new Date(s.clock.now() + 24 * 3600_000).toISOString() },
    });
    expect(Object.keys(added.data).sort()).toEqual(['enrolLink', 'name', 'pendingRoles', 'roles', 'validUntil']);
    expect(added.data.enrolLink).toMatch(/^http:\/\/localhost:8080\/admin\/enrol#[0-9a-f]{64}$/);
    expect(await detail('jules')).toMatchObject({ enrolling: true, roles: ['support'], pendingRoles: ['finance'], grantRequestedBy: 'alice' });
    const token = new URL(added.data.enrolLink).hash.slice(1);
    // only its hash is stored, and neither it nor a secret is in the audit trail
    const stored = await s.app.db.selectFrom('operator_enrolments').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);
    const trail = JSON.stringify(await s.app.db.selectFrom('audit_log').selectAll().execute());
    expect(trail).not.toContain(token);
    expect(trail).not.toContain(stored.totp_secret);
    // nothing signs in before the link is used
    expect((await call(s.app, 'POST', '/admin/login', { body: { name: 'jules', password: '', totp: freshCode(s, stored.totp_secret) } })).code).toBe(7);
    expect((await call(s.app, 'POST', '/admin/login', { body: { name: 'jules', password: 'x', totp: freshCode(s, stored.totp_secret) } })).code).toBe(4101);

    const start = await call(s.app, 'POST', '/admin/enrol/start', { body: { token } });
    expect(start.data).toMatchObject({ name: 'jules', purpose: 'new', secret: stored.totp_secret });
    expect(start.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/CoinApp%3Ajules\?/);
    const finish = (body: Record<string, unknown>) => call(s.app, 'POST', '/admin/enrol/finish', { body: { token, ...body }, lang: 'de' });
    const code = () => totpCode(stored.totp_secret, s.clock.now());
    const before = await state();
    expect(await finish({ password: 'password1', totp: code() })).toMatchObject({ code: 7, msg: msg('de', 'validation.passwordCommon') });
    expect(await finish({ password: 'short', totp: code() })).toMatchObject({ code: 7, msg: msg('de', 'validation.passwordLength') });
    expect(await finish({ password: 'jules-passphrase-3', totp: code() === '000000' ? '111111' : '000000' })).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.enrolCodeWrong'),
    });
    expect(await finish({ password: 'jules-passphrase-3', totp: '12345' })).toMatchObject({ code: 7, msg: msg('de', 'admin.totpFormat') });
    expect(await state()).toEqual(before);

    // the same link sent twice at once enrols once
    const both = await Promise.all([finish({ password: 'jules-passphrase-3', totp: code() }), finish({ password: 'other-passphrase-4', totp: code() })]);
    expect(both.map((b) => b.code).sort()).toEqual([0, 7]);
    expect(both.find((b) => b.code === 7)!.msg).toBe(msg('de', 'admin.enrolLinkUsed'));
    const won = both.find((b) => b.code === 0)!;
    expect(won.data).toMatchObject({ name: 'jules', roles: ['support'], mustChangePassword: false });
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: won.data.token })).data).toMatchObject({ name: 'jules', roles: ['support'] });
    expect(await detail('jules')).toMatchObject({ enrolling: false });
    expect(await lastAudit()).toMatchObject({ actor: 'operator jules', action: 'operator.enrol' });
    expect(await call(s.app, 'POST', '/admin/enrol/start', { body: { token }, lang: 'de' })).toMatchObject({ code: 7, msg: msg('de', 'admin.enrolLinkUsed') });
  });

  it('an operator whose only role waits for a second admin can still see who they are and sign out, and nothing else', async () => {
    const added = await as(alice, 'POST', '/admin/operators/add', { name: 'quinn', roles: ['finance'] });
    expect(added.data).toMatchObject({ roles: [], pendingRoles: ['finance'] });
    const { session } = await enrol(added.data.enrolLink, 'quinn-passphrase-12');
    const me = await call(s.app, 'GET', '/admin/me', { adminToken: session.token });
    expect(me, me.msg).toMatchObject({ code: 0, data: { name: 'quinn', roles: [] } });
    expect((await call(s.app, 'GET', '/admin/reviews', { adminToken: session.token })).code).not.toBe(0);
    expect((await call(s.app, 'POST', '/admin/logout', { adminToken: session.token, body: {} })).code).toBe(0);
  });

  it('says so for an expired, unknown or malformed link, and for a disabled operator', async () => {
    const added = await as(alice, 'POST', '/admin/operators/add', { name: 'kim', roles: ['content'] });
    const token = new URL(added.data.enrolLink).hash.slice(1);
    s.clock.advance(24 * 3600_000);
    // the admins' sessions went idle meanwhile
    for (const op of [alice, bob, carol]) op.token = await signIn(s, op.name, op.password, op.secret);
    const start = (t: unknown) => call(s.app, 'POST', '/admin/enrol/start', { body: { token: t }, lang: 'de' });
    expect(await start(token)).toMatchObject({ code: 7, msg: msg('de', 'admin.enrolLinkExpired') });
    expect(await call(s.app, 'POST', '/admin/enrol/finish', { body: { token, password: 'kim-passphrase-5', totp: '123456' }, lang: 'de' })).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.enrolLinkExpired'),
    });
    expect(await start('f'.repeat(64))).toMatchObject({ code: 7, msg: msg('de', 'admin.enrolLinkUnknown') });
    for (const bad of ['', 'x', 'F'.repeat(64), 'f'.repeat(65), 42, { $ne: '' }])
      expect(await start(bad), JSON.stringify(bad)).toMatchObject({ code: 7, msg: msg('de', 'admin.enrolLinkUnknown') });
    const lee = await as(alice, 'POST', '/admin/operators/add', { name: 'lee', roles: ['content'] });
    expect((await as(alice, 'POST', '/admin/operators/update', { name: 'lee', disabled: true })).code).toBe(0);
    expect(await start(new URL(lee.data.enrolLink).hash.slice(1))).toMatchObject({ code: 7, msg: msg('de', 'admin.enrolOperatorDisabled') });
  });
});

describe("resetting an operator's authenticator", () => {
  it('takes two admins, ends in a fresh link, and the old password and authenticator stop working', async () => {
    const mia = await operator(s, 'mia', ['support']);
    await expectRefused(
      () => as(alice, 'POST', '/admin/operators/resetTotp', { name: 'alice', reason: 'lost phone' }),
      'admin.operatorTotpResetSelf',
      'ownTotpReset',
      'alice',
    );
    const asked = await as(alice, 'POST', '/admin/operators/resetTotp', { name: 'mia', reason: 'lost phone' });
    expect(asked).toMatchObject({ code: 0, data: { step: 'requested', note: msg('de', 'admin.operatorTotpResetRequested') } });
    expect(asked.data).not.toHaveProperty('enrolLink');
    expect(await detail('mia')).toMatchObject({ totpResetRequestedBy: 'alice', enrolling: false });
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: mia.token })).code).toBe(0);
    await expectRefused(
      () => as(alice, 'POST', '/admin/operators/resetTotp', { name: 'mia', reason: 'lost phone' }),
      'admin.operatorTotpResetSameAdmin',
      'selfApproval',
      'alice',
    );

    const done = await as(carol, 'POST', '/admin/operators/resetTotp', { name: 'mia', reason: 'identity checked in person' });
    expect(done).toMatchObject({ code: 0, data: { step: 'done', note: msg('de', 'admin.operatorTotpResetDone') } });
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: mia.token })).code).toBe(4103);
    expect(await lastAudit()).toMatchObject({ actor: 'operator carol', action: 'operator.totpReset', target_id: 'mia' });
    expect((await call(s.app, 'POST', '/admin/login', { body: { name: 'mia', password: mia.password, totp: freshCode(s, mia.secret) } })).code).toBe(4101);
    expect(await detail('mia')).toMatchObject({ enrolling: true, totpResetRequestedBy: null });
    // the refused sign-in is written too (the operator is told of it on their next sign-in)
    expect(await lastAudit()).toMatchObject({ action: 'operator.signInFailed', target_id: 'mia' });

    const enrolled = await enrol(done.data.enrolLink, 'mia-new-passphrase-1');
    expect(enrolled.secret).not.toBe(mia.secret);
    expect(enrolled.session).toMatchObject({ name: 'mia', roles: ['support'] });
    expect(
      (await call(s.app, 'POST', '/admin/login', { body: { name: 'mia', password: 'mia-new-passphrase-1', totp: freshCode(s, enrolled.secret) } })).code,
    ).toBe(0);
  });

  it('refuses a reset without a reason or with an oversized one, writing nothing', async () => {
    const before = await state();
    for (const [body, key] of [
      [{ name: 'mia', reason: '' }, 'admin.operatorTotpResetReason'],
      [{ name: 'mia', reason: '   ' }, 'checks.blank'],
      [{ name: 'mia' }, 'admin.operatorTotpResetReason'],
      [{ name: 'mia', reason: 'x'.repeat(201) }, 'admin.reasonTooLong'],
      [{ name: 'nobody', reason: 'lost phone' }, 'admin.operatorUnknown'],
    ] as const)
      expect(await as(alice, 'POST', '/admin/operators/resetTotp', body), JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('de', key) });
    expect(await state()).toEqual(before);
  });
});

describe('operator changes on the server host', () => {
  it('are shown to every active admin until that admin acknowledges them', async () => {
    const out = await runCli(['operator', 'add', 'nora', '--role', 'admin,finance'], s.dataDir);
    expect(out.code, out.out).toBe(0);
    expect(out.out).toMatch(/^password: \S+$/m);
    expect(out.out).toMatch(/^totp: otpauth:\/\/totp\/\S+$/m);
    expect((await runCli(['operator', 'roles', 'frank', 'compliance,support'], s.dataDir)).code).toBe(0);
    const seen = async (op: SignedInOperator) => (await as(op, 'GET', '/admin/operators/hostChanges')).data.list;
    const forAlice = await seen(alice);
    expect(forAlice.slice(-2)).toMatchObject([
      { name: 'nora', what: 'add', roles: ['admin', 'finance'], actor: expect.stringMatching(/^cli /) },
      { name: 'frank', what: 'roles', roles: ['compliance', 'support'] },
    ]);
    const cliAudit = await s.app.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', 'like', 'cli.operator%').execute();
    expect(cliAudit.map((a) => a.target_id)).toEqual(expect.arrayContaining(['nora', 'frank']));

    expect(await as(alice, 'POST', '/admin/operators/hostChanges/acknowledge', { upTo: forAlice.at(-1).id + 1 })).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.hostChangeUnknown'),
    });
    for (const upTo of [0, -1, 'x', 1.5])
      expect((await as(alice, 'POST', '/admin/operators/hostChanges/acknowledge', { upTo })).msg).toBe(msg('de', 'admin.hostChangeUnknown'));
    expect((await as(alice, 'POST', '/admin/operators/hostChanges/acknowledge', { upTo: forAlice.at(-1).id })).code).toBe(0);
    expect(await seen(alice)).toEqual([]);
    expect((await seen(carol)).map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['nora', 'frank']));
    expect(await lastAudit()).toMatchObject({ actor: 'operator alice', action: 'operator.hostChanges.acknowledge' });
  });
});
