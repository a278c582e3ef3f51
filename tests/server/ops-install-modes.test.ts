// The two install modes. A demo install (the default) seeds the demo account and products and keeps
// the CLI's conveniences, audited as the host. A production install (NODE_ENV=production) seeds
// nothing and refuses each convenience with a message pointing to --as and the back office (exit 1,
// nothing changed), also to a later CLI call without NODE_ENV; with --as the console's rules hold.
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBanner } from '../../server/composition/main.ts';
import { runCli } from '../../server/ops/cli.ts';
import { totpCode } from '../../server/platform/security/totp.ts';
import { DEMO_EMAIL } from '../../server/composition/seed.ts';
import { call, count, customerWithdrawal as withdrawal, ROOT, startServer, type TestServer, tempDir } from './helpers.ts';
import { freshCode, operator, type SignedInOperator } from './backoffice/operators.ts';

const PRODUCTION = { NODE_ENV: 'production' };

let demo: TestServer;
let fin1: SignedInOperator;
let fin2: SignedInOperator;
let seq = 0;

beforeAll(async () => {
  demo = await startServer({ scheduler: false });
  fin1 = await operator(demo, 'mode-fin-one', ['finance']);
  fin2 = await operator(demo, 'mode-fin-two', ['finance']);
});
afterAll(() => demo.app.close());

const customerWithdrawal = (amount: string) => withdrawal(demo, `mode${++seq}@example.com`, amount);

const statusOf = async (id: number) => Number((await demo.app.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
const usdtOf = async (userId: number) =>
  demo.app.db.selectFrom('balances').select(['available', 'frozen']).where('user_id', '=', userId).where('coin', '=', 'USDT').executeTakeFirstOrThrow();
const auditRows = () => count(demo.app, 'audit_log' as never);
const lastAudit = async () => demo.app.db.selectFrom('audit_log').select(['actor', 'action']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('a production install refuses the conveniences without --as', () => {
  it('refuses credit, approve, reject, act, kyc decisions, captcha and outbox, pointing to --as and the back office, and changes nothing', async () => {
    const { userId, withdrawalId } = await customerWithdrawal('1500');
    const balance = await usdtOf(userId);
    const rows = await auditRows();
    const captchaId = (await call(demo.app, 'POST', '/base/captcha')).data.captchaId as string;
    const conveniences = [
      ['credit', DEMO_EMAIL, 'USDT', '100'],
      ['approve', 'withdrawal', String(withdrawalId)],
      ['reject', 'withdrawal', String(withdrawalId), 'No', 'reason'],
      ['act', 'loan', 'repay', '1', '10'],
      ['act', 'wire', 'instruct', '1', 'Pay', 'to', 'IBAN'],
      ['kyc', 'approve', '1'],
      ['captcha', captchaId],
      ['outbox'],
    ];
    for (const words of conveniences) {
      const r = await runCli(words, demo.dataDir, { env: PRODUCTION });
      expect(r.code, words.join(' ')).toBe(1);
      expect(r.out, words.join(' ')).toContain('this is a production install (NODE_ENV=production)');
      expect(r.out, words.join(' ')).toMatch(/--as NAME/);
      expect(r.out, words.join(' ')).toMatch(/back office \(\/admin\//);
      expect(r.out, words.join(' ')).toContain('Nothing changed.');
    }
    expect(await statusOf(withdrawalId)).toBe(1);
    expect(await usdtOf(userId)).toEqual(balance);
    expect(await auditRows()).toBe(rows);
  });

  it('keeps the read-only commands, the deposit proof and the bootstrap of an operator', async () => {
    expect((await runCli(['reviews'], demo.dataDir, { env: PRODUCTION })).code).toBe(0);
    expect((await runCli(['balance', DEMO_EMAIL], demo.dataDir, { env: PRODUCTION })).code).toBe(0);
    expect((await runCli(['act', 'deposit', 'proof', '999'], demo.dataDir, { env: PRODUCTION })).out).not.toContain('production install');
    const made = await runCli(['operator', 'add', 'mode-admin', '--role', 'admin'], demo.dataDir, { env: PRODUCTION });
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain('otpauth://');
  });

  it('follows the console with --as: a large payout takes two operators', async () => {
    const { withdrawalId } = await customerWithdrawal('1000');
    const as = (op: SignedInOperator) =>
      runCli(['approve', 'withdrawal', String(withdrawalId), '--as', op.name], demo.dataDir, {
        env: { ...PRODUCTION, OPS_PASSWORD: op.password, OPS_TOTP: freshCode(demo, op.secret) },
        now: demo.clock.now,
      });
    expect((await as(fin1)).out).toContain('1 of 2 approvals');
    expect(await statusOf(withdrawalId)).toBe(1);
    expect((await as(fin1)).code).toBe(1);
    expect((await as(fin2)).code).toBe(0);
    expect(await statusOf(withdrawalId)).toBe(2);
  });
});

describe('a demo install keeps the conveniences, audited as the host', () => {
  it('credits and pays a large withdrawal in one step without --as', async () => {
    const { userId, withdrawalId } = await customerWithdrawal('1500');
    const approved = await runCli(['approve', 'withdrawal', String(withdrawalId)], demo.dataDir, { env: { NODE_ENV: 'test' } });
    expect(approved.code, approved.out).toBe(0);
    expect(await statusOf(withdrawalId)).toBe(2);
    expect(await lastAudit()).toMatchObject({ actor: expect.stringMatching(/^cli /), action: 'cli.approve.withdrawal' });
    const credited = await runCli(['credit', String(userId), 'USDT', '10'], demo.dataDir, { env: { NODE_ENV: 'test' } });
    expect(credited.code, credited.out).toBe(0);
    expect(await lastAudit()).toMatchObject({ actor: expect.stringMatching(/^cli /), action: 'cli.credit' });
    expect(await runCli(['credit', String(userId), 'USDT', '1.1234567'], demo.dataDir, { env: { NODE_ENV: 'test' } })).toEqual({
      code: 1,
      out: 'USDT amounts have at most 6 decimals: "1.1234567".',
    });
  });
});

describe('a production server', () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startServer({ scheduler: false, installMode: 'production' });
  });
  afterAll(() => prod.app.close());

  it('seeds nothing: no demo account, no coins with demo deposit addresses, no products or articles', async () => {
    for (const table of ['users', 'coins', 'coin_networks', 'loan_products', 'financing_products', 'mining_machines', 'ieo_projects', 'articles'])
      expect(await count(prod.app, table as never), table).toBe(0);
    expect(await count(demo.app, 'users' as never)).toBeGreaterThan(0);
    expect(await count(demo.app, 'coins' as never)).toBeGreaterThan(0);
  });

  it('stays a production install for a CLI call without NODE_ENV=production', async () => {
    const r = await runCli(['outbox'], prod.dataDir, { env: { NODE_ENV: 'test' } });
    expect(r).toMatchObject({ code: 1, out: expect.stringContaining('this is a production install') });
  });
});

describe('the start banner', () => {
  const facts = { url: 'http://127.0.0.1:8080/', app: 'built' as const, data: '/srv/data/app.db' };
  it('says a demo install out loud, with the demo login', () => {
    const lines = startBanner({ ...facts, mode: 'demo', demo: { invitation_code: 'DEMO88' } }).join('\n');
    expect(lines).toContain('DEMO INSTALL');
    expect(lines).toContain('NODE_ENV=production');
    expect(lines).toContain(`Demo login: ${DEMO_EMAIL}`);
  });
  it('says a production install out loud, with no demo login, and warns of a leftover demo account', () => {
    const lines = startBanner({ ...facts, mode: 'production' }).join('\n');
    expect(lines).toContain('PRODUCTION INSTALL');
    expect(lines).toContain('--as NAME');
    expect(lines).not.toContain('Demo login');
    expect(lines).not.toContain('Invitation code');
    expect(startBanner({ ...facts, mode: 'production', demo: { invitation_code: 'DEMO88' } }).join('\n')).toContain(`Warning: the demo account ${DEMO_EMAIL}`);
  });
});

describe('as processes', () => {
  const tsx = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });

  // a server start on a shared 2-core machine takes 10 s and more
  it('npm start with NODE_ENV=production prints the production banner and seeds no demo account', { timeout: 90_000 }, async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/composition/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', STATIC_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Operator CLI:')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
    });
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await stopped;
    expect(out).toContain('PRODUCTION INSTALL');
    expect(out).not.toContain('Demo login');
    const user = tsx('server/ops/cli.ts', ['user', DEMO_EMAIL], { DATA_DIR: dataDir, NODE_ENV: 'test' });
    expect(user.status).toBe(1);
    expect(user.stderr).toContain(`No user "${DEMO_EMAIL}"`);
  });

  it('the CLI exits 1 on a refused convenience, and 0 as a named operator with OPS_PASSWORD and OPS_TOTP', { timeout: 60_000 }, async () => {
    const { withdrawalId } = await customerWithdrawal('100');
    const refused = tsx('server/ops/cli.ts', ['approve', 'withdrawal', String(withdrawalId)], { DATA_DIR: demo.dataDir, NODE_ENV: 'production' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('this is a production install');
    expect(await statusOf(withdrawalId)).toBe(1);
    const named = tsx('server/ops/cli.ts', ['approve', 'withdrawal', String(withdrawalId), '--as', fin1.name], {
      DATA_DIR: demo.dataDir,
      NODE_ENV: 'production',
      OPS_PASSWORD: fin1.password,
      OPS_TOTP: totpCode(fin1.secret, Date.now()),
    });
    expect(named.status, named.stderr).toBe(0);
    expect(named.stdout).toContain(`by operator ${fin1.name}`);
    expect(await statusOf(withdrawalId)).toBe(2);
  });
});
