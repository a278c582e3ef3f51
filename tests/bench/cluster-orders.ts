// Orders per second through HAProxy onto a cluster of 1 or more instances on one PostgreSQL
// (scripts/cluster/launch.ts), to compare with one instance: the same spot market buys,
// spread over USERS customers (each under the 10-a-second order limit), INFLIGHT at a time.
//
//   npx tsx tests/bench/cluster-orders.ts [instances=2] [orders=3000] [inFlight=32] [users=300]
//
// Not part of the test suite; the numbers go in the issue note.
import { startCluster } from '../../scripts/cluster/launch.ts';
import { percentile, postJson } from './bench-process.ts';
import { fundedCustomers } from './funded-customers.ts';

const [INSTANCES, ORDERS, IN_FLIGHT, USERS] = [2, 3000, 32, 300].map((d, i) => Number(process.argv[2 + i] ?? d));

const cluster = await startCluster({ instances: INSTANCES, staticDir: '' });
try {
  process.env.DATABASE_URL = cluster.pgUrl;
  delete process.env.DATABASE_SCHEMA_PER_DATA_DIR;
  const { openDatabase } = await import('../../server/core/db/index.ts');
  const db = openDatabase(cluster.dir);
  const tokens = await fundedCustomers(db, USERS, 'bench', { USDT: '1000000' });
  const api = new URL('/api', cluster.url).href;
  const latencies: number[] = [];
  const codes = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let n = next++; n < ORDERS; n = next++) {
        const t0 = performance.now();
        const res = await postJson(
          `${api}/bborder/upbbbuy`,
          { 'x-token': tokens[n % USERS] },
          { symbol: n % 2 ? 'btcusdt' : 'ethusdt', buytype: 'market', musdt: '25' },
        );
        const code = res.status === 200 ? (res.json as { code: number }).code : -res.status;
        latencies.push(performance.now() - t0);
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${INSTANCES} instance(s) behind HAProxy, ${IN_FLIGHT} in flight: ${Math.round(ORDERS / seconds)} orders/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; codes ${JSON.stringify(Object.fromEntries(codes))}`,
  );
  await db.destroy();
} finally {
  await cluster.stop();
}
