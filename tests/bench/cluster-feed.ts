// How fast the leader's ticks reach feed clients on a follower: a cluster of two instances
// (scripts/cluster/launch.ts: PostgreSQL, Redis, HAProxy), CLIENTS websocket clients on the
// follower subscribed to market.btcusdt.detail, and this process subscribed to the leader's
// Redis channel. The delay of a tick is from the leader's message (seen here) to its frame at
// a client; every client's every frame counts.
//
//   npx tsx tests/bench/cluster-feed.ts [clients=200] [seconds=20]
//
// Not part of the test suite; the numbers go in the issue note.
import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { startCluster } from '../../scripts/cluster/launch.ts';
import { percentile } from './bench-process.ts';

const CLIENTS = Number(process.argv[2] ?? 200);
const SECONDS = Number(process.argv[3] ?? 20);
const CHANNEL = 'market:changes';

const cluster = await startCluster({ instances: 2, staticDir: '' });
try {
  const roles = await Promise.all(
    cluster.instances.map(async (i) => ((await (await fetch(`http://127.0.0.1:${i.port}/api/health`)).json()) as { data: { leader: boolean } }).data.leader),
  );
  const follower = cluster.instances[roles.indexOf(false)];
  const published = new Map<number, number>();
  const sub = new Redis(cluster.redisUrl);
  sub.on('message', (_c: string, text: string) => published.set((JSON.parse(text) as { sec: number }).sec, performance.now() + performance.timeOrigin));
  await sub.subscribe(CHANNEL);

  const delays: number[] = [];
  let measuring = false;
  const sockets = await Promise.all(
    Array.from(
      { length: CLIENTS },
      () =>
        new Promise<WebSocket>((ready) => {
          const ws = new WebSocket(`ws://127.0.0.1:${follower.port}/ws`);
          ws.on('open', () => {
            ws.send(JSON.stringify({ sub: 'market.btcusdt.detail', id: 'd' }));
            ready(ws);
          });
          ws.on('message', (data: Buffer) => {
            const at = performance.now() + performance.timeOrigin;
            const msg = JSON.parse(gunzipSync(data).toString()) as { ping?: number; tick?: { id: number } };
            if (msg.ping !== undefined) return ws.send(JSON.stringify({ pong: msg.ping }));
            const sent = msg.tick && published.get(msg.tick.id);
            if (measuring && sent) delays.push(at - sent);
          });
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 3000));
  measuring = true;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  for (const ws of sockets) ws.close();
  sub.disconnect();
  delays.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${CLIENTS} clients on the follower, ${SECONDS} s: ${delays.length} frames; leader's message to client frame p50 ${ms(percentile(delays, 50))}, p99 ${ms(percentile(delays, 99))}, max ${ms(delays.at(-1) ?? NaN)}`,
  );
} finally {
  await cluster.stop();
}
