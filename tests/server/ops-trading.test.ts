// Operator commands of trading: credit (administrator deposit) and balance, directly and
// through the CLI; no command chooses the market (market-seed is gone).
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/ops/cli.ts';
import * as ops from '../../server/ops/commands.ts';
import { DEMO_EMAIL } from '../../server/composition/seed.ts';
import { ledgerMismatches, readMarketSeed, tradingState } from '../../server/composition/money.ts';
import { refusalText, ROOT, registerByEmail, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ scheduler: false });
});
afterAll(() => s.app.close());

describe('credit and balance', () => {
  it('credit adds an exact amount with an agent_deposit ledger row; balance lists every coin', async () => {
    const { user } = await registerByEmail(s.app, 'credit@example.com');
    expect(await ops.balance(s.app.db, 'credit@example.com')).toEqual([{ coin: 'USDT', available: '0.000000', frozen: '0.000000', total: '0.000000' }]);
    expect(await ops.credit(s.app.db, 'credit@example.com', 'usdt', '0.1')).toMatchObject({ user: user.ID, coin: 'USDT', available: '0.100000' });
    expect(await ops.credit(s.app.db, String(user.ID), 'USDT', '0.2')).toMatchObject({ available: '0.300000' });
    expect(await ops.credit(s.app.db, 'credit@example.com', 'ETH', '1.00000001')).toMatchObject({ coin: 'ETH', available: '1.00000001' });
    expect(await ops.balance(s.app.db, 'credit@example.com')).toEqual([
      { coin: 'USDT', available: '0.300000', frozen: '0.000000', total: '0.300000' },
      { coin: 'ETH', available: '1.00000001', frozen: '0.00000000', total: '1.00000001' },
    ]);
    const rows = await s.app.db.selectFrom('ledger').select(['coin', 'type', 'amount']).where('user_id', '=', user.ID).orderBy('id').execute();
    expect(rows).toEqual([
      { coin: 'USDT', type: 'agent_deposit', amount: '10000000' },
      { coin: 'USDT', type: 'agent_deposit', amount: '20000000' },
      { coin: 'ETH', type: 'agent_deposit', amount: '100000001' },
    ]);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('refuses bad amounts, coins and users and changes nothing', async () => {
    const before = await tradingState(s.app.db);
    const bad: [string | undefined, string | undefined, string | undefined, string][] = [
      [DEMO_EMAIL, 'USDT', '-5', 'positive decimal'],
      [DEMO_EMAIL, 'USDT', '0', 'greater than zero'],
      [DEMO_EMAIL, 'USDT', '0.000', 'greater than zero'],
      [DEMO_EMAIL, 'USDT', 'ten', 'positive decimal'],
      [DEMO_EMAIL, 'USDT', '1e3', 'positive decimal'],
      [DEMO_EMAIL, 'USDT', '1.0000001', 'at most 6 decimals'],
      [DEMO_EMAIL, 'BTC', '1.000000001', 'at most 8 decimals'],
      [DEMO_EMAIL, 'USDT', '10000000000000', 'at most'],
      [DEMO_EMAIL, 'XYZ', '1', 'Unknown coin'],
      [DEMO_EMAIL, 'USDT', undefined, 'Usage: credit'],
      ['ghost@example.com', 'USDT', '1', 'No user'],
      [undefined, undefined, undefined, 'Name the user'],
    ];
    for (const [u, coin, amount, message] of bad) {
      expect(await refusalText(ops.credit(s.app.db, u, coin, amount))).toContain(message);
    }
    await expect(ops.balance(s.app.db, 'ghost@example.com')).rejects.toMatchObject({ msgKey: 'refusals.cli.userUnknown' });
    expect(await tradingState(s.app.db)).toEqual(before);
  });

  it('runCli: credit and balance print results; a bad amount exits non-zero', async () => {
    const ok = await runCli(['credit', DEMO_EMAIL, 'USDT', '12.5'], s.dataDir);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/Credited 12\.5 USDT/);
    expect(ok.out).toMatch(/available\s+10012\.500000/);
    const bal = await runCli(['balance', DEMO_EMAIL], s.dataDir);
    expect(bal.code).toBe(0);
    expect(bal.out).toMatch(/coin\s+available\s+frozen\s+total/);
    expect(bal.out).toMatch(/USDT\s+10012\.500000\s+0\.000000\s+10012\.500000/);
    expect(bal.out).toMatch(/BTC\s+0\.50000000/);
    expect(await runCli(['credit', DEMO_EMAIL, 'USDT', '-1'], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('positive decimal') });
    expect(await runCli(['credit', DEMO_EMAIL], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('Usage: credit') });
    expect((await runCli(['help'], s.dataDir)).out).not.toContain('market-seed');
  });
});

describe('the market is not the operator’s', () => {
  it('there is no market-seed command; the secret seed stays as stored on first start', async () => {
    const secret = await readMarketSeed(s.app.db);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const out = await runCli(['market-seed', '7'], s.dataDir);
    expect(out.code).toBe(1);
    expect(out.out).toContain('Unknown command "market-seed"');
    expect(out.out).not.toContain(secret!);
    expect(await readMarketSeed(s.app.db)).toBe(secret);
    expect('marketSeed' in ops).toBe(false);
  });

  it('runs as `tsx server/ops/cli.ts` against DATA_DIR', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: s.dataDir },
        encoding: 'utf8',
      });
    const credit = run('credit', DEMO_EMAIL, 'BTC', '0.25');
    expect(credit.status, credit.stderr).toBe(0);
    expect(credit.stdout).toMatch(/available\s+0\.75000000/);
    const bad = run('credit', DEMO_EMAIL, 'BTC', 'lots');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Amount must be a positive decimal');
    const balance = run('balance', DEMO_EMAIL);
    expect(balance.stdout).toMatch(/BTC\s+0\.75000000/);
  });
});
