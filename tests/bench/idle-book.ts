// Idle cost of a large resting order book: `npx tsx tests/bench/idle-book.ts [orders] [seconds]`
// (defaults 100000, 20). Not part of the test suite.
//
// The parent seeds a fresh data dir (SQLite, or DATABASE_URL=postgres://… with
// DATABASE_SCHEMA_PER_DATA_DIR=bench_) with `orders` open limit orders spread over the crypto markets,
// buys at 50–70 % and sells at 140–160 % of the market's start price, so none crosses during the
// run. Customers are credited through the administrator-deposit path and each customer's freeze
// is one ledger row per coin (the orders' sum), so the ledger stays consistent. It then runs the
// real server in a child process (buildServer with its scheduler and default market), waits a
// warm-up, and reads the child's CPU time from /proc/<pid>/stat over `seconds`: idle server CPU
// per second (ms) and as a share of one core, with the highest one-second sample. Exit code 1 if
// any seeded order was filled (the book was not idle).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Insertable } from 'kysely';
import type { SpotOrdersTable } from '../../server/core/db/types.ts';
import { lines, serverNodeArgs } from './bench-process.ts';

const USERS = 100;
const BATCH = 400;
const WARM_UP_MS = 5000;
/** /proc/<pid>/stat counts CPU time in clock ticks of 10 ms (USER_HZ on Linux) */
const TICK_MS = 10;

// ---- the server (child) ----

async function serve(dataDir: string): Promise<void> {
  const { buildServer } = await import('../../server/composition/app.ts');
  const app = await buildServer({ dataDir, seed: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
  for await (const line of (await import('node:readline')).createInterface({ input: process.stdin })) {
    if (line.trim() !== 'check') continue;
    const row = await app.db
      .selectFrom('spot_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    process.stdout.write(`${JSON.stringify({ open: Number(row.n) })}\n`);
    await app.close();
    return;
  }
}

// ---- the seed (parent) ----

async function seed(dataDir: string, orders: number): Promise<void> {
  const { openDatabase, migrateToLatest } = await import('../../server/core/db/index.ts');
  const { applyChanges } = await import('../../server/core/ledger.ts');
  const { units, mul, roundTo } = await import('../../contract/decimal.ts');
  const { tradingConfig } = await import('../../server/trading/config.ts');
  const { fundedCustomers } = await import('./funded-customers.ts');
  // the crypto pairs: their base coins are the ones a customer can hold
  const markets = (await import('../../schemas/config/markets.json', { with: { type: 'json' } })).default.markets.filter((m) => m.from === 1);
  const db = openDatabase(dataDir);
  await migrateToLatest(db);
  const cfg = tradingConfig();
  const deposits: Record<string, string> = { USDT: '1000000000' };
  for (const m of markets) deposits[m.base] = '1000000000';
  await fundedCustomers(db, USERS, 'idle', deposits);
  const users = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);

  const now = Date.now();
  const frozen = new Map<string, bigint>(); // `${user} ${coin}` → units
  const rows: Insertable<SpotOrdersTable>[] = [];
  for (let i = 0; i < orders; i++) {
    const m = markets[i % markets.length];
    const side = i % 2 === 0 ? 'buy' : 'sell';
    const userId = users[i % users.length];
    const start = units(m.startPrice);
    const factor = side === 'buy' ? 50 + (i % 21) : 140 + (i % 21); // percent of the start price
    const price = roundTo((start * BigInt(factor)) / 100n, m.priceDecimals, 'down');
    const amount = units('0.01');
    const freeze = side === 'buy' ? mul(price, amount, 'up') : amount;
    const coin = side === 'buy' ? m.quote : m.base;
    frozen.set(`${userId} ${coin}`, (frozen.get(`${userId} ${coin}`) ?? 0n) + freeze);
    rows.push({
      user_id: userId,
      symbol: m.symbol,
      base: m.base,
      quote: m.quote,
      side,
      type: 'limit',
      price: price.toString(),
      amount: amount.toString(),
      filled: '0',
      total: '0',
      avg_price: null,
      fee: '0',
      fee_coin: side === 'buy' ? m.base : m.quote,
      fee_rate: cfg.spot.feeRate,
      frozen: freeze.toString(),
      price_decimals: m.priceDecimals,
      amount_decimals: m.amountDecimals,
      status: 'open',
      client_order_id: null,
      created_at: now,
      updated_at: now,
    });
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) await trx.insertInto('spot_orders').values(rows.slice(i, i + BATCH)).execute();
    for (const [key, amount] of frozen) {
      const [userId, coin] = key.split(' ');
      await applyChanges(trx, [{ userId: Number(userId), coin, available: -amount, frozen: amount, type: coin === 'USDT' ? 'spot_buy' : 'spot_sell', refId: null }], now);
    }
  });
  await db.destroy();
}

// ---- the measurement (parent) ----

/** CPU time (user + system) of a process so far, ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime: the 14th and 15th
}

async function main(orders: number, seconds: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'idle-book-'));
  try {
    const t0 = Date.now();
    await seed(dataDir, orders);
    console.log(`seeded ${orders} resting limit orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const child = spawn(process.execPath, [...serverNodeArgs(), '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dataDir], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: process.env,
    });
    const next = lines(child);
    const ready = JSON.parse(await next()) as { ready?: boolean };
    if (!ready.ready) throw new Error(`server did not start: ${JSON.stringify(ready)}`);
    await sleep(WARM_UP_MS);
    const samples: number[] = [];
    const first = cpuMs(child.pid!);
    let last = first;
    const started = performance.now();
    for (let s = 0; s < seconds; s++) {
      await sleep(1000);
      const cpu = cpuMs(child.pid!);
      samples.push(cpu - last);
      last = cpu;
    }
    const elapsedS = (performance.now() - started) / 1000;
    const perSecond = (last - first) / elapsedS;
    child.stdin!.write('check\n');
    const { open } = JSON.parse(await next()) as { open: number };
    console.log(
      `idle server CPU over ${elapsedS.toFixed(1)} s: ${perSecond.toFixed(1)} ms/s (${(perSecond / 10).toFixed(1)} % of a core), highest second ${Math.max(...samples)} ms; ${open} of ${orders} orders still open`,
    );
    await new Promise((resolve) => child.on('exit', resolve));
    if (open !== orders) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args[0] === '--serve') await serve(args[1]);
else await main(Number(args[0] ?? 100_000), Number(args[1] ?? 20));
