// The order bench's lowest floor: a bare Fastify route running the SQL the app runs for a spot
// order (session lookup, balance read and check, order insert, balance upsert, ledger rows, in one
// transaction with the same commit) as better-sqlite3 statements prepared once, on a connection
// of its own to the app's database file (same pragmas). What is left out is everything that is
// not SQL: Kysely, the domain code's layering, the app's HTTP layers (body checks, schema
// validation, limits, the envelope, translated errors). SQLite only.
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { div, mul, roundTo, units } from '../../contract/decimal.ts';
import { databaseFile } from '../../server/core/db/index.ts';
import type { MarketData } from '../../server/platform/market/types.ts';
import { hashToken } from '../../server/platform/security/tokens.ts';
import { sessionConfig } from '../../server/platform/sessions/sessions.ts';
import { tradingConfig } from '../../server/trading/config.ts';

interface Change {
  coin: string;
  available: bigint;
  frozen: bigint;
  type: 'spot_buy' | 'spot_sell' | 'spot_fee';
}

interface OrderBody {
  symbol: string;
  buytype?: string;
  type?: string;
  musdt?: string;
  mnum?: string;
  mprice?: string;
}

class Refused extends Error {
  constructor(readonly code: number) {
    super(String(code));
  }
}

/** Starts the raw route on a loopback port beside the app, on its database file and market; answers the port. */
export async function startRawRoute(market: MarketData, dataDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  const sqlite = new SQLite(databaseFile(dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const session = sqlite.prepare<[string], { id: number; user_id: number; created_at: number; last_seen_at: number; barred: number; frozen: number }>(
    'select s.id, s.user_id, s.created_at, s.last_seen_at, u.barred, u.frozen from sessions s join users u on u.id = s.user_id where s.token_hash = ?',
  );
  const touch = sqlite.prepare('update sessions set last_seen_at = ? where id = ?');
  const balance = sqlite.prepare<[number, string], { available: string; frozen: string }>(
    'select available, frozen from balances where user_id = ? and coin = ?',
  );
  const insertOrder = sqlite.prepare(
    `insert into spot_orders (user_id, symbol, base, quote, side, type, price, amount, filled, total, avg_price, fee, fee_coin, fee_rate,
       frozen, price_decimals, amount_decimals, status, client_order_id, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?) returning id`,
  );
  const writeBalance = sqlite.prepare(
    `insert into balances (user_id, coin, available, frozen, updated_at) values (?, ?, ?, ?, ?)
     on conflict (user_id, coin) do update set available = excluded.available, frozen = excluded.frozen, updated_at = excluded.updated_at`,
  );
  const writeLedger = sqlite.prepare(
    `insert into ledger (user_id, coin, type, amount, frozen_change, available_after, frozen_after, ref_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const cfg = tradingConfig();
  const ttlMs = sessionConfig().ttlDays * 86_400_000;

  /** The order's row values and balance changes, as the domain code computes them. */
  const plan = (body: OrderBody, side: 'buy' | 'sell') => {
    const m = market.market(body.symbol);
    if (!m) throw new Refused(7);
    const marketPrice = units(market.price(m.symbol));
    const limit = (side === 'buy' ? body.buytype : body.type) === 'limit';
    const price = limit ? units(body.mprice!) : null;
    let amount: bigint;
    let frozen = 0n;
    let fill: { price: bigint; total: bigint; fee: bigint } | null = null;
    const changes: Change[] = [];
    const [pay, get] = side === 'buy' ? [m.quote, m.base] : [m.base, m.quote];
    if (side === 'buy' && !limit) {
      amount = roundTo(div(units(body.musdt!), marketPrice, 'down'), m.amountDecimals, 'down');
      const cost = mul(amount, marketPrice, 'up');
      fill = { price: marketPrice, total: cost, fee: mul(amount, cfg.feeRateUnits, 'down') };
      changes.push({ coin: pay, available: -cost, frozen: 0n, type: 'spot_buy' });
    } else {
      amount = units(body.mnum!);
      const crossing = price !== null && (side === 'buy' ? marketPrice <= price : marketPrice >= price);
      const hold = side === 'buy' ? mul(price ?? marketPrice, amount, 'up') : amount;
      if (price !== null && !crossing) {
        frozen = hold;
        changes.push({ coin: pay, available: -hold, frozen: hold, type: side === 'buy' ? 'spot_buy' : 'spot_sell' });
      } else {
        const total = side === 'buy' ? mul(marketPrice, amount, 'up') : mul(amount, marketPrice, 'down');
        fill = { price: marketPrice, total, fee: mul(side === 'buy' ? amount : total, cfg.feeRateUnits, 'down') };
        const type = side === 'buy' ? 'spot_buy' : 'spot_sell';
        if (price !== null) changes.push({ coin: pay, available: -hold, frozen: hold, type });
        changes.push({
          coin: pay,
          available: price === null ? -(side === 'buy' ? total : amount) : 0n,
          frozen: price === null ? 0n : -(side === 'buy' ? total : amount),
          type,
        });
        if (side === 'buy' && price !== null && hold !== total) changes.push({ coin: pay, available: hold - total, frozen: total - hold, type });
      }
    }
    if (fill) {
      changes.push({ coin: get, available: side === 'buy' ? amount : fill.total, frozen: 0n, type: side === 'buy' ? 'spot_buy' : 'spot_sell' });
      changes.push({ coin: get, available: -fill.fee, frozen: 0n, type: 'spot_fee' });
    }
    return { m, side, type: limit ? 'limit' : 'market', price, amount, frozen, fill, changes };
  };

  const place = sqlite.transaction((userId: number, o: ReturnType<typeof plan>, now: number) => {
    const held = new Map<string, { available: bigint; frozen: bigint }>();
    for (const c of o.changes)
      if (!held.has(c.coin)) {
        const row = balance.get(userId, c.coin);
        held.set(c.coin, { available: BigInt(row?.available ?? 0), frozen: BigInt(row?.frozen ?? 0) });
      }
    const feeCoin = o.side === 'buy' ? o.m.base : o.m.quote;
    const { id } = insertOrder.get(
      userId,
      o.m.symbol,
      o.m.base,
      o.m.quote,
      o.side,
      o.type,
      o.price?.toString() ?? null,
      o.amount.toString(),
      o.fill ? o.amount.toString() : '0',
      o.fill?.total.toString() ?? '0',
      o.fill?.price.toString() ?? null,
      o.fill?.fee.toString() ?? '0',
      feeCoin,
      cfg.spot.feeRate,
      o.frozen.toString(),
      o.m.priceDecimals,
      o.m.amountDecimals,
      o.fill ? 'filled' : 'open',
      now,
      now,
    ) as { id: number };
    for (const c of o.changes) {
      const b = held.get(c.coin)!;
      b.available += c.available;
      b.frozen += c.frozen;
      if (b.available < 0n || b.frozen < 0n) throw new Refused(4020);
      writeLedger.run(userId, c.coin, c.type, (c.available + c.frozen).toString(), c.frozen.toString(), b.available.toString(), b.frozen.toString(), id, now);
    }
    for (const [coin, b] of held) writeBalance.run(userId, coin, b.available.toString(), b.frozen.toString(), now);
    return id;
  });

  const app = Fastify({ logger: false });
  const route = (path: string, side: 'buy' | 'sell') =>
    app.post(path, async (req) => {
      try {
        const token = req.headers['x-token'];
        if (typeof token !== 'string') throw new Refused(4015);
        const s = session.get(hashToken(token));
        const now = Date.now();
        if (!s) throw new Refused(4016);
        if (now - s.created_at > ttlMs) throw new Refused(4017);
        if (s.barred || s.frozen) throw new Refused(4007);
        if (now - s.last_seen_at >= 60_000) touch.run(now, s.id);
        const o = plan(req.body as OrderBody, side);
        const id = place(s.user_id, o, now);
        return { code: 0, data: { ID: id, symbol: o.m.symbol, side, type: o.type, status: o.fill ? 'filled' : 'open' } };
      } catch (error) {
        if (error instanceof Refused) return { code: error.code };
        throw error;
      }
    });
  route('/bborder/upbbbuy', 'buy');
  route('/bborder/upbbsell', 'sell');
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return {
    port: address.port,
    close: async () => {
      await app.close();
      sqlite.close();
    },
  };
}
