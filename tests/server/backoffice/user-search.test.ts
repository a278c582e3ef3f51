// Finding customers in the back office (issue 41, item 3): by id, any part of an e-mail address, a
// full 11-digit mobile number typed in any format (+86 139-1234-5678, spaces, dashes, with or
// without the country code), an invitation code and the name on the identity check; the list paged
// and sorted on the server with the total; odd or oversized input refused and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, msg, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let support: SignedInOperator;
let content: SignedInOperator;
let phoneUser: number;
let mailUser: number;

async function insertUser(values: { email: string | null; phone: string | null; country_code: string; invitation_code: string }, at: number): Promise<number> {
  const row = await s.app.db
    .insertInto('users')
    .values({ ...values, password_hash: 'x', invited_by: null, credit_score: 100, real_name_status: 0, barred: 0, frozen: 0, password_changed_at: null, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  support = await operator(s, 'finder', ['support']);
  content = await operator(s, 'writer', ['content']);
  phoneUser = await insertUser({ email: null, phone: '13912345678', country_code: '+86', invitation_code: 'QZX7K2' }, 1_000);
  mailUser = await insertUser({ email: 'li.na_findme@example.org', phone: null, country_code: '+86', invitation_code: 'MB44PL' }, 2_000);
  const now = Date.now();
  await s.app.db
    .insertInto('user_cards')
    .values({ user_id: mailUser, type: 3, name: 'Li Na Zhou', card_front: '', card_end: '', card_hand: '', status: 2, reason: '', created_at: now, updated_at: now, reviewed_at: now })
    .execute();
});
afterAll(() => s.app.close());

const search = (q: Record<string, string | number>, op = support, lang?: string) => call(s.app, 'GET', '/admin/users', { adminToken: op.token, query: q as Record<string, string>, lang });
const uids = async (q: string) => {
  const r = await search({ q });
  expect(r.code, r.msg).toBe(0);
  return (r.data.list as { uid: number }[]).map((u) => u.uid);
};

describe('GET /admin/users: finding a customer', () => {
  it('finds a full 11-digit mobile number in every format it is typed in', async () => {
    for (const q of ['13912345678', '+86 139-1234-5678', '+8613912345678', '0086 139 1234 5678', '139 1234 5678', '(139) 1234-5678', '1234-5678']) {
      expect(await uids(q), q).toEqual([phoneUser]);
    }
  });

  it('finds by id, any part of the e-mail, the invitation code and the name', async () => {
    expect(await uids(String(mailUser))).toContain(mailUser);
    expect(await uids('na_findme@EXAMPLE')).toEqual([mailUser]);
    expect(await uids('qzx7k2')).toEqual([phoneUser]);
    expect(await uids('na zhou')).toEqual([mailUser]);
    // % and _ are letters here, not wildcards
    expect(await uids('%')).toEqual([]);
    expect(await uids('li_na')).toEqual([]);
  });

  it('pages and sorts on the server and says how many it found', async () => {
    const all = await search({ pageSize: 1, page: 1, sort: 'created' });
    expect(all.code, all.msg).toBe(0);
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    expect(all.data.list).toHaveLength(1);
    expect(all.data.list[0].uid).toBe(phoneUser);
    const second = await search({ pageSize: 1, page: 2, sort: 'created' });
    expect(second.data.list[0].uid).toBe(mailUser);
    const newest = await search({ pageSize: 100, sort: '-uid' });
    const ids = (newest.data.list as { uid: number }[]).map((u) => u.uid);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('refuses odd input with a translated message and finds nothing beyond it', async () => {
    expect(await search({ q: '1'.repeat(65) }, support, 'de')).toMatchObject({ code: 7, data: { field: 'q' }, msg: msg('de', 'validation.queryText', { field: 'q' }) });
    expect(await search({ pageSize: 101 }, support, 'de')).toMatchObject({ code: 7, data: { field: 'pageSize' } });
    expect(await search({ pageSize: 0 })).toMatchObject({ code: 7, data: { field: 'pageSize' } });
    expect(await search({ sort: 'password_hash' })).toMatchObject({ code: 7, data: { field: 'sort' } });
    // an id beyond the database's integers, or digits of no phone, is simply not found
    expect(await uids('99999999999999999999')).toEqual([]);
    expect(await uids("'; drop table users; --")).toEqual([]);
    expect(await uids(String(phoneUser))).toContain(phoneUser);
  });

  it('refuses an operator without a customer role, naming the roles that would do', async () => {
    const r = await call(s.app, 'GET', '/admin/users', { adminToken: content.token, lang: 'de' });
    expect(r.status).toBe(403);
    expect(r.code).toBe(4105);
    expect(r.msg).toBe(msg('de', 'admin.roleGate.needed', { roles: 'Admin, Finanzen, Compliance oder Support' }));
    expect(r.data).toEqual({ roles: ['admin', 'finance', 'compliance', 'support'] });
  });
});
