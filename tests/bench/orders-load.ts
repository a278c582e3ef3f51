// Load check of spot order placement: `npx tsx tests/bench/orders-load.ts [orders] [inFlight] [users] [--bare]`
// (defaults 4000, 32, 400). Not part of the test suite.
// - inFlight may list levels (`1,50`): after a warm-up, a round at each level, three times over,
//   and each repetition's highest level over its lowest.
// - --bare also loads the floor (bare-route.ts: the same session lookup and order SQL without the
//   app's layers): a warm-up round of each, then three pairs of rounds (app, bare), each pair's
//   ratio and their median.
// On PostgreSQL: DATABASE_URL=postgres://… DATABASE_SCHEMA_PER_DATA_DIR=bench_ (the server child inherits
// both; the prefix gives each run a fresh schema of its own).
//
// The script runs itself twice: a child process is the real server (buildServer with its
// scheduler and default market, on 127.0.0.1, a temp data dir) that also credits the users
// through the administrator-deposit path; the parent fires a bounded number of market and
// limit orders over HTTP with a fixed number in flight, prints orders/s and p50/p99
// latency, then asks the child to run the scheduler's work once and check the ledger
// (ledgerMismatches) and prints that. Exit code 1 if the ledger is inconsistent or any
// order was refused.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { lines, percentile, postJson, serverNodeArgs } from './bench-process.ts';
import { fundedCustomers } from './funded-customers.ts';
import { startBareRoute } from './bare-route.ts';

const SYMBOLS = ['btcusdt', 'ethusdt'] as const;

interface Ready {
  port: number;
  barePort: number;
  tokens: string[];
  prices: Record<string, { price: string; priceDecimals: number }>;
  setupMs: number;
}

interface Checked {
  filledByRun: number;
  filled: number;
  open: number;
  ledgerRows: number;
  mismatches: unknown[];
}

// ---- the server (child) ----

async function serve(dataDir: string, users: number): Promise<void> {
  const { buildServer } = await import('../../server/composition/app.ts');
  const { ledgerMismatches, runDueWork } = await import('../../server/composition/money.ts');

  const app = await buildServer({ dataDir, seed: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  const t0 = performance.now();
  const tokens = await fundedCustomers(app.db, users, 'bench', { USDT: '1000000', BTC: '10', ETH: '100' });
  const prices = Object.fromEntries(SYMBOLS.map((s) => [s, { price: app.market.price(s), priceDecimals: app.market.market(s)!.priceDecimals }]));
  const bare = await startBareRoute(app.db, app.market, dataDir);
  const ready: Ready = { port: address.port, barePort: bare.port, tokens, prices, setupMs: performance.now() - t0 };
  process.stdout.write(`${JSON.stringify(ready)}\n`);

  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== 'check') continue;
    const work = await runDueWork({ db: app.db, market: app.market, now: Date.now });
    const count = async (status: 'open' | 'filled') =>
      Number(
        (
          await app.db
            .selectFrom('spot_orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', status)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ledgerRows = Number(
      (
        await app.db
          .selectFrom('ledger')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const checked: Checked = {
      filledByRun: work.filled,
      filled: await count('filled'),
      open: await count('open'),
      ledgerRows,
      mismatches: await ledgerMismatches(app.db),
    };
    process.stdout.write(`${JSON.stringify(checked)}\n`);
    break;
  }
  await bare.close();
  await app.close();
}

// ---- the load (parent) ----

interface Round {
  target: 'app' | 'bare';
  inFlight: number;
  latencies: number[];
  codes: Map<number, number>;
  seconds: number;
  perSecond: number;
  p99: number;
}

type OrderOf = (i: number) => { path: string; body: Record<string, string> };

/** `total` orders against `base`, `inFlight` at a time; latencies ascending. */
async function loadRound(base: string, tokens: string[], order: OrderOf, total: number, inFlight: number): Promise<Omit<Round, 'target' | 'inFlight'>> {
  const latencies: number[] = [];
  const codes = new Map<number, number>();
  let i = 0;
  const worker = async () => {
    for (;;) {
      const n = i++;
      if (n >= total) return;
      const { path, body } = order(n);
      const t0 = performance.now();
      const res = await postJson(base + path, { 'x-token': tokens[n % tokens.length] }, body);
      latencies.push(performance.now() - t0);
      const code = res.status === 200 ? (res.json as { code: number }).code : -res.status;
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, codes, seconds, perSecond: latencies.length / seconds, p99: percentile(latencies, 99) };
}

function report(r: Round, users: number): void {
  console.log(`${r.target}: ${r.latencies.length} orders over HTTP, ${r.inFlight} in flight, ${users} users`);
  console.log(`  throughput: ${r.perSecond.toFixed(0)} orders/s (${r.seconds.toFixed(2)} s)`);
  console.log(
    `  latency: p50 ${percentile(r.latencies, 50).toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, max ${r.latencies[r.latencies.length - 1].toFixed(2)} ms`,
  );
  console.log(`  codes: ${[...r.codes].map(([code, n]) => `${code} ×${n}`).join(', ')}`);
}

/** Each pair of rounds (app, then bare) as a ratio, and their median. */
function reportRatios(rounds: Round[]): void {
  const pairs = Array.from({ length: rounds.length / 2 }, (_, i) => [rounds[2 * i], rounds[2 * i + 1]] as const);
  const throughput = pairs.map(([app, bare]) => app.perSecond / bare.perSecond).sort((a, b) => a - b);
  const p99 = pairs.map(([app, bare]) => app.p99 / bare.p99).sort((a, b) => a - b);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
  console.log(`app / bare route, per pair of rounds: ${list(throughput)} × orders/s (median ${percentile(throughput, 50).toFixed(2)}, goal ≥ 0.9)`);
  console.log(`  p99: ${list(p99)} × (median ${percentile(p99, 50).toFixed(2)}, goal ≤ 1.2)`);
}

/** The bench's order mix: market and limit buys and sells of both pairs, limits within ±0.3 % of the start price. */
function orderMix(prices: Ready['prices']): OrderOf {
  return (i): ReturnType<OrderOf> => {
    const symbol = SYMBOLS[i % SYMBOLS.length];
    const { price, priceDecimals } = prices[symbol];
    const qty = symbol === 'btcusdt' ? '0.001' : '0.02';
    // so that some fill as the market moves
    const limit = (Number(price) * (1 + ((i % 7) - 3) / 1000)).toFixed(priceDecimals);
    switch (i % 5) {
      case 0:
      case 1:
        return { path: '/bborder/upbbbuy', body: { symbol, buytype: 'market', musdt: '25' } };
      case 2:
        return { path: '/bborder/upbbsell', body: { symbol, type: 'market', mnum: qty } };
      case 3:
        return { path: '/bborder/upbbbuy', body: { symbol, buytype: 'limit', mprice: limit, mnum: qty } };
      default:
        return { path: '/bborder/upbbsell', body: { symbol, type: 'limit', mprice: limit, mnum: qty } };
    }
  };
}

interface Plan {
  total: number;
  /** One level: a single round (or, with bare, pairs against the bare route); several: rounds at each, three times over */
  inFlight: number[];
  users: number;
  bare: boolean;
}

/** Runs the plan's rounds against the ready server; answers every measured round. */
async function runRounds(ready: Ready, plan: Plan): Promise<Round[]> {
  const order = orderMix(ready.prices);
  const base = (target: Round['target']) => `http://127.0.0.1:${target === 'app' ? `${ready.port}/api` : ready.barePort}`;
  const levels = plan.inFlight;
  const compare = plan.bare || levels.length > 1;
  // every side warmed up first (JIT), so that no side's first measured round is its cold one
  if (compare)
    for (const target of plan.bare ? (['app', 'bare'] as const) : (['app'] as const))
      await loadRound(base(target), ready.tokens, order, Math.ceil(plan.total / 4), Math.max(...levels));
  const steps: { target: Round['target']; inFlight: number }[] = plan.bare
    ? Array.from({ length: 6 }, (_, i) => ({ target: i % 2 ? 'bare' : 'app', inFlight: levels[0] }))
    : Array.from({ length: compare ? 3 * levels.length : 1 }, (_, i) => ({ target: 'app', inFlight: levels[i % levels.length] }));
  const rounds: Round[] = [];
  for (const { target, inFlight } of steps) {
    const round: Round = { ...(await loadRound(base(target), ready.tokens, order, plan.total, inFlight)), target, inFlight };
    rounds.push(round);
    report(round, plan.users);
  }
  if (plan.bare) reportRatios(rounds);
  else if (levels.length > 1) reportScaling(rounds, levels);
  return rounds;
}

/** Each repetition's throughput at the highest level over the lowest, and their median. */
function reportScaling(rounds: Round[], levels: number[]): void {
  const [low, high] = [Math.min(...levels), Math.max(...levels)];
  const at = (level: number) => rounds.filter((r) => r.inFlight === level);
  const ratios = at(high)
    .map((r, i) => r.perSecond / at(low)[i].perSecond)
    .sort((a, b) => a - b);
  for (const level of levels)
    console.log(
      `${level} in flight: ${at(level)
        .map((r) => r.perSecond.toFixed(0))
        .join(', ')} orders/s`,
    );
  console.log(`${high} in flight / ${low}: ${ratios.map((x) => x.toFixed(2)).join(', ')} × (median ${percentile(ratios, 50).toFixed(2)})`);
}

async function load(plan: Plan): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coinapp-bench-'));
  const child = spawn(process.execPath, [...serverNodeArgs(), '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dataDir, String(plan.users)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const next = lines(child);
  try {
    const ready = JSON.parse(await next()) as Ready;
    if (!ready.port) throw new Error('the server did not start');
    console.log(`setup: server on 127.0.0.1:${ready.port}, ${plan.users} users credited in ${Math.round(ready.setupMs)} ms`);
    const rounds = await runRounds(ready, plan);
    const refused = rounds.reduce((n, r) => n + r.latencies.length - (r.codes.get(0) ?? 0), 0);

    child.stdin!.write('check\n');
    const checked = JSON.parse(await next()) as Checked;
    console.log(`after one more scheduler run (+${checked.filledByRun}): ${checked.filled} filled, ${checked.open} open limit orders`);
    console.log(
      `ledger: ${checked.ledgerRows} rows; mismatches: ${checked.mismatches.length === 0 ? 'none (available + frozen == Σ ledger for every user and coin)' : JSON.stringify(checked.mismatches.slice(0, 5))}`,
    );
    if (checked.mismatches.length > 0 || refused > 0) process.exitCode = 1;
  } finally {
    child.stdin!.end();
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const numbers = args.filter((a) => a !== '--bare');
const run =
  args[0] === '--serve'
    ? serve(args[1], Number(args[2]))
    : load({
        total: Number(numbers[0] ?? 4000),
        inFlight: (numbers[1] ?? '32').split(',').map(Number),
        users: Number(numbers[2] ?? 400),
        bare: args.includes('--bare'),
      });
run.catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
