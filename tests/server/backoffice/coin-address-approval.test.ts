// Four eyes on where customers send money: a network's new deposit address, a new network and
// switching deposits on reach the customer's deposit screen (GET /coin/getCoinList?czstatus=1,
// the source of /bitcoin/payment) only after a second operator with a coin role approves. The
// proposer cannot approve, two approvals at once make one, an approver who lost the role is
// refused even past the gate, and bad or concurrent requests change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkFormats } from '../../../server/funds/coins/coins.ts';
import { approveNetworkChange } from '../../../server/funds/coins/network-proposals.ts';
import { runCli } from '../../../server/ops/cli.ts';
import { call, type Loose, msg, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let ana: SignedInOperator;
let ben: SignedInOperator;
let cid: SignedInOperator;
const OLD_TRC20 = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';
const NEW_TRC20 = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const NEW_ERC20 = '0x1111111111111111111111111111111111111111';

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  ana = await operator(s, 'ana', ['product']);
  ben = await operator(s, 'ben', ['product']);
  cid = await operator(s, 'cid', ['admin']);
});
afterAll(() => s.app.close());

const as = (who: SignedInOperator, method: string, path: string, body?: Record<string, unknown>, lang?: string) =>
  call(s.app, method, path, { adminToken: who.token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }), lang });
const propose = (who: SignedInOperator, change: Record<string, unknown>, lang?: string) => as(who, 'POST', '/admin/coins/setNetwork', change, lang);
const approve = (who: SignedInOperator, id: number, lang?: string) => as(who, 'POST', '/admin/coins/approveChange', { ID: id }, lang);
const reject = (who: SignedInOperator, id: number) => as(who, 'POST', '/admin/coins/rejectChange', { ID: id });

/** What the customer's deposit page offers for a coin: its deposit-open networks, by name. */
async function depositNetworks(coin: string): Promise<Record<string, Loose>> {
  const r = await call(s.app, 'GET', '/coin/getCoinList', { query: { czstatus: 1 } });
  expect(r.code).toBe(0);
  const c = (r.data.list as Loose[]).find((x) => x.coin === coin);
  return Object.fromEntries(((c?.networks ?? []) as Loose[]).map((n) => [n.network, n]));
}

/** Everything a network write or decision could touch. */
const snapshot = async () =>
  JSON.stringify([
    await s.app.db.selectFrom('coin_networks').selectAll().orderBy('id').execute(),
    await s.app.db.selectFrom('coin_network_proposals').selectAll().orderBy('id').execute(),
    await s.app.db.selectFrom('audit_log').select('id').execute(),
  ]);

const auditOf = (action: string) => s.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('a new deposit address waits for a second operator', () => {
  it('customers keep the old address until another operator approves; the proposer may not approve; both steps are audited with before and after', async () => {
    const proposed = await propose(ana, { coin: 'USDT', network: 'TRC20', address: NEW_TRC20 });
    expect(proposed.code, proposed.msg).toBe(0);
    const id = proposed.data.proposal.ID as number;
    expect(proposed.data).toMatchObject({
      network: { network: 'TRC20', address: OLD_TRC20 },
      proposal: { status: 'pending', kind: 'change', addressBefore: OLD_TRC20, addressAfter: NEW_TRC20, proposedBy: 'operator ana', mine: true },
    });
    expect((await depositNetworks('USDT')).TRC20.address).toBe(OLD_TRC20);

    // the other operators see it waiting (on the dashboard too), with before and after and who proposed it
    expect((await as(ben, 'GET', '/admin/dashboard')).data.waitingNetworkChanges).toBe(1);
    const listed = await as(ben, 'GET', '/admin/coins/changes', { coin: 'usdt', status: 'pending' });
    expect(listed.data.list).toEqual([expect.objectContaining({ ID: id, addressBefore: OLD_TRC20, addressAfter: NEW_TRC20, proposedBy: 'operator ana', mine: false, waiting: true })]);

    const before = await snapshot();
    const own = await approve(ana, id, 'de');
    expect(own).toMatchObject({ code: 7, msg: msg('de', 'admin.networkChangeSameOperator') });
    expect(await snapshot()).toBe(before);
    expect((await depositNetworks('USDT')).TRC20.address).toBe(OLD_TRC20);

    expect((await approve(ben, id)).code).toBe(0);
    expect((await depositNetworks('USDT')).TRC20.address).toBe(NEW_TRC20);
    expect((await as(ben, 'GET', '/admin/dashboard')).data.waitingNetworkChanges).toBe(0);

    const [proposal] = await auditOf('coin.network.propose');
    expect(proposal).toMatchObject({ actor: 'operator ana', target_id: 'USDT/TRC20' });
    expect(JSON.parse(proposal.before_json!)).toMatchObject({ address: OLD_TRC20 });
    expect(JSON.parse(proposal.after_json!)).toMatchObject({ address: NEW_TRC20, proposal: id });
    const [approval] = await auditOf('coin.network.approve');
    expect(approval).toMatchObject({ actor: 'operator ben', target_id: 'USDT/TRC20' });
    expect(JSON.parse(approval.before_json!)).toMatchObject({ address: OLD_TRC20 });
    expect(JSON.parse(approval.after_json!)).toMatchObject({ address: NEW_TRC20, proposal: id, proposedBy: 'operator ana' });
    expect((await as(ana, 'GET', '/admin/coins/changes', { status: 'approved' })).data.list[0]).toMatchObject({
      ID: id,
      status: 'approved',
      addressBefore: OLD_TRC20,
      decidedBy: 'operator ben',
      waiting: false,
    });
  });

  it('a new network and switching deposits on wait too; limits and switching off apply at once', async () => {
    const added = await propose(ana, { coin: 'BTC', network: 'ERC20', address: NEW_ERC20, depositMin: '0.001', withdrawMin: '0.01', withdrawMax: '5', withdrawFee: '0.001' });
    expect(added.data).toMatchObject({ network: null, proposal: { kind: 'add', addressBefore: '', addressAfter: NEW_ERC20, depositAfter: true, switchesOn: 'both' } });
    expect(await depositNetworks('BTC')).not.toHaveProperty('ERC20');
    expect((await as(ana, 'GET', '/admin/coins/detail', { coin: 'BTC' })).data.list.map((n: Loose) => n.network)).toEqual(['BTC']);
    expect((await approve(cid, added.data.proposal.ID)).code).toBe(0);
    expect((await depositNetworks('BTC')).ERC20).toMatchObject({ address: NEW_ERC20, depositMin: '0.001' });

    // off and a new fee at once, in one request; on again only after approval
    const off = await propose(ana, { coin: 'BTC', network: 'ERC20', deposit: 'off', withdrawFee: '0.002' });
    expect(off.data).toMatchObject({ network: { depositEnabled: false, withdrawFee: '0.002' }, proposal: null });
    expect(await depositNetworks('BTC')).not.toHaveProperty('ERC20');
    const on = await propose(ana, { coin: 'BTC', network: 'ERC20', deposit: 'on', withdrawFee: '0.003' });
    expect(on.data).toMatchObject({ network: { depositEnabled: false, withdrawFee: '0.003' }, proposal: { depositBefore: false, depositAfter: true, switchesOn: 'deposit' } });
    expect(await depositNetworks('BTC')).not.toHaveProperty('ERC20');
    expect((await approve(ben, on.data.proposal.ID)).code).toBe(0);
    expect((await depositNetworks('BTC')).ERC20).toMatchObject({ depositEnabled: true, withdrawFee: '0.003' });
  });

  it('refuses a second proposal while one waits; either side may reject, and customers see no change', async () => {
    const first = await propose(ana, { coin: 'ETH', network: 'ERC20', address: NEW_ERC20 });
    const id = first.data.proposal.ID as number;
    const before = await snapshot();
    const again = await propose(ben, { coin: 'ETH', network: 'ERC20', address: '0x2222222222222222222222222222222222222222', withdrawFee: '0.003' }, 'de');
    expect(again).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.networkChangeWaiting', { coin: 'ETH', network: 'ERC20', id, by: 'operator ana' }),
    });
    expect(await snapshot()).toBe(before);
    // the proposer withdraws it by rejecting; customers never saw it
    expect((await reject(ana, id)).code).toBe(0);
    expect((await depositNetworks('ETH')).ERC20.address).toBe('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB');
    expect(JSON.parse((await auditOf('coin.network.reject'))[0].after_json!)).toMatchObject({ proposal: id, status: 'rejected', addressAfter: NEW_ERC20 });
    const afterReject = await snapshot();
    expect(await approve(ben, id)).toMatchObject({ code: 7, msg: msg(undefined, 'admin.networkChangeNotWaiting') });
    expect(await snapshot()).toBe(afterReject);
    // a new one may be proposed now, and another operator rejects it
    const next = await propose(ben, { coin: 'ETH', network: 'ERC20', address: NEW_ERC20 });
    expect((await reject(cid, next.data.proposal.ID)).code).toBe(0);
    expect((await depositNetworks('ETH')).ERC20.address).toBe('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB');
  });

  it('two approvals at once make one', async () => {
    const id = (await propose(ana, { coin: 'USDC', network: 'ERC20', address: NEW_ERC20 })).data.proposal.ID as number;
    const approvalsBefore = (await auditOf('coin.network.approve')).length;
    const answers = await Promise.all([approve(ben, id), approve(cid, id)]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 7]);
    expect(answers.find((a) => a.code === 7)!.msg).toBe(msg(undefined, 'admin.networkChangeNotWaiting'));
    expect((await auditOf('coin.network.approve')).length).toBe(approvalsBefore + 1);
    expect((await depositNetworks('USDC')).ERC20.address).toBe(NEW_ERC20);
  });

  it('two proposals at once: one waits, the other is refused', async () => {
    const answers = await Promise.all([
      propose(ana, { coin: 'TRX', network: 'TRC20', address: NEW_TRC20 }),
      propose(ben, { coin: 'TRX', network: 'TRC20', address: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8' }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 7]);
    const waiting = await s.app.db.selectFrom('coin_network_proposals').selectAll().where('network', '=', 'TRC20').where('status', '=', 'pending').execute();
    expect(waiting).toHaveLength(1);
    expect((await reject(ana, Number(waiting[0].id))).code).toBe(0);
  });

  it('an approver who lost the coin role in between is refused, at the gate and inside the approval', async () => {
    const id = (await propose(ana, { coin: 'BNB', network: 'BEP20', address: NEW_ERC20 })).data.proposal.ID as number;
    const before = await snapshot();
    const benId = (await s.app.db.selectFrom('operators').select('id').where('name', '=', 'ben').executeTakeFirstOrThrow()).id;
    await s.app.db.updateTable('operators').set({ roles: 'finance' }).where('id', '=', benId).execute();
    const gate = await approve(ben, id);
    expect(gate.code).toBe(4105);
    // past the gate (the role removed between the gate and the approval's transaction): the approval checks again
    await expect(approveNetworkChange(s.app.db, { actor: 'operator ben', operatorId: benId, ip: '127.0.0.1' }, id, s.clock.now())).rejects.toMatchObject({ code: 4105 });
    // a disabled operator likewise
    await s.app.db.updateTable('operators').set({ roles: 'product', disabled: 1 }).where('id', '=', benId).execute();
    await expect(approveNetworkChange(s.app.db, { actor: 'operator ben', operatorId: benId, ip: '127.0.0.1' }, id, s.clock.now())).rejects.toMatchObject({ code: 4105 });
    await s.app.db.updateTable('operators').set({ disabled: 0 }).where('id', '=', benId).execute();
    // the refused attempt at the gate wrote its audit row of the refusal, nothing else
    const [networks, proposals] = JSON.parse(await snapshot());
    expect([networks, proposals]).toEqual(JSON.parse(before).slice(0, 2));
    expect((await depositNetworks('BNB')).BEP20.address).toBe('0x2170Ed0880ac9A755fd29B2688956BD959F933F8');
    expect((await reject(ana, id)).code).toBe(0);
  });

  it('malformed, oversized and unknown requests from a signed-in operator change nothing', async () => {
    const id = (await propose(ana, { coin: 'USDT', network: 'BEP20', address: NEW_ERC20 })).data.proposal.ID as number;
    const before = await snapshot();
    const cases: [string, Record<string, unknown>, string?][] = [
      ['/admin/coins/approveChange', { ID: 'one' }],
      ['/admin/coins/approveChange', { ID: 0 }],
      ['/admin/coins/approveChange', { ID: 2 ** 31 }],
      ['/admin/coins/approveChange', { ID: 1.5 }],
      ['/admin/coins/approveChange', {}],
      ['/admin/coins/approveChange', { ID: id, decision: 'approve' }],
      ['/admin/coins/approveChange', { ID: { $gt: 0 } }],
      ['/admin/coins/approveChange', { ID: 99999 }, 'admin.networkChangeNotWaiting'],
      ['/admin/coins/rejectChange', { ID: 99999 }, 'admin.networkChangeNotWaiting'],
      ['/admin/coins/rejectChange', { ID: [id] }],
      ['/admin/coins/setNetwork', { coin: 'USDT', network: 'BEP20', address: `0x${'a'.repeat(200)}` }, 'admin.addressFormat'],
      ['/admin/coins/setNetwork', { coin: 'USDT', network: 'BEP20', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' }, 'admin.networkAddress'],
      ['/admin/coins/setNetwork', { coin: 'USDT', network: 'BEP20', address: NEW_ERC20.slice(0, 20) }, 'admin.networkAddress'],
      ['/admin/coins/setNetwork', { coin: 'USDT', network: 'BEP20', address: '' }, 'admin.addressFormat'],
    ];
    for (const [path, body, key] of cases) {
      const r = await as(ben, 'POST', path, body, 'de');
      expect(r.code, `${path} ${JSON.stringify(body)}: ${r.msg}`).toBe(7);
      expect(r.msg, JSON.stringify(body)).not.toBe('');
      if (key) expect(r.msg, JSON.stringify(body)).toBe(msg('de', key, { network: 'BEP20', example: networkFormats().get('BEP20')!.example, field: r.data?.field }));
    }
    expect(await snapshot()).toBe(before);
    expect((await reject(ana, id)).code).toBe(0);
  });
});

describe('ops coin network … address=… on the host', () => {
  it('makes a proposal too; the host cannot approve it, an operator in the console can', async () => {
    const made = await runCli(['coin', 'network', 'USDT', 'ERC20', `address=${NEW_ERC20}`], s.dataDir);
    expect(made.code, made.out).toBe(0);
    expect(made.out).toMatch(/waits for a second operator's approval/);
    expect((await depositNetworks('USDT')).ERC20.address).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    const waiting = await as(ana, 'GET', '/admin/coins/changes', { coin: 'USDT', status: 'pending' });
    const proposal = waiting.data.list[0];
    expect(proposal).toMatchObject({ network: 'ERC20', addressAfter: NEW_ERC20, mine: false });
    expect(proposal.proposedBy).toMatch(/^cli /);
    expect((await runCli(['coin', 'changes'], s.dataDir)).out).toContain(NEW_ERC20);

    const host = await runCli(['coin', 'approve', String(proposal.ID)], s.dataDir);
    expect(host.code).toBe(1);
    expect(host.out).toMatch(/signed-in operator in the back office/);
    expect((await depositNetworks('USDT')).ERC20.address).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');

    expect((await approve(ana, proposal.ID)).code).toBe(0);
    expect((await depositNetworks('USDT')).ERC20.address).toBe(NEW_ERC20);
  });
});
