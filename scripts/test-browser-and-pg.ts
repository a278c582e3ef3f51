// `npm test`'s browser step: the browser tests (`npm run test:e2e`, one file at a time, so a
// core stays mostly idle) and, when TEST_DATABASE_URL names a PostgreSQL database, the server
// tests on it (`npm run test:pg`) at the same time. `.ci/run` sets it to a throwaway cluster;
// on a machine without one only the browser tests run. Once either of the two has ended, the
// cluster fail-over test (`npm run test:cluster`: its own PostgreSQL, Redis, HAProxy and three
// instances) runs beside the rest of the other, and once both have ended the size budget (`npm run budget`)
// beside the cluster test, on the build npm test made once (TEST_BUILD) for the budget, these and Lighthouse. Their output is printed as blocks after all have
// ended, then the failed tests of every suite again, last, where a reader of the log's tail
// (CI keeps only the tail) finds them; the exit code is 1 when any failed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript } from './lib/run-script.ts';
import { failedAttempts, failureReport } from './lib/test-report.ts';

const run = (script: string, env: NodeJS.ProcessEnv, logFile: string, tee = false) => runScript(script, [], env, logFile, tee);

const pgUrl = process.env.TEST_DATABASE_URL;
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
const logDir = mkdtempSync(join(tmpdir(), 'test-pg-'));
const pgLog = join(logDir, 'test-pg.log');
const clusterLog = join(logDir, 'test-cluster.log');
const e2eLog = join(logDir, 'test-e2e.log');
if (pgUrl) console.log(`test:pg on ${pgUrl.replace(/\/\/[^@]*@/, '//…@')} alongside the browser tests; its output follows theirs`);
const pg = pgUrl
  ? run('test:pg', { ...process.env, DATABASE_URL: pgUrl }, pgLog).then((code) => (console.log(`test:pg ended (exit ${code}) after ${seconds()}`), code))
  : Promise.resolve(0);
// npm test has built the app once (TEST_BUILD, npm run build:test) for the budget, these and Lighthouse
const built = process.env.TEST_BUILD;
const e2eRun = (built ? run('test:e2e:built', { ...process.env, E2E_DIST: built }, e2eLog, true) : run('test:e2e', process.env, e2eLog, true)).then(
  (code) => (console.log(`test:e2e ended (exit ${code}) after ${seconds()}`), code),
);
// the machine has two cores: a third suite waits for a free one
const cluster = pgUrl
  ? Promise.race([pg, e2eRun])
      .then(() => run('test:cluster', process.env, clusterLog))
      .then((code) => (console.log(`test:cluster ended (exit ${code}) after ${seconds()}`), code))
  : Promise.resolve(0);
// the size budget (bytes, unaffected by a busy CPU) takes the core the second of the two suites
// leaves, beside the cluster test on the other
const budgetLog = join(logDir, 'budget.log');
const budget = built
  ? Promise.all([pg, e2eRun])
      .then(() => run('budget', process.env, budgetLog))
      .then((code) => (console.log(`budget ended (exit ${code}) after ${seconds()}`), code))
  : Promise.resolve(0);
const [e2e, pgCode, clusterCode, budgetCode] = await Promise.all([e2eRun, pg, cluster, budget]);
if (pgUrl) {
  console.log('\n──── npm run test:pg (PostgreSQL) ────');
  process.stdout.write(readFileSync(pgLog, 'utf8'));
  console.log('\n──── npm run test:cluster (PostgreSQL, Redis, HAProxy, three instances) ────');
  process.stdout.write(readFileSync(clusterLog, 'utf8'));
}
if (built) {
  console.log('\n──── npm run budget (bytes Chromium downloads) ────');
  process.stdout.write(readFileSync(budgetLog, 'utf8'));
}
console.log('\n──── summary ────');
for (const [name, code, log] of [
  ['test:e2e', e2e, e2eLog],
  ['test:pg', pgCode, pgLog],
  ['test:cluster', clusterCode, clusterLog],
  ['budget', budgetCode, budgetLog],
] as const) {
  if (name === 'budget' ? !built : !pgUrl && name !== 'test:e2e') continue;
  console.log(`${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
  const output = readFileSync(log, 'utf8');
  if (code !== 0) for (const line of name === 'budget' ? output.trimEnd().split('\n').slice(-12) : failureReport(output)) console.log(`  ${line}`);
  else for (const line of failedAttempts(output)) console.log(`  passed when retried; ${line}`);
}
rmSync(logDir, { recursive: true, force: true });
process.exit(e2e !== 0 || pgCode !== 0 || clusterCode !== 0 || budgetCode !== 0 ? 1 : 0);
