// The history of decisions: a kind's decided items with who decided and when (both names under
// four eyes), filtered by status, UTC days, coin, customer and amount range, sorted and paged on the
// server; bad input is refused in the caller's language and another role's kind is 4105.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, customerWithdrawal, msg, startServer, WITHDRAWAL_PIN, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let fin1: SignedInOperator;
let fin2: SignedInOperator;
let compliance: SignedInOperator;
const ids: Record<string, number> = {};
let bobEmail = '';

const decide = (op: SignedInOperator, body: unknown) => call(s.app, 'POST', '/admin/reviews/decide', { adminToken: op.token, body });
const history = (op: SignedInOperator, query: Record<string, string>, lang?: string) =>
  call(s.app, 'GET', '/admin/history', { adminToken: op.token, query: { kind: 'withdrawal', ...query }, lang });
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
let firstDay = 0;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  fin1 = await operator(s, 'fin-a', ['finance']);
  fin2 = await operator(s, 'fin-b', ['finance']);
  compliance = await operator(s, 'kyc-a', ['compliance']);
  const small = await customerWithdrawal(s, 'hist-alice@example.com', '100');
  const refused = await customerWithdrawal(s, 'hist-bob@example.com', '300');
  bobEmail = 'hist-bob@example.com';
  firstDay = s.clock.now();
  expect((await decide(fin1, { kind: 'withdrawal', id: small.withdrawalId, decision: 'approve' })).code).toBe(0);
  expect((await decide(fin1, { kind: 'withdrawal', id: refused.withdrawalId, decision: 'reject', reason: 'Address on a sanctions list' })).code).toBe(0);
  // the next day: a large one under four eyes
  s.clock.advance(86_400_000);
  fin1.token = (await operator(s, 'fin-c', ['finance'])).token;
  fin2.token = (await operator(s, 'fin-d', ['finance'])).token;
  compliance.token = (await operator(s, 'kyc-b', ['compliance'])).token;
  const large = await customerWithdrawal(s, 'hist-carol@example.com', '2500');
  expect((await decide(fin1, { kind: 'withdrawal', id: large.withdrawalId, decision: 'approve' })).data.state).toBe('awaitingSecond');
  expect((await decide(fin2, { kind: 'withdrawal', id: large.withdrawalId, decision: 'approve' })).data.state).toBe('done');
  Object.assign(ids, { small: small.withdrawalId, refused: refused.withdrawalId, large: large.withdrawalId });
}, 60_000);
afterAll(() => s.app.close());

describe('GET /admin/history', () => {
  it('lists decided items newest first with status, operators, time, amount and customer', async () => {
    const r = await history(fin1, {});
    expect(r.code, r.msg).toBe(0);
    expect(r.data.total).toBe(3);
    expect(r.data.list[0]).toMatchObject({ kind: 'withdrawal', id: ids.large, status: 'approved', operators: 'fin-c, fin-d', user: 'hist-carol@example.com', coin: 'USDT' });
    expect(r.data.list.map((i: { id: number }) => i.id)).toEqual([ids.large, ids.refused, ids.small]);
    expect(r.data.list[1]).toMatchObject({ status: 'rejected', operators: 'fin-a' });
  });

  it('filters by status, day, customer, coin and amount range, sorts and pages', async () => {
    const idsOf = async (q: Record<string, string>) => ((await history(fin1, q)).data.list as { id: number }[]).map((i) => i.id);
    expect(await idsOf({ status: 'rejected' })).toEqual([ids.refused]);
    expect(await idsOf({ from: day(firstDay), to: day(firstDay) })).toEqual([ids.refused, ids.small]);
    expect(await idsOf({ from: day(firstDay + 86_400_000) })).toEqual([ids.large]);
    expect(await idsOf({ customer: bobEmail })).toEqual([ids.refused]);
    expect(await idsOf({ customer: 'nobody@example.com' })).toEqual([]);
    expect(await idsOf({ coin: 'BTC' })).toEqual([]);
    expect(await idsOf({ min: '200', max: '2500' })).toEqual([ids.large, ids.refused]);
    expect(await idsOf({ sort: 'amount' })).toEqual([ids.small, ids.refused, ids.large]);
    const page2 = await history(fin1, { pageSize: '1', page: '2' });
    expect(page2.data).toMatchObject({ total: 3, page: 2, pageSize: 1, list: [expect.objectContaining({ id: ids.refused })] });
  });

  it('refuses a bad day, amount or range in the caller’s language, and another role’s kind', async () => {
    expect(await history(fin1, { from: '2026-13-01' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'validation.queryDate', { field: 'from' }) });
    expect(await history(fin1, { min: 'lots' }, 'de')).toMatchObject({ code: 7, data: { field: 'min' }, msg: msg('de', 'admin.history.amountInvalid') });
    expect(await history(fin1, { min: '5', max: '1' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.history.amountRange') });
    expect(await history(fin1, { kind: 'teleport' }, 'de')).toMatchObject({ code: 7, data: { field: 'kind' } });
    expect((await history(compliance, {})).code).toBe(4105);
    const kyc = await history(compliance, { kind: 'kyc' });
    expect(kyc).toMatchObject({ code: 0, data: { list: [], total: 0 } });
  });
});

describe('POST /admin/history/export', () => {
  const exportCsv = (op: SignedInOperator, body: Record<string, unknown>, lang?: string) =>
    call(s.app, 'POST', '/admin/history/export', { adminToken: op.token, body: { kind: 'withdrawal', ...body }, lang });
  const rowsOf = (csv: string) => csv.replace(/^\uFEFF/, '').trim().split('\r\n');
  const exports = () => s.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'history.export').orderBy('seq', 'desc').execute();

  it('holds every matching row, not one page, in the list’s order, and records who exported which filter', async () => {
    // 55 more rejected withdrawals of one customer: more than the list's largest page
    const many = await customerWithdrawal(s, 'hist-dave@example.com', '10');
    expect((await decide(fin1, { kind: 'withdrawal', id: many.withdrawalId, decision: 'reject', reason: 'Test batch' })).code).toBe(0);
    const coins = await call(s.app, 'GET', '/coin/getCoinList', {});
    const coinId = coins.data.list.find((c: { coin: string }) => c.coin === 'USDT').ID;
    for (let i = 0; i < 54; i++) {
      const w = await call(s.app, 'POST', '/withdraw/createWithdraw', {
        token: many.token,
        body: { coinname: 'USDT', coin_id: coinId, czline: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', num: '10', pay_password: WITHDRAWAL_PIN },
      });
      expect(w.code, w.msg).toBe(0);
      expect((await decide(fin1, { kind: 'withdrawal', id: w.data.ID, decision: 'reject', reason: 'Test batch' })).code).toBe(0);
    }
    const before = (await exports()).length;
    const r = await exportCsv(fin2, { customer: 'hist-dave@example.com', sort: 'decidedAt' });
    expect(r.code, r.msg).toBe(0);
    const lines = rowsOf(r.data.csv);
    expect(lines[0]).toBe('kind,id,user,uid,status,operators,decidedAt,amount,coin');
    expect(r.data.rows).toBe(55);
    expect(lines).toHaveLength(56);
    expect(lines[1].split(',').slice(0, 6)).toEqual(['withdrawal', String(many.withdrawalId), 'hist-dave@example.com', String(many.userId), 'rejected', 'fin-c']);
    const listed = await history(fin1, { customer: 'hist-dave@example.com', sort: 'decidedAt', pageSize: '100' });
    expect(lines.slice(1).map((l) => Number(l.split(',')[1]))).toEqual(listed.data.list.map((i: { id: number }) => i.id));
    const after = await exports();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ actor: 'operator fin-d', target_kind: 'history', target_id: 'withdrawal' });
    expect(JSON.parse(after[0].after_json!)).toEqual({ filter: { kind: 'withdrawal', customer: 'hist-dave@example.com', sort: 'decidedAt' }, rows: 55 });
  }, 120_000);

  it('exports the filter the list shows: status and days', async () => {
    const r = await exportCsv(fin1, { status: 'approved', from: day(firstDay), to: day(firstDay) });
    expect(rowsOf(r.data.csv).slice(1).map((l) => Number(l.split(',')[1]))).toEqual([ids.small]);
  });

  it('refuses bad, oversized and nested filters and another role’s kind, and records nothing', async () => {
    const before = (await exports()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ from: 'yesterday' }, 'validation.queryDate'],
      [{ customer: 'c'.repeat(65) }, 'admin.filterTooLong'],
      [{ customer: { a: { b: {} } } }, 'admin.filterTooLong'],
      [{ sort: 'password' }, 'validation.queryEnum'],
      [{ min: 'lots' }, 'admin.history.amountInvalid'],
      [{ min: '5', max: '1' }, 'admin.history.amountRange'],
    ];
    for (const [body, key] of cases) {
      const r = await exportCsv(fin1, body, 'de');
      expect(r.code, JSON.stringify(body)).toBe(7);
      expect(r.msg.startsWith(msg('de', key, { field: Object.keys(body)[0] }).slice(0, 12)), `${JSON.stringify(body)}: ${r.msg}`).toBe(true);
    }
    expect((await exportCsv(compliance, {})).code).toBe(4105);
    expect((await exportCsv(fin1, { kind: 'kyc' })).code).toBe(4105);
    expect(await exports()).toHaveLength(before);
  });
});
