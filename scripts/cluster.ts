// npm run cluster -- [instances]: a local cluster from Debian's packages (PostgreSQL, Redis,
// HAProxy) and that many server instances (3 unless given), behind one URL on CLUSTER_PORT
// (8080 unless set), serving the app built in STATIC_DIR (./dist, built first when stale; '' for
// the API only). Ctrl-C stops all of it and removes its temporary directories.
import { type Cluster, startCluster } from './cluster/launch.ts';

function instanceCount(arg: string | undefined): number {
  const n = Number(arg ?? 3);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`Usage: npm run cluster -- [instances 1–16], not "${arg}"`);
  return n;
}

function describe(cluster: Cluster): string {
  return [
    `Open ${cluster.url}`,
    ...cluster.instances.map((i) => `  ${i.id}: http://127.0.0.1:${i.port}/ (pid ${i.pid}, log ${i.logFile})`),
    `  PostgreSQL ${cluster.pgUrl}, Redis ${cluster.redisUrl}`,
    'Ctrl-C stops everything.',
  ].join('\n');
}

async function main(): Promise<void> {
  const instances = instanceCount(process.argv[2]);
  const port = Number(process.env.CLUSTER_PORT ?? 8080);
  const starting = new AbortController();
  // during the start, a signal aborts it: startCluster stops what it started, then main() fails and exits
  let stopCluster = () => {
    starting.abort(new Error('Stopped during the start.'));
    return new Promise<void>(() => {});
  };
  let signalled = false;
  // Ctrl-C reaches npm and tsx too, and tsx passes it on: the same stop may be asked for twice
  const onSignal = (signal: string) => {
    if (signalled) return;
    signalled = true;
    console.log(`${signal}: stopping the cluster…`);
    void stopCluster().then(() => process.exit(0));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  console.log(`Starting PostgreSQL, Redis, ${instances} instance(s) and HAProxy (the first instance builds the app if it is stale)…`);
  const cluster = await startCluster({ instances, port, staticDir: process.env.STATIC_DIR, abort: starting.signal });
  let stopping = false;
  stopCluster = () => {
    stopping = true;
    return cluster.stop();
  };
  console.log(describe(cluster));
  for (const i of cluster.instances) {
    const check = setInterval(() => {
      if (i.running() || stopping) return;
      clearInterval(check);
      console.log(`${i.id} has stopped (see ${i.logFile}); HAProxy sends its customers to the others.`);
    }, 1_000);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
