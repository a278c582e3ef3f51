// Coin exchange against a fake market whose prices the test sets: exact amounts for several
// pairs and decimals (gross rounded down to the to-coin's decimals, fee rounded up, received =
// gross − fee), executed at the server's price at that moment (never one the client sends), the
// ledger rows spot_exchange and exchange_fee, 4019 / 4021 / 4020, bad input with a valid session
// that writes nothing, one movement for a repeated Idempotency-Key, and the screen's quote
// arithmetic equal to the server's.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../../server/platform/http/context.ts';
import { exchange, exchangeAmounts as serverAmounts } from '../../../../server/funds/exchange/exchange.ts';
import { runCli } from '../../../../server/ops/cli.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches } from '../../../../server/composition/money.ts';
import { exchangeAmounts as screenAmounts } from '../../../../src/widgets/exchange-quote/quote.ts';
import { call, clock, type Loose, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

const c = clock();
const stale = new Set<string>();
const market = Object.assign(createFakeMarket(c.now), { isStale: (s: string) => stale.has(s) });

let s: TestServer;
let alice: { token: string; id: number };
let bob: { token: string; id: number };

async function user(email: string, deposits: [string, string][]): Promise<{ token: string; id: number }> {
  const r = await registerByEmail(s.app, email);
  for (const [coin, amount] of deposits) await adminDeposit(s.app.db, r.user.ID, coin, amount, c.now());
  return { token: r.token, id: r.user.ID };
}

/** Available balances in units of 10^-8, by coin. */
async function balances(id: number): Promise<Record<string, bigint>> {
  const rows = await s.app.db.selectFrom('balances').select(['coin', 'available']).where('user_id', '=', id).execute();
  return Object.fromEntries(rows.map((r) => [r.coin, BigInt(r.available)]));
}

const units = (text: string) => {
  const [i, f = ''] = text.split('.');
  return BigInt(i) * 10n ** 8n + BigInt(f.padEnd(8, '0'));
};

async function ledgerCount(): Promise<number> {
  const { n } = await s.app.db
    .selectFrom('ledger')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

const ex = (token: string, body: Record<string, unknown>, lang?: string) => call(s.app, 'POST', '/recharge/exchange', { token, body, lang });
const find = (token: string, symbol?: string) => call(s.app, 'GET', '/recharge/exchangeFind', { token, query: symbol ? { symbol } : {} });

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  alice = await user('alice-ex@example.com', [
    ['USDT', '10000'],
    ['BTC', '1'],
    ['ETH', '5'],
    ['TRX', '5000'],
    ['BNB', '2'],
  ]);
  bob = await user('bob-ex@example.com', [['USDT', '100']]);
});
afterAll(() => s.app.close());
afterEach(async () => {
  c.advance(1000);
  stale.clear();
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

function setPrices() {
  market.setPrice('btcusdt', '30000.00');
  market.setPrice('ethusdt', '2000.00');
  market.setPrice('trxusdt', '0.12345');
  market.setPrice('bnbusdt', '600.00');
}

describe('exact amounts at the server price', () => {
  const cases: { from: string; to: string; num: string; gross: string; fee: string; received: string }[] = [
    // 100 / 30000 = 0.00333333|33 → 0.00333333; fee 0.00000666666 → up 0.00000667
    { from: 'USDT', to: 'BTC', num: '100', gross: '0.00333333', fee: '0.00000667', received: '0.00332666' },
    // 0.5 × 30000 = 15000; fee 30
    { from: 'BTC', to: 'USDT', num: '0.5', gross: '15000.000000', fee: '30.000000', received: '14970.000000' },
    // 1.23456789 × 2000 / 30000 = 0.08230452|6 → 0.08230452; fee 0.00016460904 → up 0.00016461
    { from: 'ETH', to: 'BTC', num: '1.23456789', gross: '0.08230452', fee: '0.00016461', received: '0.08213991' },
    // 1000.5 × 0.12345 = 123.511725; fee 0.24702345 → up 0.247024
    { from: 'TRX', to: 'USDT', num: '1000.5', gross: '123.511725', fee: '0.247024', received: '123.264701' },
    // 10 / 0.12345 = 81.004455|24… → 81.004455; fee 0.16200891 → up 0.162009
    { from: 'USDT', to: 'TRX', num: '10', gross: '81.004455', fee: '0.162009', received: '80.842446' },
    // 0.5 × 600 / 2000 = 0.15; fee 0.0003
    { from: 'BNB', to: 'ETH', num: '0.5', gross: '0.15000000', fee: '0.00030000', received: '0.14970000' },
  ];

  for (const k of cases) {
    it(`${k.num} ${k.from} → ${k.to}: gross ${k.gross}, fee ${k.fee}, received ${k.received}, and exactly that moves`, async () => {
      setPrices();
      const before = await balances(alice.id);
      const r = await ex(alice.token, { from_coin: k.from, to_coin: k.to, num: k.num });
      expect(r.code, r.msg).toBe(0);
      expect(r.data).toMatchObject({ from_coin: k.from, to_coin: k.to, gross: k.gross, fee: k.fee, received: k.received, feeRate: '0.002' });
      expect(units(r.data.num)).toBe(units(k.num));
      const after = await balances(alice.id);
      expect(after[k.from] - before[k.from]).toBe(-units(k.num));
      expect((after[k.to] ?? 0n) - (before[k.to] ?? 0n)).toBe(units(k.received));
      // the ledger: −num and +gross as spot_exchange, −fee as exchange_fee
      const rows = await s.app.db
        .selectFrom('ledger')
        .select(['coin', 'type', 'amount'])
        .where('user_id', '=', alice.id)
        .orderBy('id', 'desc')
        .limit(3)
        .execute();
      expect(rows.reverse()).toEqual([
        { coin: k.from, type: 'spot_exchange', amount: String(-units(k.num)) },
        { coin: k.to, type: 'spot_exchange', amount: String(units(k.gross)) },
        { coin: k.to, type: 'exchange_fee', amount: String(-units(k.fee)) },
      ]);
      // the screen computes the same numbers from the same prices
      const q = (await find(alice.token, `${k.from}_${k.to}`)).data.quote;
      expect(screenAmounts(k.num, q.fromPrice, q.toPrice, q.feeRate, q.toDecimals)).toEqual({ gross: k.gross, fee: k.fee, received: k.received });
    });
  }

  it('the screen’s arithmetic equals the server’s on many amounts and prices', () => {
    const prices = ['1', '30000.00', '0.12345', '68250.17', '0.00001', '2000.5'];
    const nums = ['1', '0.00000001', '123.456789', '99999.99', '0.5', '7'];
    for (const a of prices)
      for (const b of prices)
        for (const n of nums)
          for (const d of [0, 2, 6, 8]) {
            expect(screenAmounts(n, a, b, '0.002', d)).toEqual(serverAmounts(n, a, b, '0.002', d));
          }
  });

  it('uses the server price at execution, not the one the screen was shown', async () => {
    setPrices();
    const shown = (await find(alice.token, 'USDT_BTC')).data.quote;
    expect(shown).toMatchObject({ status: 'ok', fromPrice: '1', toPrice: '30000.00', rate: '0.0000333333' });
    market.setPrice('btcusdt', '40000.00');
    const r = await ex(alice.token, { from_coin: 'USDT', to_coin: 'BTC', num: '100' });
    expect(r.code, r.msg).toBe(0);
    // 100 / 40000 = 0.0025; fee 0.000005
    expect(r.data).toMatchObject({ gross: '0.00250000', fee: '0.00000500', received: '0.00249500', toPrice: '40000.00' });
  });

  it('refuses a price or rate sent by the client (unknown field) and writes nothing', async () => {
    setPrices();
    const before = await ledgerCount();
    for (const extra of [{ price: '1' }, { rate: '1' }, { received: '1' }]) {
      const r = await ex(alice.token, { from_coin: 'USDT', to_coin: 'BTC', num: '100', ...extra });
      expect(r.code).toBe(7);
      expect(r.data.field).toBe(Object.keys(extra)[0]);
    }
    expect(await ledgerCount()).toBe(before);
  });

  it('accepts the amount as a JSON number (exact by its decimal form)', async () => {
    setPrices();
    const r = await ex(alice.token, { from_coin: 'USDT', to_coin: 'BTC', num: 0.3 });
    expect(r.code, r.msg).toBe(0);
    // 0.3 / 30000 = 0.00001; fee 0.00000002
    expect(r.data).toMatchObject({ num: '0.300000', gross: '0.00001000', fee: '0.00000002', received: '0.00000998' });
  });
});

describe('GET /recharge/exchangeFind', () => {
  it('lists the exchangeable coins with their USDT price and the pair’s quote', async () => {
    setPrices();
    const r = await find(alice.token, 'BTC_USDT');
    expect(r.code, r.msg).toBe(0);
    expect(r.data.list.map((x: Loose) => [x.coin, x.price, x.decimals])).toEqual([
      ['USDT', '1', 6],
      ['BTC', '30000.00', 8],
      ['ETH', '2000.00', 8],
      ['TRX', '0.12345', 6],
      ['BNB', '600.00', 6],
    ]);
    expect(r.data.quote).toMatchObject({ symbol: 'BTC_USDT', status: 'ok', rate: '30000.0000000000', fromDecimals: 8, toDecimals: 6, feeRate: '0.002' });
    expect((await find(alice.token)).data.quote).toBeNull();
  });

  it('says why a pair has no quote instead of failing (the screen polls it)', async () => {
    setPrices();
    expect((await find(alice.token, 'BTC_BTC')).data.quote).toMatchObject({ status: 'sameCoin' });
    stale.add('ethusdt');
    expect((await find(alice.token, 'USDT_ETH')).data.quote).toMatchObject({ status: 'noPrice', missing: 'ETH' });
  });

  it('4019 for a coin that cannot be exchanged; code 7 for a malformed symbol', async () => {
    expect((await find(alice.token, 'USDT_DOGE')).code).toBe(4019);
    const r = await find(alice.token, 'USDT_BTC_ETH');
    expect(r).toMatchObject({ code: 7, data: { field: 'symbol' } });
    expect(r.msg).toBe(msg('en', 'exchange.symbolInvalid'));
  });
});

describe('refusals change nothing', () => {
  async function refused(body: Record<string, unknown>, code: number, key?: string, params?: Record<string, string | number>, token = alice.token) {
    setPrices();
    const before = { ledger: await ledgerCount(), alice: await balances(alice.id), bob: await balances(bob.id) };
    const r = await ex(token, body, 'de');
    expect(r.code, r.msg).toBe(code);
    if (key) expect(r.msg).toBe(msg('de', key, params));
    expect({ ledger: await ledgerCount(), alice: await balances(alice.id), bob: await balances(bob.id) }).toEqual(before);
    return r;
  }

  it('4019: a coin not in the exchange list, not in the coin table, or disabled by the operator', async () => {
    await refused({ from_coin: 'USDT', to_coin: 'DOGE', num: '1' }, 4019, 'errors.4019');
    await refused({ from_coin: 'XYZ', to_coin: 'USDT', num: '1' }, 4019);
    expect((await runCli(['coin', 'disable', 'BNB'], s.dataDir)).code).toBe(0);
    try {
      await refused({ from_coin: 'BNB', to_coin: 'USDT', num: '0.1' }, 4019);
      expect((await find(alice.token)).data.list.map((x: Loose) => x.coin)).not.toContain('BNB');
    } finally {
      expect((await runCli(['coin', 'enable', 'BNB'], s.dataDir)).code).toBe(0);
    }
  });

  it('4021: one coin on both sides, no current price (stale, closed), or nothing to receive', async () => {
    await refused({ from_coin: 'BTC', to_coin: 'BTC', num: '0.1' }, 4021, 'exchange.sameCoin', { coin: 'BTC' });
    stale.add('btcusdt');
    await refused({ from_coin: 'BTC', to_coin: 'USDT', num: '0.1' }, 4021, 'exchange.noPrice', { coin: 'BTC' });
    stale.clear();
    market.setOpen('ethusdt', false);
    try {
      await refused({ from_coin: 'USDT', to_coin: 'ETH', num: '10' }, 4021, 'exchange.noPrice', { coin: 'ETH' });
    } finally {
      market.setOpen('ethusdt', true);
    }
    // 0.000001 USDT / 30000 rounds to 0 BTC
    await refused({ from_coin: 'USDT', to_coin: 'BTC', num: '0.000001' }, 4021, 'exchange.tooSmall', { coin: 'BTC' });
  });

  it('above the available balance: the form’s limit (code 7 naming it), and 4020 from the ledger itself', async () => {
    const r = await refused({ from_coin: 'USDT', to_coin: 'BTC', num: '100.000001' }, 7, 'exchange.numAvailable', { limit: '100.00' }, bob.token);
    expect(r.data.field).toBe('num');
    await refused({ from_coin: 'BTC', to_coin: 'USDT', num: 0.5 }, 7, 'exchange.numAvailable', { limit: '0.00000000' }, bob.token);
    // the exchange itself (reached past the limit check by a concurrent spend) refuses with 4020 and writes nothing
    setPrices();
    const before = await ledgerCount();
    const ctx = { db: s.app.db, market, now: c.now } as unknown as AppContext;
    await expect(exchange(ctx, { id: bob.id }, { from_coin: 'USDT', to_coin: 'BTC', num: '100.5' })).rejects.toMatchObject({ code: 4020 });
    expect(await ledgerCount()).toBe(before);
  });

  it('two exchanges of the whole balance at once: one runs, the other is refused, nothing goes negative', async () => {
    setPrices();
    const carol = await user('carol-ex@example.com', [['USDT', '50']]);
    const [a, b] = await Promise.all([0, 1].map(() => ex(carol.token, { from_coin: 'USDT', to_coin: 'BTC', num: '50' })));
    expect([a.code, b.code].filter((x) => x === 0)).toHaveLength(1);
    expect([4020, 7]).toContain(a.code === 0 ? b.code : a.code);
    expect((await balances(carol.id)).USDT).toBe(0n);
  });

  it('bad input with a valid session: a clear code 7 naming the field and what is allowed', async () => {
    const cases: [Record<string, unknown>, string, string, Record<string, string | number>?][] = [
      [{ from_coin: 'USDT', to_coin: 'BTC' }, 'num', 'exchange.numRequired'],
      [{ to_coin: 'BTC', num: '1' }, 'from_coin', 'exchange.coinRequired'],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: true }, 'num', 'exchange.numInvalid'],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: '-1' }, 'num', 'exchange.numInvalid'],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: '1e3' }, 'num', 'exchange.numInvalid'],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: 'NaN' }, 'num', 'exchange.numInvalid'],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: '0' }, 'num', 'exchange.numInvalid'],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: 0 }, 'num', 'exchange.numInvalid'],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: -5 }, 'num', 'trade.plainDecimal', { field: 'num' }],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: 1e-7 }, 'num', 'trade.plainDecimal', { field: 'num' }],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: '1.1234567' }, 'num', 'exchange.numDecimals', { limit: 6 }],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: 1.1234567 }, 'num', 'exchange.numDecimals', { limit: 6 }],
      [{ from_coin: 'USDT', to_coin: 'BTC', num: '1'.repeat(40) }, 'num', 'exchange.numInvalid'],
      [{ from_coin: 'US DT', to_coin: 'BTC', num: '1' }, 'from_coin', 'exchange.coinRequired'],
    ];
    for (const [body, field, key, params] of cases) {
      const r = await refused(body, 7, key, params);
      expect(r.data.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('a repeated Idempotency-Key moves the balances once and answers the first result', async () => {
    setPrices();
    const before = await balances(alice.id);
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/recharge/exchange',
        headers: { 'x-token': alice.token, 'idempotency-key': 'exchange-once-1' },
        payload: { from_coin: 'USDT', to_coin: 'ETH', num: '20' },
      });
    const first = (await send()).json();
    market.setPrice('ethusdt', '1000.00');
    const second = (await send()).json();
    expect(first.code).toBe(0);
    expect(second).toEqual(first);
    const after = await balances(alice.id);
    expect(after.USDT - before.USDT).toBe(-units('20'));
    // 20 / 2000 = 0.01; fee 0.00002
    expect(after.ETH - before.ETH).toBe(units('0.00998'));
  });
});
