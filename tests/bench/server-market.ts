// Numbers for the market simulator and feed: backfill time, step cost, and the cost of one
// feed tick with N websocket subscribers. Run: npx tsx tests/bench/server-market.ts [clients]
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildServer } from '../../server/composition/app.ts';
import { createMarket } from '../../server/platform/market/index.ts';

const START = Date.UTC(2025, 0, 15, 12, 0, 30);
const time = (fn: () => void): number => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

function simulator(): void {
  const cold = time(() => createMarket({ seed: 1, now: () => START, autoStep: false }));
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) warm.push(time(() => createMarket({ seed: 2 + i, now: () => START, autoStep: false })));
  console.log(`backfill, 16 pairs: cold ${cold.toFixed(1)} ms, warm ${Math.min(...warm).toFixed(1)}–${Math.max(...warm).toFixed(1)} ms`);

  let t = START;
  const m = createMarket({ seed: 1, now: () => t, autoStep: false });
  const hour = time(() => {
    for (let i = 0; i < 3600; i++) m.advanceTo((t += 1000));
  });
  console.log(`one-second step, 16 pairs: ${((hour / 3600) * 1000).toFixed(1)} µs`);
  const jump = time(() => m.advanceTo((t += 400 * 86_400_000)));
  console.log(`400-day jump: ${jump.toFixed(1)} ms`);
  const reads = time(() => {
    for (let i = 0; i < 100; i++) m.bars('btcusdt', '60min', 300);
  });
  console.log(`bars(60min, 300): ${(reads / 100).toFixed(3)} ms; day(): ${(time(() => m.day('btcusdt')) * 1000).toFixed(0)} µs`);
  m.close();
}

async function feed(clients: number): Promise<void> {
  const app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'coinapp-bench-')), marketSeed: 7 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const topics = ['market.tickers', 'market.btcusdt.detail', 'market.btcusdt.kline.1min', 'market.btcusdt.depth.step0'];
  const sockets = await Promise.all(
    Array.from(
      { length: clients },
      () =>
        new Promise<WebSocket>((resolve) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
          ws.on('open', () => {
            for (const sub of topics) ws.send(JSON.stringify({ sub, id: sub }));
            resolve(ws);
          });
        }),
    ),
  );
  const samples: number[] = [];
  let frames = 0;
  const off = app.market.onTick(() =>
    setImmediate(() => {
      samples.push(app.feed.lastTick.ms);
      frames = app.feed.lastTick.frames;
    }),
  );
  await new Promise((r) => setTimeout(r, 6500));
  off();
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  console.log(`feed tick, ${clients} clients × ${topics.length} topics (${frames} frames): mean ${mean.toFixed(2)} ms, median ${samples[samples.length >> 1].toFixed(2)} ms, max ${samples[samples.length - 1].toFixed(2)} ms over ${samples.length} ticks`);
  for (const ws of sockets) ws.terminate();
  await app.close();
}

simulator();
await feed(Number(process.argv[2] ?? 100));
