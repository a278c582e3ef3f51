// The console's audit screen on the server: filters by operator, customer (id, email or phone:
// the rows that name them, a balance of theirs or one of their review items), action and day
// range; order and paging over the whole trail; each row's changes as "key: before → after";
// a CSV export of the filtered rows that is itself audited. Bad filters get a translated
// message and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../server/ops/cli.ts';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let ada: SignedInOperator;
let finn: SignedInOperator;
let customer: { uid: number; email: string };

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  ada = await operator(s, 'ada', ['admin']);
  finn = await operator(s, 'finn', ['compliance']);
  const c = await registerByEmail(s.app, 'audited-customer@example.com');
  customer = { uid: Number(c.user.ID), email: 'audited-customer@example.com' };
  await registerByEmail(s.app, 'someone-else@example.com');
  const frozen = await call(s.app, 'POST', '/admin/users/freeze', { adminToken: finn.token, body: { uid: customer.uid, what: 'withdraw', reason: 'Card reported stolen' } });
  expect(frozen.code, frozen.msg).toBe(0);
  expect((await runCli(['credit', customer.email, 'USDT', '25'], s.dataDir)).code).toBe(0);
});
afterAll(() => s.app.close());

const audit = (query: Record<string, string | number>, token = ada.token) => call(s.app, 'GET', '/admin/audit', { adminToken: token, query });
const count = async () => Number((await s.app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('GET /admin/audit', () => {
  it('filters by operator and by action prefix on the server', async () => {
    const r = await audit({ operator: 'finn' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.list.map((x: { action: string }) => x.action).sort()).toEqual(['operator.changePassword', 'operator.signIn', 'user.freeze.withdraw']);
    const ops = await audit({ action: 'operator.', operator: 'ada' });
    expect(ops.data.list.map((x: { action: string }) => x.action)).toEqual(['operator.changePassword', 'operator.signIn']);
  });

  it('filters by customer, named by id, email or phone, across console and CLI rows', async () => {
    for (const ref of [String(customer.uid), customer.email]) {
      const r = await audit({ customer: ref });
      expect(r.code, r.msg).toBe(0);
      expect(r.data.list.map((x: { action: string }) => x.action)).toEqual(['cli.credit', 'user.freeze.withdraw']);
    }
    expect((await audit({ customer: 'someone-else@example.com' })).data).toMatchObject({ list: [], total: 0 });
    expect((await audit({ customer: 'nobody@example.com' })).data).toMatchObject({ list: [], total: 0 });
  });

  it('filters by day range, both days inclusive, in UTC', async () => {
    const day = new Date(s.clock.now()).toISOString().slice(0, 10);
    const rows = (await audit({ pageSize: 100 })).data.list as { at: string }[];
    const thatDay = rows.filter((r) => r.at.startsWith(day)).length;
    expect(thatDay).toBeGreaterThan(0);
    expect(thatDay).toBeLessThan(rows.length);
    expect((await audit({ from: day, to: day })).data.total).toBe(thatDay);
    expect((await audit({ to: day })).data.total).toBe(rows.filter((r) => r.at.slice(0, 10) <= day).length);
    const next = new Date(s.clock.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await audit({ from: next, to: next })).data.total).toBe(0);
  });

  it('sorts and pages on the server, across every page', async () => {
    const all = (await audit({ sort: 'actor', pageSize: 100 })).data.list.map((x: { actor: string }) => x.actor);
    expect(all).toEqual([...all].sort());
    const first = (await audit({ sort: 'actor', pageSize: 3, page: 1 })).data;
    const second = (await audit({ sort: 'actor', pageSize: 3, page: 2 })).data;
    expect([...first.list, ...second.list].map((x: { actor: string }) => x.actor)).toEqual(all.slice(0, 6));
    expect(first.total).toBe(all.length);
    const newest = (await audit({})).data.list.map((x: { id: number }) => x.id);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it("shows each row's changes as key: before → after", async () => {
    const [cli, freeze] = (await audit({ customer: customer.email })).data.list;
    expect(freeze.changes).toContain('withdrawFrozen: false → true');
    expect(cli.changes).toMatch(/^available: — → 25/m);
    expect(cli.changes).toContain(`args: ["${customer.email}","USDT","25"]`);
  });
});

describe('POST /admin/audit/export', () => {
  it('answers the filtered rows as CSV and records who exported which filter', async () => {
    const before = await count();
    const r = await call(s.app, 'POST', '/admin/audit/export', { adminToken: ada.token, body: { operator: 'finn', sort: 'action' } });
    expect(r.code, r.msg).toBe(0);
    const lines = (r.data.csv as string).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor,ip,action,targetKind,targetId,changes,hash');
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(['operator.changePassword', 'operator.signIn', 'user.freeze.withdraw']);
    expect(r.data.rows).toBe(3);
    expect(await count()).toBe(before + 1);
    const [row] = (await audit({ targetKind: 'audit' })).data.list;
    expect(row).toMatchObject({ actor: 'operator ada', targetKind: 'audit', after: { filter: { operator: 'finn', sort: 'action' }, rows: 3 } });
  });
});

describe('bad filters', () => {
  const cases: [string, 'GET' | 'POST', Record<string, unknown>, string, Record<string, string | number>][] = [
    ['a malformed day', 'GET', { from: '01/12/2026' }, 'validation.queryDate', { field: 'from' }],
    ['a day not on the calendar', 'GET', { to: '2026-02-30' }, 'validation.queryDate', { field: 'to' }],
    ['from after to', 'GET', { from: '2026-12-02', to: '2026-12-01' }, 'admin.auditRangeInvalid', {}],
    ['an oversized name', 'GET', { operator: 'x'.repeat(65) }, 'validation.queryText', { field: 'operator' }],
    ['an unknown sort key', 'GET', { sort: 'hash' }, 'validation.queryEnum', {}],
    ['a malformed day to export', 'POST', { from: 'tomorrow' }, 'validation.queryDate', { field: 'from' }],
    ['from after to in an export', 'POST', { from: '2026-12-02', to: '2026-12-01' }, 'admin.auditRangeInvalid', {}],
    ['an oversized customer to export', 'POST', { customer: 'c'.repeat(65) }, 'admin.filterTooLong', {}],
    ['deep nesting in an export', 'POST', { operator: { a: { b: { c: {} } } } }, 'admin.filterTooLong', {}],
    ['an unknown sort key to export', 'POST', { sort: 'password' }, 'validation.queryEnum', {}],
  ];
  for (const [what, method, input, key, params] of cases) {
    it(`${what}: a translated message, nothing written`, async () => {
      const before = await count();
      const r =
        method === 'GET'
          ? await call(s.app, 'GET', '/admin/audit', { adminToken: ada.token, lang: 'de-DE', query: input as Record<string, string> })
          : await call(s.app, 'POST', '/admin/audit/export', { adminToken: ada.token, lang: 'de-DE', body: input });
      expect(r.code).not.toBe(0);
      expect(r.status).toBe(200);
      if (key === 'validation.queryEnum') expect(r.msg).toMatch(/at, -action|-at/);
      else expect(r.msg).toContain(msg('de-DE', key, params).replace(/^.*?: /, ''));
      expect(await count()).toBe(before);
    });
  }
});
