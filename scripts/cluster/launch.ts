// A local cluster (issue 23): a throwaway PostgreSQL and redis-server, N server instances on
// loopback ports sharing them, and HAProxy in front. `npm run cluster -- 3` runs it for a person
// (scripts/cluster.ts); tests start it to kill and restart instances.
//
// The instances share one DATA_DIR and one SECRET_KEY: each data dir would otherwise create its
// own secret.key, and a withdrawal password or a code set through one instance would fail on the
// others. The first instance starts alone (it migrates and seeds the empty database), then the
// others together. An instance is ready when it answers GET /api/health with 200, or, on a server
// without that endpoint, GET /api/openapi.json; HAProxy checks the same path.
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHaproxy } from './haproxy.ts';
import { freePort, httpStatus, isRunning, logTail, signalGroup, spawnLogged, stopGroup, waitUntil } from './processes.ts';
import { type Service, startPostgres, startRedisServer } from './services.ts';

/** What HAProxy and the launcher ask an instance whether it can serve. */
export const HEALTH_PATH = '/api/health';
/** A cheap GET every version of the server answers, for a server without HEALTH_PATH. */
export const FALLBACK_PROBE_PATH = '/api/openapi.json';

export interface ClusterOptions {
  instances: number;
  /** HAProxy's port; 0 or absent: a free one. */
  port?: number;
  /** The built app the instances serve (./dist, built first when stale); '' for API only. */
  staticDir?: string;
  /** More environment for every instance. */
  env?: Record<string, string>;
  /** How long one instance may take to answer (migrations, a market back-fill, a build). */
  startTimeoutMs?: number;
  /** Stops a start in progress (Ctrl-C during a build): startCluster stops what it started and fails. */
  abort?: AbortSignal;
}

export interface ClusterInstance {
  id: string;
  port: number;
  logFile: string;
  /** The instance's process id while it runs. */
  readonly pid: number | undefined;
  running(): boolean;
  /** Signals the instance's process group (SIGKILL for a crash); resolves when it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM (a graceful close), SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
  /** Stops it if it runs, starts it again with the same environment and waits until it is ready. */
  restart(): Promise<void>;
}

export interface Cluster {
  url: string;
  instances: ClusterInstance[];
  pgUrl: string;
  redisUrl: string;
  dir: string;
  stop(): Promise<void>;
}

const DEFAULT_START_TIMEOUT_MS = 180_000;
/** The repository, where the instances run (server/composition/main.ts, tsx), whatever the caller's directory. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface Shared {
  dir: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  readyPath: string | undefined;
  abort?: AbortSignal;
}

/** The path that says an instance is ready: HEALTH_PATH, or the fallback on a server without it. */
async function readyPathOf(port: number): Promise<string | undefined> {
  const health = await httpStatus(`http://127.0.0.1:${port}${HEALTH_PATH}`);
  if (health === 200) return HEALTH_PATH;
  if (health !== 404) return undefined;
  return (await httpStatus(`http://127.0.0.1:${port}${FALLBACK_PROBE_PATH}`)) === 200 ? FALLBACK_PROBE_PATH : undefined;
}

function instance(shared: Shared, index: number, port: number, firstEntry: string): ClusterInstance {
  const id = `i${index + 1}`;
  const logFile = join(shared.dir, 'logs', `${id}.log`);
  const env = { ...shared.env, PORT: String(port), INSTANCE_ID: id };
  let child: ChildProcess | undefined;
  let entry = firstEntry;
  const start = async () => {
    child = spawnLogged(process.execPath, ['--import', 'tsx', entry], logFile, env, ROOT);
    // later starts skip the build check: the first start brought the app up to date
    entry = 'server/composition/main.ts';
    try {
      await waitUntil(
        `instance ${id}`,
        child,
        shared.timeoutMs,
        async () => {
          const path = shared.readyPath ?? (await readyPathOf(port));
          if (path && !shared.readyPath) shared.readyPath = path;
          return path !== undefined && (await httpStatus(`http://127.0.0.1:${port}${path}`)) === 200;
        },
        shared.abort,
      );
    } catch (error) {
      if (shared.abort?.aborted) throw error;
      throw new Error(`${String(error)}; its log (${logFile}) ends:\n${logTail(logFile)}`, { cause: error });
    }
  };
  return {
    id,
    port,
    logFile,
    get pid() {
      return child && isRunning(child) ? child.pid : undefined;
    },
    running: () => child !== undefined && isRunning(child),
    kill: (signal = 'SIGTERM') => (child ? signalGroup(child, signal) : Promise.resolve()),
    stop: () => (child ? stopGroup(child) : Promise.resolve()),
    restart: async () => {
      if (child) await stopGroup(child);
      await start();
    },
  };
}

/** The environment every instance shares; nothing of a test run's per-data-dir schemas. */
function instanceEnv(opts: ClusterOptions, dataDir: string, pgUrl: string, redisUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_SCHEMA_PER_DATA_DIR', 'CLUSTER_PORT', 'PORT', 'INSTANCE_ID']) delete env[name];
  return {
    ...env,
    DATABASE_URL: pgUrl,
    REDIS_URL: redisUrl,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: opts.staticDir === '' ? '' : resolve(ROOT, opts.staticDir ?? 'dist'),
    TRUSTED_PROXIES: '127.0.0.1',
    SECRET_KEY: randomBytes(32).toString('hex'),
    ...opts.env,
  };
}

/** Stops everything started so far, latest first; never throws. */
async function stopAll(steps: (() => Promise<void>)[]): Promise<void> {
  for (const step of steps.splice(0).reverse()) await step().catch((error: unknown) => console.error(`cluster stop: ${String(error)}`));
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  if (!Number.isInteger(opts.instances) || opts.instances < 1) throw new Error(`instances must be a whole number of at least 1, not ${opts.instances}`);
  const dir = mkdtempSync(join(tmpdir(), 'coinapp-cluster-'));
  mkdirSync(join(dir, 'logs'));
  const stops: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  try {
    const pg: Service = await startPostgres();
    stops.push(pg.stop);
    const redis = await startRedisServer(join(dir, 'logs'));
    stops.push(redis.stop);
    const env = instanceEnv(opts, join(dir, 'data'), pg.url, redis.url);
    const shared: Shared = { dir, env, timeoutMs: opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS, readyPath: undefined, abort: opts.abort };
    const ports = await Promise.all(Array.from({ length: opts.instances }, () => freePort()));
    const firstEntry = env.STATIC_DIR === '' ? 'server/composition/main.ts' : 'server/composition/start.ts';
    const instances = ports.map((port, i) => instance(shared, i, port, i === 0 ? firstEntry : 'server/composition/main.ts'));
    stops.push(() => Promise.all(instances.map((i) => i.stop())).then(() => undefined));
    opts.abort?.throwIfAborted();
    await instances[0].restart();
    await Promise.all(instances.slice(1).map((i) => i.restart()));
    opts.abort?.throwIfAborted();
    const port = opts.port || (await freePort());
    const haproxy = await startHaproxy(dir, port, instances, shared.readyPath ?? HEALTH_PATH);
    stops.push(() => stopGroup(haproxy, 5_000));
    return { url: `http://127.0.0.1:${port}/`, instances, pgUrl: pg.url, redisUrl: redis.url, dir, stop: () => stopAll(stops) };
  } catch (error) {
    await stopAll(stops);
    throw error;
  }
}
