// The coin table in the back office (role product): list, a coin's networks, adding a coin,
// enabling and disabling it, adding, changing and removing a network. Customers' coin lists
// follow at once, but a new network only after a second operator approved it
// (coin-address-approval.test.ts holds that rule); each write is one audit row with the rows
// before and after; bad input from a signed-in product operator is refused with a translated
// message and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Loose, msg, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let product: SignedInOperator;
let second: SignedInOperator;
const TRC20 = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  product = await operator(s, 'coins-op', ['product']);
  second = await operator(s, 'coins-second', ['product']);
});
afterAll(() => s.app.close());

const as = (method: string, path: string, body?: Record<string, unknown>, lang?: string) =>
  call(s.app, method, path, { adminToken: product.token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }), lang });

const customerCoins = async (czstatus?: number) =>
  (await call(s.app, 'GET', '/coin/getCoinList', { query: czstatus === undefined ? {} : { czstatus } })).data.list as Loose[];

/** Everything a coin write could touch. */
const snapshot = async () =>
  JSON.stringify([
    await s.app.db.selectFrom('coins').selectAll().orderBy('id').execute(),
    await s.app.db.selectFrom('coin_networks').selectAll().orderBy('id').execute(),
    await s.app.db.selectFrom('audit_log').select('id').execute(),
  ]);

const lastAudit = () => s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('coins in the back office', () => {
  it('lists every coin with its networks, and one coin’s networks with their limits', async () => {
    const list = await as('GET', '/admin/coins');
    expect(list.data.list[0]).toEqual({ coin: 'USDT', name: 'Tether', decimals: 6, enabled: true, networkCount: 3, networks: 'TRC20, ERC20, BEP20' });
    const detail = await as('GET', '/admin/coins/detail', { coin: 'usdt' });
    expect(detail.data.list[0]).toMatchObject({
      network: 'TRC20',
      address: TRC20,
      depositMin: '10',
      withdrawMax: '100000',
      withdrawFee: '1',
      depositEnabled: true,
    });
    expect(await as('GET', '/admin/coins/detail', { coin: 'DOGE' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.coinUnknown', { coin: 'DOGE' }) });
  });

  it('adds a coin and its network; customers see them at once; changes and removes the network', async () => {
    const added = await as('POST', '/admin/coins/add', { coin: 'sol', name: 'Solana', decimals: 6 });
    expect(added.data).toEqual({ coin: 'SOL', name: 'Solana', decimals: 6, enabled: true, networkCount: 0, networks: '' });
    expect(await lastAudit()).toMatchObject({ actor: 'operator coins-op', action: 'coin.add', target_id: 'SOL', before_json: null });
    // without a network there is nothing to deposit or withdraw it on
    expect((await customerCoins()).map((c) => c.coin)).not.toContain('SOL');

    const network = { coin: 'SOL', network: 'trc20', address: TRC20, depositMin: '1', withdrawMin: '2', withdrawMax: '500.5', withdrawFee: 0.25 };
    const proposed = (await as('POST', '/admin/coins/setNetwork', network)).data;
    expect(proposed).toMatchObject({ network: null, proposal: { coin: 'SOL', network: 'TRC20', kind: 'add', addressAfter: TRC20, status: 'pending' } });
    const approved = await call(s.app, 'POST', '/admin/coins/approveChange', { adminToken: second.token, body: { ID: proposed.proposal.ID } });
    expect(approved.code, approved.msg).toBe(0);
    expect((await as('GET', '/admin/coins/detail', { coin: 'SOL' })).data.list[0]).toMatchObject({ network: 'TRC20', withdrawMax: '500.5', withdrawFee: '0.25' });
    const shown = (await customerCoins(1)).find((c) => c.coin === 'SOL')!;
    expect(shown.networks).toEqual([expect.objectContaining({ network: 'TRC20', address: TRC20, depositMin: '1', withdrawMin: '2', withdrawFee: '0.25' })]);

    // a change names only what changes; deposits off takes it off the deposit list only
    const changed = await as('POST', '/admin/coins/setNetwork', { coin: 'SOL', network: 'TRC20', withdrawFee: '0.5', deposit: 'off' });
    expect(changed.data).toMatchObject({ network: { withdrawFee: '0.5', withdrawMax: '500.5', depositEnabled: false, withdrawEnabled: true }, proposal: null });
    const audit = await lastAudit();
    expect(audit.action).toBe('coin.network.change');
    expect(JSON.parse(audit.before_json!)).toMatchObject({ withdrawFee: '0.25', depositEnabled: true });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ withdrawFee: '0.5', depositEnabled: false });
    expect((await customerCoins(1)).map((c) => c.coin)).not.toContain('SOL');
    expect((await customerCoins(2)).map((c) => c.coin)).toContain('SOL');

    const removed = await as('POST', '/admin/coins/removeNetwork', { coin: 'SOL', network: 'TRC20' });
    expect(removed.data).toMatchObject({ coin: 'SOL', networkCount: 0 });
    expect(await lastAudit()).toMatchObject({ action: 'coin.network.remove', target_id: 'SOL/TRC20', after_json: null });
    expect((await customerCoins(2)).map((c) => c.coin)).not.toContain('SOL');
  });

  it('disables a coin (it leaves every customer list) and enables it again', async () => {
    expect((await as('POST', '/admin/coins/setEnabled', { coin: 'BNB', state: 'disabled' })).data.enabled).toBe(false);
    expect(JSON.parse((await lastAudit()).before_json!)).toMatchObject({ coin: 'BNB', enabled: true });
    expect((await customerCoins()).map((c) => c.coin)).not.toContain('BNB');
    expect((await as('GET', '/admin/coins')).data.list.find((c: Loose) => c.coin === 'BNB').enabled).toBe(false);
    expect((await as('POST', '/admin/coins/setEnabled', { coin: 'BNB', state: 'enabled' })).data.enabled).toBe(true);
    expect((await customerCoins()).map((c) => c.coin)).toContain('BNB');
  });

  it('refuses bad input with a message that states the limit, and writes nothing', async () => {
    // path, body, the message's key and parameters ('' : any code-7 message)
    const cases: [string, Record<string, unknown>, string, Record<string, string | number>?][] = [
      ['/admin/coins/add', { coin: 'S', name: 'Solo', decimals: 2 }, 'admin.coinCodeFormat'],
      ['/admin/coins/add', { coin: 'ABC', name: 'x'.repeat(33), decimals: 2 }, 'admin.coinNameFormat'],
      ['/admin/coins/add', { coin: 'ABC', name: 'Abc', decimals: 9 }, 'admin.coinDecimalsFormat'],
      ['/admin/coins/add', { coin: 'ABC', name: 'Abc', decimals: 1.5 }, 'admin.coinDecimalsFormat'],
      ['/admin/coins/add', { coin: 'usdt', name: 'Again', decimals: 6 }, 'admin.coinExists', { coin: 'USDT' }],
      ['/admin/coins/add', { coin: { $gt: '' }, name: 'Abc', decimals: 2 }, 'admin.coinCodeFormat'],
      ['/admin/coins/setEnabled', { coin: 'DOGE', state: 'disabled' }, 'admin.coinUnknown', { coin: 'DOGE' }],
      ['/admin/coins/setEnabled', { coin: 'BTC', state: 'paused' }, 'admin.coinStateChoice'],
      ['/admin/coins/setNetwork', { coin: 'BTC', network: 'SOLANA' }, 'admin.networkUnknown', { network: 'SOLANA', networks: 'TRC20, ERC20, BEP20, BTC' }],
      [
        '/admin/coins/setNetwork',
        { coin: 'BTC', network: 'TRC20', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
        'admin.networkAddress',
        {
          network: 'TRC20',
          example: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
        },
      ],
      [
        '/admin/coins/setNetwork',
        { coin: 'USDT', network: 'TRC20', withdrawFee: '0.1234567' },
        'admin.amountDecimals',
        { field: 'withdrawFee', coin: 'USDT', decimals: 6 },
      ],
      ['/admin/coins/setNetwork', { coin: 'USDT', network: 'TRC20', withdrawMin: '100001' }, 'admin.withdrawMinAboveMax'],
      [
        '/admin/coins/setNetwork',
        { coin: 'USDT', network: 'BTC', depositMin: '1' },
        'admin.networkNeeds',
        { fields: 'address, withdrawMin, withdrawMax, withdrawFee' },
      ],
      ['/admin/coins/setNetwork', { coin: 'USDT', network: 'TRC20', depositMin: '1e3' }, 'admin.decimalFormat', { field: 'depositMin' }],
      ['/admin/coins/setNetwork', { coin: 'USDT', network: 'TRC20', deposit: 'maybe' }, 'admin.onOffChoice'],
      ['/admin/coins/setNetwork', { coin: 'USDT', network: 'TRC20', colour: 'red' }, ''],
      ['/admin/coins/removeNetwork', { coin: 'BTC', network: 'ERC20' }, 'admin.networkNotOfCoin', { coin: 'BTC', network: 'ERC20' }],
    ];
    const before = await snapshot();
    for (const [path, body, key, params] of cases) {
      const r = await as('POST', path, body, 'de');
      expect(r.code, `${path} ${JSON.stringify(body)}: ${r.msg}`).toBe(7);
      if (key) expect(r.msg, JSON.stringify(body)).toBe(msg('de', key, { field: r.data.field, ...params }));
    }
    expect(await snapshot()).toBe(before);
  });
});
