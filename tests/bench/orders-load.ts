// Load check of spot order placement: `npx tsx tests/bench/orders-load.ts [orders] [inFlight] [users] [--bare] [--raw]`
// (defaults 4000, 32, 400). Not part of the test suite.
// - inFlight may list levels (`1,50`): after a warm-up, a round at each level, three times over,
//   and each repetition's highest level over its lowest.
// - --bare also loads the floor (bare-route.ts: the same session lookup and order SQL without the
//   app's layers): a warm-up round of each, then three pairs of rounds (app, bare), each pair's
//   ratio and their median.
// - --raw also loads the lowest floor (raw-route.ts: the same SQL as better-sqlite3 statements
//   prepared once behind a bare Fastify route; SQLite only); with --bare too, rounds go app, bare, raw.
// - --publish: while the rounds run, the server publishes a configuration version every 250 ms
//   (a change proposed by one operator and approved by another, server/backoffice/config-changes.ts):
//   every order must still be accepted; the number of versions is printed.
// Every round also reports the server process's CPU per order, read from /proc (user + system).
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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { lines, percentile, postJson, serverNodeArgs } from './bench-process.ts';
import { fundedCustomers } from './funded-customers.ts';
import { startBareRoute } from './bare-route.ts';
import { startRawRoute } from './raw-route.ts';

const SYMBOLS = ['btcusdt', 'ethusdt'] as const;

interface Ready {
  port: number;
  barePort: number;
  rawPort: number;
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
  /** Configuration versions published during the rounds (--publish) */
  published: number;
}

/** Publishes a configuration version every 250 ms until stopped: the exchange fee goes back and forth. */
async function keepPublishing(db: import('../../server/core/db/index.ts').Db, i18n: import('../../server/platform/i18n/i18n.ts').I18n) {
  const { createOperator } = await import('../../server/platform/operators/operators.ts');
  const { operatorAt } = await import('../../server/platform/audit/actor.ts');
  const { proposeChange, decideChange } = await import('../../server/backoffice/config-changes.ts');
  const actor = async (name: string) => {
    await createOperator(db, name, ['config'], Date.now());
    const row = await db.selectFrom('operators').select(['id', 'name']).where('name', '=', name).executeTakeFirstOrThrow();
    return operatorAt(row, '127.0.0.1');
  };
  const [author, approver] = [await actor('bench-author'), await actor('bench-approver')];
  let published = 0;
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const value = published % 2 === 0 ? '0.0021' : '0.002';
      const { id } = await proposeChange(db, i18n, author, { file: 'schemas/config/funds.json', changes: [{ pointer: '/exchangeFeeRate', value }], reason: 'bench' }, Date.now());
      await decideChange(db, i18n, approver, { id, decision: 'approve' }, Date.now());
      published++;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return async () => {
    stop = true;
    await done;
    return published;
  };
}

// ---- the server (child) ----

async function serve(dataDir: string, users: number, raw: boolean, publish: boolean): Promise<void> {
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
  const rawRoute = raw ? await startRawRoute(app.market, dataDir) : undefined;
  const ready: Ready = { port: address.port, barePort: bare.port, rawPort: rawRoute?.port ?? 0, tokens, prices, setupMs: performance.now() - t0 };
  const stopPublishing = publish ? await keepPublishing(app.db, new (await import('../../server/platform/i18n/i18n.ts')).I18n()) : async () => 0;
  process.stdout.write(`${JSON.stringify(ready)}\n`);

  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== 'check') continue;
    const published = await stopPublishing();
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
      published,
    };
    process.stdout.write(`${JSON.stringify(checked)}\n`);
    break;
  }
  await bare.close();
  await rawRoute?.close();
  await app.close();
}

// ---- the load (parent) ----

type Target = 'app' | 'bare' | 'raw';

interface Round {
  target: Target;
  inFlight: number;
  latencies: number[];
  codes: Map<number, number>;
  seconds: number;
  perSecond: number;
  p99: number;
  /** The server process's CPU (user + system, from /proc) over the round, per order */
  cpuMsPerOrder: number;
  /**
   * The same less what the server spends without orders (its market, feed and scheduler, measured
   * for a second before the round): that background grows with the resting book (the fill pass
   * reads every open order) and weighs most on the slowest rounds.
   */
  netCpuMsPerOrder: number;
}

/** How long the server's CPU is sampled without load before each round. */
const IDLE_SAMPLE_MS = 1000;

/** CPU time the process has used so far, ms (utime + stime of /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** USER_HZ: Linux reports process times in hundredths of a second. */
const CLOCK_TICKS = 100;

type OrderOf = (i: number) => { path: string; body: Record<string, string> };

/** `total` orders against `base`, `inFlight` at a time; latencies ascending. */
async function loadRound(
  base: string,
  tokens: string[],
  order: OrderOf,
  total: number,
  inFlight: number,
  serverPid: number,
): Promise<Omit<Round, 'target' | 'inFlight'>> {
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
  const idle0 = cpuMs(serverPid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SAMPLE_MS));
  const idleMsPerSecond = ((cpuMs(serverPid) - idle0) * 1000) / IDLE_SAMPLE_MS;
  const start = performance.now();
  const cpu0 = cpuMs(serverPid);
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - start) / 1000;
  const cpuUsed = cpuMs(serverPid) - cpu0;
  const cpuMsPerOrder = cpuUsed / latencies.length;
  const netCpuMsPerOrder = (cpuUsed - idleMsPerSecond * seconds) / latencies.length;
  latencies.sort((a, b) => a - b);
  return { latencies, codes, seconds, perSecond: latencies.length / seconds, p99: percentile(latencies, 99), cpuMsPerOrder, netCpuMsPerOrder };
}

function report(r: Round, users: number): void {
  console.log(`${r.target}: ${r.latencies.length} orders over HTTP, ${r.inFlight} in flight, ${users} users`);
  console.log(`  throughput: ${r.perSecond.toFixed(0)} orders/s (${r.seconds.toFixed(2)} s)`);
  console.log(
    `  latency: p50 ${percentile(r.latencies, 50).toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, max ${r.latencies[r.latencies.length - 1].toFixed(2)} ms`,
  );
  console.log(`  server CPU: ${r.cpuMsPerOrder.toFixed(3)} ms per order (${r.netCpuMsPerOrder.toFixed(3)} ms less the idle server's)`);
  console.log(`  codes: ${[...r.codes].map(([code, n]) => `${code} ×${n}`).join(', ')}`);
}

const GOALS: Record<Exclude<Target, 'app'>, { throughput: number; cpu: number }> = { bare: { throughput: 0.9, cpu: 1.2 }, raw: { throughput: 0.85, cpu: 1.2 } };

/** Each group of rounds (app, then each floor) as the app's ratio to each floor, and their medians; then a table of medians. */
function reportRatios(rounds: Round[], targets: Target[]): void {
  const groups = Array.from({ length: rounds.length / targets.length }, (_, i) => rounds.slice(i * targets.length, (i + 1) * targets.length));
  const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
  const ratios = (floor: number, of: (r: Round) => number) => groups.map((g) => of(g[0]) / of(g[floor])).sort((a, b) => a - b);
  targets.forEach((target, floor) => {
    if (target === 'app') return;
    const goal = GOALS[target];
    const throughput = ratios(floor, (r) => r.perSecond);
    const p99 = ratios(floor, (r) => r.p99);
    const cpu = ratios(floor, (r) => r.cpuMsPerOrder);
    const net = ratios(floor, (r) => r.netCpuMsPerOrder);
    console.log(
      `app / ${target} route, per group of rounds: ${list(throughput)} × orders/s (median ${percentile(throughput, 50).toFixed(2)}, goal ≥ ${goal.throughput})`,
    );
    console.log(`  p99: ${list(p99)} × (median ${percentile(p99, 50).toFixed(2)}, goal ≤ 1.2)`);
    console.log(`  server CPU per order: ${list(cpu)} × (median ${percentile(cpu, 50).toFixed(2)}, goal ≤ ${goal.cpu})`);
    console.log(`  less the idle server's: ${list(net)} × (median ${percentile(net, 50).toFixed(2)})`);
  });
  console.log("| variant | orders/s | p99 | server CPU per order | less the idle server's |\n|---|---|---|---|---|");
  const range = (xs: number[], digits: number, unit = '') => `${xs[0].toFixed(digits)}–${xs[xs.length - 1].toFixed(digits)}${unit}`;
  for (const [floor, target] of targets.entries()) {
    const of = (value: (r: Round) => number) => groups.map((g) => value(g[floor])).sort((a, b) => a - b);
    const cells = [
      range(
        of((r) => r.perSecond),
        0,
      ),
      range(
        of((r) => r.p99),
        1,
        ' ms',
      ),
      range(
        of((r) => r.cpuMsPerOrder),
        3,
        ' ms',
      ),
      range(
        of((r) => r.netCpuMsPerOrder),
        3,
        ' ms',
      ),
    ];
    console.log(`| ${target} | ${cells.join(' | ')} |`);
  }
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
  raw: boolean;
  publish: boolean;
}

/** Runs the plan's rounds against the ready server; answers every measured round. */
async function runRounds(ready: Ready, plan: Plan, serverPid: number): Promise<Round[]> {
  const order = orderMix(ready.prices);
  const ports: Record<Target, string> = { app: `${ready.port}/api`, bare: String(ready.barePort), raw: String(ready.rawPort) };
  const base = (target: Target) => `http://127.0.0.1:${ports[target]}`;
  const levels = plan.inFlight;
  const targets: Target[] = ['app', ...(plan.bare ? (['bare'] as const) : []), ...(plan.raw ? (['raw'] as const) : [])];
  const floors = targets.length > 1;
  const compare = floors || levels.length > 1;
  // every side warmed up first (JIT), so that no side's first measured round is its cold one
  if (compare) for (const target of targets) await loadRound(base(target), ready.tokens, order, Math.ceil(plan.total / 4), Math.max(...levels), serverPid);
  const steps: { target: Target; inFlight: number }[] = floors
    ? Array.from({ length: 3 * targets.length }, (_, i) => ({ target: targets[i % targets.length], inFlight: levels[0] }))
    : Array.from({ length: compare ? 3 * levels.length : 1 }, (_, i) => ({ target: 'app', inFlight: levels[i % levels.length] }));
  const rounds: Round[] = [];
  for (const { target, inFlight } of steps) {
    const round: Round = { ...(await loadRound(base(target), ready.tokens, order, plan.total, inFlight, serverPid)), target, inFlight };
    rounds.push(round);
    report(round, plan.users);
  }
  if (floors) reportRatios(rounds, targets);
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
  const child = spawn(
    process.execPath,
    [...serverNodeArgs(), '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dataDir, String(plan.users), String(plan.raw), String(plan.publish)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const next = lines(child);
  try {
    const ready = JSON.parse(await next()) as Ready;
    if (!ready.port) throw new Error('the server did not start');
    console.log(`setup: server on 127.0.0.1:${ready.port}, ${plan.users} users credited in ${Math.round(ready.setupMs)} ms`);
    const rounds = await runRounds(ready, plan, child.pid!);
    const refused = rounds.reduce((n, r) => n + r.latencies.length - (r.codes.get(0) ?? 0), 0);

    child.stdin!.write('check\n');
    const checked = JSON.parse(await next()) as Checked;
    if (plan.publish) console.log(`configuration versions published during the rounds: ${checked.published}; orders refused: ${refused}`);
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
const numbers = args.filter((a) => !a.startsWith('--'));
const run =
  args[0] === '--serve'
    ? serve(args[1], Number(args[2]), args[3] === 'true', args[4] === 'true')
    : load({
        total: Number(numbers[0] ?? 4000),
        inFlight: (numbers[1] ?? '32').split(',').map(Number),
        users: Number(numbers[2] ?? 400),
        bare: args.includes('--bare'),
        raw: args.includes('--raw'),
        publish: args.includes('--publish'),
      });
run.catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
