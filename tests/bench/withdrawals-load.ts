// Load check of withdrawals beside sign-ins and reads:
// `npx tsx tests/bench/withdrawals-load.ts [seconds] [clients] [signInEverySeconds]` (defaults 45, 200, 5).
// Not part of the test suite.
//
// The script runs itself twice: a child process is the real server (buildServer on 127.0.0.1,
// a temp data dir, rate limits raised: every client comes from one address) that also makes one
// user per client (verified identity, a USDT balance, the withdrawal password in the tree's own
// stored form, a bank card for bank clients). The parent runs the clients over HTTP, each
// request with a 20 s timeout:
//   20 % crypto withdrawals (POST /withdraw/createWithdraw, 10 USDT, with the withdrawal password)
//   10 % bank withdrawals   (POST /withdraw_bank/createWithdraw_bank, 50 USDT to the user's card)
//    5 % sign-ins           (captcha, its answer read from the captchas table as `npm run ops --
//                            captcha <id>` does, then POST /base/login and one read with the new
//                            session), each client every signInEverySeconds on average (random
//                            gaps): with 200 clients and 5 s, up to 2 sign-ins a second
//   the rest reads          (user info, withdrawal status, assets, the withdrawal list)
// Withdrawal clients wait 0–1 s between requests, readers 0.5–1.5 s. At the end it prints
// p50/p95/p99 per operation, throughput and timeouts, then asks the child for its event-loop
// delay and to check the ledger (ledgerMismatches) and the rows against the successes. Exit
// code 1 if the ledger is inconsistent, a count differs, or a request timed out or failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { lines, percentile, serverNodeArgs } from './bench-process.ts';

const LOGIN_PASSWORD = 'bench123456';
const PIN = '482916';
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const TIMEOUT_MS = 20_000;
const CARD = { bankname: 'Deutsche Bank', accountname: 'Bench Example', bankcard: '1234567890123456', ibna: 'DE89370400440532013000', swift: 'DEUTDEFF', payeeaddress: 'Taunusanlage 12, Frankfurt', country: 'DE' };

type Role = 'crypto' | 'bank' | 'signIn' | 'reader';

interface Client {
  role: Role;
  email: string;
  token: string;
}

interface Ready {
  port: number;
  clients: Client[];
  usdtId: number;
  pinForm: string;
  setupMs: number;
}

interface Checked {
  mismatches: unknown[];
  withdrawals: number;
  bankWithdrawals: number;
  ledgerRows: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

function roles(clients: number): Role[] {
  const crypto = Math.round(clients * 0.2);
  const bank = Math.round(clients * 0.1);
  const signIn = Math.max(1, Math.round(clients * 0.05));
  return [...Array<Role>(crypto).fill('crypto'), ...Array<Role>(bank).fill('bank'), ...Array<Role>(signIn).fill('signIn'), ...Array<Role>(Math.max(0, clients - crypto - bank - signIn)).fill('reader')];
}

// ---- the server (child) ----

async function serve(dataDir: string, clients: number): Promise<void> {
  const { buildServer } = await import('../../server/composition/app.ts');
  const { DEFAULT_RATE_LIMITS } = await import('../../server/core/config.ts');
  const { hashPassword } = await import('../../server/platform/security/password.ts');
  const funds: Record<string, unknown> = await import('../../server/funds/rules.ts');
  const { adminDeposit, ledgerMismatches } = await import('../../server/composition/money.ts');
  const { createUser } = await import('../../server/platform/sessions/users.ts');
  const { startSession } = await import('../../server/platform/sessions/sessions.ts');

  const raised = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1e9, windowMs: 60_000 }]));
  const app = await buildServer({ dataDir, seed: false, rateLimits: raised });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const db = app.db;

  const t0 = performance.now();
  const loginHash = await hashPassword(LOGIN_PASSWORD);
  // the tree's own stored form: HMAC under the server secret where it exists, else one scrypt hash (shared: making 200 would take minutes)
  const hashPayPassword = funds.hashPayPassword as ((ctx: { db: typeof db; dataDir: string }, pin: string) => string) | undefined;
  const legacyPinHash = hashPayPassword ? undefined : await hashPassword(PIN);
  const now = Date.now();
  const ready: Ready = { port: address.port, clients: [], usdtId: 0, pinForm: '', setupMs: 0 };
  for (const [i, role] of roles(clients).entries()) {
    const email = `bench${i}@example.com`;
    const user = await createUser(db, { email, passwordHash: loginHash }, now);
    await db
      .insertInto('user_cards')
      .values({ user_id: user.id, type: 3, name: 'Bench User', card_front: '', card_end: '', card_hand: '', status: 2, reason: '', created_at: now, updated_at: now, reviewed_at: now })
      .execute();
    const payHash = hashPayPassword ? hashPayPassword({ db, dataDir }, PIN) : legacyPinHash!;
    await db.updateTable('users').set({ real_name_status: 2, pay_password_hash: payHash }).where('id', '=', user.id).execute();
    await adminDeposit(db, user.id, 'USDT', '10000000', now);
    if (role === 'bank') {
      const { ibna, ...card } = CARD;
      await db.insertInto('bank_cards').values({ user_id: user.id, ...card, iban: ibna, created_at: now }).execute();
    }
    ready.clients.push({ role, email, token: role === 'signIn' ? '' : await startSession(db, user.id, now) });
    ready.pinForm ||= payHash.split('$')[0];
  }
  ready.usdtId = Number((await db.selectFrom('coins').select('id').where('coin', '=', 'USDT').executeTakeFirstOrThrow()).id);
  ready.setupMs = performance.now() - t0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.stdout.write(`${JSON.stringify(ready)}\n`);

  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== 'check') continue;
    loop.disable();
    const count = async (table: 'withdrawals' | 'bank_withdrawals' | 'ledger') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const checked: Checked = {
      mismatches: await ledgerMismatches(db),
      withdrawals: await count('withdrawals'),
      bankWithdrawals: await count('bank_withdrawals'),
      ledgerRows: await count('ledger'),
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      loopDelayMaxMs: loop.max / 1e6,
    };
    process.stdout.write(`${JSON.stringify(checked)}\n`);
    break;
  }
  await app.close();
}

// ---- the load (parent) ----

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface OpStats {
  latencies: number[];
  ok: number;
  timeouts: number;
  /** answer code (or -HTTP status, or 'network') → count, for answers other than code 0 */
  failures: Map<string, number>;
}

class Recorder {
  readonly ops = new Map<string, OpStats>();

  stats(op: string): OpStats {
    let s = this.ops.get(op);
    if (!s) this.ops.set(op, (s = { latencies: [], ok: 0, timeouts: 0, failures: new Map() }));
    return s;
  }

  /** One request with the 20 s timeout; the answer's data when its code is 0. */
  async request<T = unknown>(op: string, url: string, init: RequestInit = {}): Promise<T | undefined> {
    const s = this.stats(op);
    const t0 = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      const json = (await res.json()) as { code: number; data: T };
      s.latencies.push(performance.now() - t0);
      if (res.status === 200 && json.code === 0) {
        s.ok++;
        return json.data;
      }
      const key = res.status === 200 ? String(json.code) : `HTTP ${res.status}`;
      s.failures.set(key, (s.failures.get(key) ?? 0) + 1);
    } catch (error) {
      s.latencies.push(performance.now() - t0);
      const key = (error as Error).name === 'TimeoutError' ? 'timeout' : `network: ${(error as Error).message}`;
      if (key === 'timeout') s.timeouts++;
      else s.failures.set(key, (s.failures.get(key) ?? 0) + 1);
    }
    return undefined;
  }
}

async function load(seconds: number, clients: number, signInEveryS: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coinapp-bench-'));
  const child = spawn(process.execPath, [...serverNodeArgs(), '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dataDir, String(clients)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const next = lines(child);
  try {
    const ready = JSON.parse(await next()) as Ready;
    if (!ready.port) throw new Error('the server did not start');
    const base = `http://127.0.0.1:${ready.port}/api`;
    const counts = ready.clients.reduce<Record<string, number>>((n, c) => ({ ...n, [c.role]: (n[c.role] ?? 0) + 1 }), {});
    console.log(`setup: server on 127.0.0.1:${ready.port}, ${ready.clients.length} users in ${Math.round(ready.setupMs)} ms; withdrawal passwords stored as ${ready.pinForm}`);
    console.log(`clients: ${Object.entries(counts).map(([role, n]) => `${n} ${role}`).join(', ')} (one every ${signInEveryS} s each); ${seconds} s; timeout ${TIMEOUT_MS / 1000} s per request`);

    const captchas = new SQLite(join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
    const captchaAnswer = captchas.prepare<[string], { answer: string }>('SELECT answer FROM captchas WHERE id = ?');
    const rec = new Recorder();
    const json = (token: string, body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify(body) });
    const get = (token: string): RequestInit => ({ headers: { 'x-token': token } });
    const reads = ['/user/getUserInfo', '/withdraw/status', '/user/mycoin?cate=1', '/withdraw/myWithdrawList?page=1&pageSize=10'];
    const read = (token: string, i: number) => rec.request('read', base + reads[i % reads.length], get(token));

    const deadline = performance.now() + seconds * 1000;
    const running = () => performance.now() < deadline;
    const between = (lo: number, hi: number) => sleep(lo + Math.random() * (hi - lo));

    const run = async (c: Client, i: number): Promise<void> => {
      switch (c.role) {
        case 'crypto':
          await between(0, 1000);
          while (running()) {
            await rec.request('crypto withdrawal', `${base}/withdraw/createWithdraw`, json(c.token, { coinname: 'USDT', coin_id: ready.usdtId, czline: 'TRC20', address: TRON, num: '10', pay_password: PIN }));
            await between(0, 1000);
          }
          return;
        case 'bank':
          await between(0, 1000);
          while (running()) {
            const { swift: _swift, ...card } = CARD;
            await rec.request('bank withdrawal', `${base}/withdraw_bank/createWithdraw_bank`, json(c.token, { ...card, coinname: 'USDT', coin_id: ready.usdtId, num: '50', pay_password: PIN }));
            await between(0, 1000);
          }
          return;
        case 'signIn':
          for (;;) {
            await sleep(Math.min(-Math.log(1 - Math.random()) * signInEveryS * 1000, deadline - performance.now()));
            if (!running()) return;
            const captcha = await rec.request<{ captchaId: string }>('captcha', `${base}/base/captcha`, { method: 'POST' });
            if (!captcha) continue;
            const answer = captchaAnswer.get(captcha.captchaId)?.answer ?? '';
            const session = await rec.request<{ token: string }>('sign-in', `${base}/base/login`, json('', { username: c.email, password: LOGIN_PASSWORD, captchaId: captcha.captchaId, captcha: answer }));
            if (session) await read(session.token, i);
          }
        default:
          await between(0, 1500);
          for (let n = i; running(); n++) {
            await read(c.token, n);
            await between(500, 1500);
          }
      }
    };
    const start = performance.now();
    await Promise.all(ready.clients.map(run));
    const elapsed = (performance.now() - start) / 1000;
    captchas.close();

    const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`);
    console.log(`\nran ${elapsed.toFixed(1)} s (the last requests finish after the ${seconds} s)`);
    console.log(`${'operation'.padEnd(18)} ${'requests'.padStart(8)} ${'ok/s'.padStart(7)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)} ${'timeouts'.padStart(8)}  failures`);
    let total = 0;
    let timeouts = 0;
    let failed = 0;
    for (const [op, s] of [...rec.ops].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...s.latencies].sort((a, b) => a - b);
      total += sorted.length;
      timeouts += s.timeouts;
      failed += [...s.failures.values()].reduce((a, b) => a + b, 0);
      const failures = [...s.failures].map(([code, n]) => `${code} ×${n}`).join(', ') || '-';
      console.log(
        `${op.padEnd(18)} ${String(sorted.length).padStart(8)} ${(s.ok / elapsed).toFixed(1).padStart(7)} ${ms(percentile(sorted, 50)).padStart(8)} ${ms(percentile(sorted, 95)).padStart(8)} ${ms(percentile(sorted, 99)).padStart(8)} ${ms(sorted.at(-1) ?? 0).padStart(8)} ${String(s.timeouts).padStart(8)}  ${failures}`,
      );
    }
    console.log(`throughput: ${(total / elapsed).toFixed(1)} requests/s; ${timeouts} timed out (> ${TIMEOUT_MS / 1000} s), ${failed} failed`);

    child.stdin!.write('check\n');
    const checked = JSON.parse(await next()) as Checked;
    console.log(`server event loop: delay p99 ${checked.loopDelayP99Ms.toFixed(0)} ms, max ${checked.loopDelayMaxMs.toFixed(0)} ms`);
    const okOf = (op: string) => rec.ops.get(op)?.ok ?? 0;
    // a timed-out request may still have been written after the client gave up
    const rowsMatch = (rows: number, op: string) => rows >= okOf(op) && rows <= okOf(op) + (rec.ops.get(op)?.timeouts ?? 0);
    const rowsOk = rowsMatch(checked.withdrawals, 'crypto withdrawal') && rowsMatch(checked.bankWithdrawals, 'bank withdrawal');
    console.log(`rows: ${checked.withdrawals} withdrawals, ${checked.bankWithdrawals} bank withdrawals (${rowsOk ? 'as answered' : 'DIFFER from the successes'}), ${checked.ledgerRows} ledger rows`);
    console.log(`ledger: ${checked.mismatches.length === 0 ? 'no mismatches (available + frozen == Σ ledger for every user and coin)' : JSON.stringify(checked.mismatches.slice(0, 5))}`);
    if (checked.mismatches.length > 0 || !rowsOk || timeouts > 0 || failed > 0) process.exitCode = 1;
  } finally {
    child.stdin!.end();
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const run = args[0] === '--serve' ? serve(args[1], Number(args[2])) : load(Number(args[0] ?? 45), Number(args[1] ?? 200), Number(args[2] ?? 5));
run.catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
