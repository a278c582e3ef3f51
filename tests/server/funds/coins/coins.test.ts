// The coin table: seeded on first start, listed per deposit or withdrawal status, managed
// with `ops coin …`, and coin/network pairs checked (BTC on TRC20 is refused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../../server/ops/cli.ts';
import { call, startServer, type TestServer } from '../../helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.app.close();
});

describe('GET /coin/getCoinList', () => {
  it('lists the seeded coins with their networks, limits and deposit addresses', async () => {
    const res = await call(s.app, 'GET', '/coin/getCoinList', { query: { czstatus: 1 } });
    expect(res.code).toBe(0);
    expect(res.data.list.map((c: { coin: string }) => c.coin)).toEqual(['USDT', 'BTC', 'ETH', 'USDC', 'TRX', 'BNB']);
    const usdt = res.data.list[0];
    expect(usdt.networks.map((n: { network: string }) => n.network)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(usdt.networks[0]).toMatchObject({ coin: 'USDT', network: 'TRC20', depositMin: '10', withdrawMin: '10', withdrawFee: '1', decimals: 6, depositEnabled: true });
    expect(res.data.networks).toHaveLength(10);
  });

  it('refuses an unknown czstatus with what is allowed', async () => {
    const res = await call(s.app, 'GET', '/coin/getCoinList', { query: { czstatus: 9 } });
    expect(res.code).toBe(7);
    expect(res.msg).toMatch(/1, 2/);
  });

  it('follows the operator: a network closed for deposits leaves the deposit list, a disabled coin leaves every list', async () => {
    const dir = s.dataDir;
    expect((await runCli(['coin', 'network', 'BNB', 'BEP20', 'deposit=off'], dir)).code).toBe(0);
    let res = await call(s.app, 'GET', '/coin/getCoinList', { query: { czstatus: 1 } });
    expect(res.data.list.map((c: { coin: string }) => c.coin)).not.toContain('BNB');
    res = await call(s.app, 'GET', '/coin/getCoinList', { query: { czstatus: 2 } });
    expect(res.data.list.map((c: { coin: string }) => c.coin)).toContain('BNB');
    expect((await runCli(['coin', 'disable', 'BNB'], dir)).code).toBe(0);
    res = await call(s.app, 'GET', '/coin/getCoinList', {});
    expect(res.data.list.map((c: { coin: string }) => c.coin)).not.toContain('BNB');
  });

  it('ops coin refuses bad input and changes nothing', async () => {
    const dir = s.dataDir;
    const before = (await runCli(['coin', 'list'], dir)).out;
    expect((await runCli(['coin', 'network', 'BTC', 'TRC20', 'address=bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'], dir)).out).toMatch(/not a TRC20 address/);
    expect((await runCli(['coin', 'network', 'BTC', 'BTC', 'withdrawFee=0.000000001'], dir)).out).toMatch(/at most 8 decimals/);
    expect((await runCli(['coin', 'network', 'BTC', 'BTC', 'withdrawMin=100'], dir)).out).toMatch(/withdrawMin must not be above withdrawMax/);
    expect((await runCli(['coin', 'network', 'BTC', 'SOLANA'], dir)).out).toMatch(/Unknown network/);
    expect((await runCli(['coin', 'list'], dir)).out).toBe(before);
  });
});
