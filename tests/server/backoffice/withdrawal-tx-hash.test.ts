// A paid withdrawal's transaction hash: finance records it once, in its network's format (TRC20:
// 64 hex digits; ERC20: 0x and 64), only on a completed withdrawal; the customer's record then
// shows it with the explorer page of its network. Bad input, another role and a second hash change
// nothing, and no money moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, customerWithdrawal, msg, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let finance: SignedInOperator;
let support: SignedInOperator;
const HEX = '5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  finance = await operator(s, 'payer', ['finance']);
  support = await operator(s, 'helper', ['support']);
}, 30_000);
afterAll(() => s.app.close());

const record = (op: SignedInOperator, body: unknown, lang?: string) =>
  call(s.app, 'POST', '/admin/reviews/withdrawalTxHash', { adminToken: op.token, body, lang });
const approve = (id: number) => call(s.app, 'POST', '/admin/reviews/decide', { adminToken: finance.token, body: { kind: 'withdrawal', id, decision: 'approve' } });
const money = async () => ({
  ledger: await s.app.db.selectFrom('ledger').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  balances: await s.app.db.selectFrom('balances').selectAll().orderBy('user_id').orderBy('coin').execute(),
});
const hashOf = async (id: number) => (await s.app.db.selectFrom('withdrawals').select('tx_hash').where('id', '=', id).executeTakeFirstOrThrow()).tx_hash;

describe('POST /admin/reviews/withdrawalTxHash', () => {
  it('records the hash of a paid TRC20 withdrawal once; the customer sees it with the explorer link', async () => {
    const w = await customerWithdrawal(s, 'paid-1@example.com', '100');
    // not paid yet: refused
    expect(await record(finance, { id: w.withdrawalId, txHash: HEX }, 'de')).toMatchObject({
      code: 7,
      data: { field: 'id' },
      msg: msg('de', 'records.txHash.notPaid', { id: w.withdrawalId }),
    });
    expect((await approve(w.withdrawalId)).code).toBe(0);
    const before = await money();
    // an ERC20-style hash on TRC20 is refused with the format it should have
    expect(await record(finance, { id: w.withdrawalId, txHash: `0x${HEX}` }, 'de')).toMatchObject({
      code: 7,
      data: { field: 'txHash' },
      msg: msg('de', 'records.txHash.format', { network: 'TRC20', example: HEX }),
    });
    expect(await hashOf(w.withdrawalId)).toBeNull();
    const ok = await record(finance, { id: w.withdrawalId, txHash: HEX });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ ID: w.withdrawalId, txHash: HEX, explorerUrl: `https://tronscan.org/#/transaction/${HEX}` });
    expect(await money()).toEqual(before);
    const audit = await s.app.db.selectFrom('audit_log').select(['action', 'actor', 'target_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'withdrawal.txHash', actor: 'operator payer', target_id: String(w.withdrawalId) });

    const mine = await call(s.app, 'GET', '/withdraw/findWithdraw', { token: w.token, query: { ID: String(w.withdrawalId) } });
    expect(mine.data).toMatchObject({ txHash: HEX, explorerUrl: `https://tronscan.org/#/transaction/${HEX}` });

    // a second hash is refused and the first stays
    expect(await record(finance, { id: w.withdrawalId, txHash: 'a'.repeat(64) }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'records.txHash.already', { id: w.withdrawalId, input: HEX }),
    });
    expect(await hashOf(w.withdrawalId)).toBe(HEX);
  });

  it('refuses another role, an unknown withdrawal and a malformed payload, writing nothing', async () => {
    const w = await customerWithdrawal(s, 'paid-2@example.com', '100');
    expect((await approve(w.withdrawalId)).code).toBe(0);
    expect((await record(support, { id: w.withdrawalId, txHash: HEX })).code).toBe(4105);
    expect(await record(finance, { id: 99999, txHash: HEX }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'records.txHash.notPaid', { id: 99999 }) });
    expect(await record(finance, { id: w.withdrawalId, txHash: '' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'records.txHash.required') });
    expect(await record(finance, { id: w.withdrawalId, txHash: 'x'.repeat(129) }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'records.txHash.tooLong') });
    expect(await hashOf(w.withdrawalId)).toBeNull();
  });
});
