// GET /user/mycoin {cate}: 1 the asset list (USDT first, then every coin held), 2 the deposit
// list and 3 the withdrawal list (every configured coin, with its networks). Each row carries
// the coin's name and display decimals; values in USDT are exact and rounded down.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineRefs, loadConfig } from '../../contract/loader.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches } from '../../server/composition/money.ts';
import { units } from '../../contract/decimal.ts';
import { loanReview } from '../../server/funds/loans/loan-review.ts';
import { call, clock, type Loose, ROOT, registerByEmail, startServer, type TestServer, login, verifyIdentity } from './helpers.ts';

interface Coin {
  coin: string;
  name: string;
  decimals: number;
  networks: string[];
}
const COINS = loadConfig<{ coins: Coin[] }>('coins').coins;

const c = clock();
const market = createFakeMarket(c.now);
let s: TestServer;
let token: string;

const entityDir = join(ROOT, 'schemas/entities');
const validateAsset = new Ajv({ strict: false }).compile(inlineRefs(JSON.parse(readFileSync(join(entityDir, 'asset.json'), 'utf8')), entityDir) as object);

const mycoin = async (cate: number) => {
  const r = await call(s.app, 'GET', '/user/mycoin', { token, query: { cate } });
  expect(r.code, r.msg).toBe(0);
  for (const row of r.data.list) expect(validateAsset(row), JSON.stringify(validateAsset.errors)).toBe(true);
  return r.data as { list: Loose[]; totalUsdt: string };
};

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  // Prices with more digits than the value keeps, so rounding shows.
  market.setPrice('btcusdt', '64123.47');
  market.setPrice('ethusdt', '3001.99');
  market.setPrice('dogeusdt', '0.123457');
  // 1.000003 × 0.999997 = 0.999999999991: rounded down it stays under 1 USDT
  market.setPrice('trxusdt', '0.999997');
  const r = await registerByEmail(s.app, 'assets@example.com');
  token = r.token;
  await adminDeposit(s.app.db, r.user.ID, 'USDT', '12.5', c.now());
  await adminDeposit(s.app.db, r.user.ID, 'BTC', '0.12345679', c.now());
  await adminDeposit(s.app.db, r.user.ID, 'DOGE', '3.333333', c.now());
  await adminDeposit(s.app.db, r.user.ID, 'TRX', '1.000003', c.now());
  await adminDeposit(s.app.db, r.user.ID, 'ETH', '0.5', c.now());
  // Sold back to zero: held once, total 0 now, so not in the asset list.
  await call(s.app, 'POST', '/bborder/upbbsell', { token, body: { symbol: 'ethusdt', type: 'market', mnum: '0.5' } }).then((x) =>
    expect(x.code, x.msg).toBe(0),
  );
});
afterAll(() => s.app.close());

describe('cate 1: the asset list', () => {
  it('USDT first, then every coin with a non-zero total, in coins.json order; amounts in each coin’s decimals', async () => {
    const { list, totalUsdt } = await mycoin(1);
    expect(list.map((a) => a.coin)).toEqual(['USDT', 'BTC', 'TRX', 'DOGE']);
    // 12.5 + ETH sold: 0.5 × 3001.99 = 1500.995 − 0.1 % fee 1.500995 = 1499.494005 USDT
    expect(list[0]).toEqual({
      coin: 'USDT',
      name: 'Tether',
      decimals: 6,
      available: '1511.994005',
      frozen: '0.000000',
      total: '1511.994005',
      usdtValue: '1511.994005',
    });
    // 0.12345679 × 64123.47 = 7916.4777698613 → rounded down to 6 decimals
    expect(list[1]).toEqual({
      coin: 'BTC',
      name: 'Bitcoin',
      decimals: 8,
      available: '0.12345679',
      frozen: '0.00000000',
      total: '0.12345679',
      usdtValue: '7916.477769',
    });
    // 3.333333 × 0.123457 = 0.411523292181
    expect(list[2]).toEqual({ coin: 'TRX', name: 'TRON', decimals: 6, available: '1.000003', frozen: '0.000000', total: '1.000003', usdtValue: '0.999999' });
    expect(list[3]).toEqual({
      coin: 'DOGE',
      name: 'Dogecoin',
      decimals: 6,
      available: '3.333333',
      frozen: '0.000000',
      total: '3.333333',
      usdtValue: '0.411523',
    });
    for (const a of list) expect(a).not.toHaveProperty('networks');
    // The total is the sum of the values in ledger units (10^-8), rounded down once:
    // 1511.994005 + 7916.47776986 + 0.99999999 + 0.41152329 = 9429.88329814 (the shown values add up to …296).
    expect(totalUsdt).toBe('9429.883298');
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });
});

describe('cate 2 and 3: deposit and withdrawal lists', () => {
  for (const cate of [2, 3]) {
    it(`cate ${cate}: every configured coin, held or not, with its name, decimals and networks`, async () => {
      const { list, totalUsdt } = await mycoin(cate);
      expect(list.map((a) => a.coin)).toEqual(COINS.map((x) => x.coin));
      for (const [i, coin] of COINS.entries()) {
        expect(list[i]).toMatchObject({ coin: coin.coin, name: coin.name, decimals: coin.decimals, networks: coin.networks });
      }
      const byCoin = Object.fromEntries(list.map((a) => [a.coin, a]));
      expect(byCoin.BTC).toMatchObject({ total: '0.12345679', usdtValue: '7916.477769' });
      expect(byCoin.ETH).toMatchObject({ available: '0.00000000', total: '0.00000000', usdtValue: '0.000000' });
      expect(byCoin.SOL).toMatchObject({ available: '0.000000', total: '0.000000', usdtValue: '0.000000' });
      expect(byCoin.USDT.networks).toEqual(['TRC20', 'ERC20', 'BEP20']);
      expect(totalUsdt).toBe('9429.883298');
    });
  }

  it('a cate outside 1–3 is refused with code 7', async () => {
    for (const cate of [0, 4, 'x']) {
      const r = await call(s.app, 'GET', '/user/mycoin', { token, query: { cate } });
      expect(r.code).toBe(7);
      expect(r.data).toMatchObject({ field: 'cate' });
    }
  });
});

describe('loans owed beside the total (issue 24)', () => {
  it('the total counts a borrowed 1,000 USDT; owedUsdt states it owed with its interest, netUsdt the total less it', async () => {
    const b = await registerByEmail(s.app, 'assets-loan@example.com');
    await verifyIdentity(s.app.db, b.user.ID);
    const before = await call(s.app, 'GET', '/user/mycoin', { token: b.token, query: { cate: 1 } });
    expect(before.data).toMatchObject({ totalUsdt: '0.000000', owedUsdt: '0.000000', netUsdt: '0.000000' });
    const applied = await call(s.app, 'POST', '/loan_order/createLoan_order', { token: b.token, body: { loan_id: 1, amount: '1000' } });
    expect(applied.code, applied.msg).toBe(0);
    await loanReview.approve(s.app.db, applied.data.ID as number, [], c.now());
    const mine = async () => {
      const r = await call(s.app, 'GET', '/user/mycoin', { token: b.token, query: { cate: 1 } });
      expect(r.code, r.msg).toBe(0);
      return r.data as Loose;
    };
    const after = await mine();
    expect(after).toMatchObject({ totalUsdt: '1000.000000', owedUsdt: '1000.000000', netUsdt: '0.000000' });
    // the loan's interest after its free days is owed too; the total stays what is held
    c.advance(10 * 86_400_000);
    const again = await login(s.app, 'assets-loan@example.com', 'Secret-pass-123');
    b.token = again.data.token as string;
    const later = await mine();
    expect(later.totalUsdt).toBe('1000.000000');
    expect(Number(later.owedUsdt)).toBeGreaterThan(1000);
    expect(later.netUsdt).toBe('0.000000');
    // 400 USDT of the customer's own: the net is what is theirs
    await adminDeposit(s.app.db, b.user.ID, 'USDT', '400', c.now());
    const own = await mine();
    expect(own.totalUsdt).toBe('1400.000000');
    expect(units(own.netUsdt)).toBe(units(own.totalUsdt) - units(own.owedUsdt));
  });
});
