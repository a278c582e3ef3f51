// Issue 40 item 3: an operator update naming only the operator asks for nothing. It used to run an
// empty SQL update (a 500 on SQLite and PostgreSQL); now it is refused with a message saying what
// may be changed, audited as refused, and nothing changes. Asking for what the operator already has
// writes nothing and ends none of their sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, msg, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from '../backoffice/operators.ts';

let s: TestServer;
let alice: SignedInOperator;
let dave: SignedInOperator;
beforeAll(async () => {
  s = await startServer({ scheduler: false });
  alice = await operator(s, 'alice', ['admin']);
  dave = await operator(s, 'dave', ['support', 'content']);
});
afterAll(() => s.app.close());

const update = (body: object) => call(s.app, 'POST', '/admin/operators/update', { adminToken: alice.token, body, lang: 'de' });
const state = async () => ({
  operators: await s.app.db.selectFrom('operators').selectAll().orderBy('id').execute(),
  sessions: await s.app.db.selectFrom('operator_sessions').select(['id', 'operator_id']).orderBy('id').execute(),
});
const lastAudit = () => s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('an operator update that asks for nothing', () => {
  it('with only a name is refused, audited as refused, and changes nothing', async () => {
    for (const name of ['dave', 'alice']) {
      const before = await state();
      const r = await update({ name });
      expect(r).toMatchObject({ status: 200, code: 7, msg: msg('de', 'admin.nothingToChange'), data: { field: 'roles' } });
      expect(await state()).toEqual(before);
      expect(await lastAudit()).toMatchObject({ actor: 'operator alice', action: 'refused.nothingToChange', target_kind: 'operator', target_id: name });
    }
  });

  it('asking for the roles and access the operator has writes nothing and keeps their sessions', async () => {
    const before = await state();
    const r = await update({ name: 'dave', roles: ['content', 'support'], disabled: false });
    expect(r).toMatchObject({ code: 0, data: { name: 'dave', roles: ['support', 'content'], pendingRoles: [], note: msg('de', 'admin.operatorUnchanged') } });
    expect(await state()).toEqual(before);
    expect((await call(s.app, 'GET', '/admin/me', { adminToken: dave.token })).code).toBe(0);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'operator.update', target_id: 'dave' });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ unchanged: true });
  });
});
