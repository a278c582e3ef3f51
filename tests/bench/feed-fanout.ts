// Feed fan-out on one instance: CLIENTS websocket clients (in this process) subscribed to
// market.btcusdt.detail on a server in a child process (SQLite, its own market). A tick's delay
// is from the frame's `ts` (the server's clock when it built the frame, at the start of its
// push round) to the frame's arrival at a client; every client's every frame counts. The
// clients decode each distinct frame once (all clients get the same bytes). Memory per client is
// the server's growth in RSS and heap from before the clients connected to after.
//
//   npx tsx tests/bench/feed-fanout.ts [clients=5000] [seconds=20] [--raw] [--floor]
// --raw: the clients are raw-ws-client.ts's (bare TCP sockets) instead of ws's, so that the
// clients' own CPU, on the cores the server shares, takes less of the measured delay.
// --floor: the server is bare-feed.ts's (one frame written to every socket in a plain loop, no
// hub), what any Node server on this machine pays; run it beside a run without to compare.
//   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
//
// Not part of the test suite; the numbers go in the issue note.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { lines, percentile, serverNodeArgs } from './bench-process.ts';
import { rawWebSocket } from './raw-ws-client.ts';
import { type PushServer, startBareFeed } from './bare-feed.ts';

const TOPIC = 'market.btcusdt.detail';
const CONNECT_BATCH = 250;

interface Memory {
  rss: number;
  heapUsed: number;
  /** Median wall time of a push round since the last question */
  tickMs: number;
  /** The server's CPU time (user + system) per push round since the last question */
  cpuMsPerTick: number;
}

// ---- the server (child) ----

/** The app with its feed, on a market of its own */
async function appServer(dataDir: string, clients: number): Promise<PushServer> {
  const { buildServer } = await import('../../server/composition/app.ts');
  const app = await buildServer({ dataDir, seed: false, scheduler: false, feed: { maxConnectionsPerIp: clients + 10 } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const ticks: number[] = [];
  app.market.onTick(() => setImmediate(() => ticks.push(app.feed.lastTick.ms)));
  return { port: address.port, takeRounds: () => ticks.splice(0), close: () => app.close() };
}

async function serve(dataDir: string, clients: number, floor: boolean): Promise<void> {
  const server = floor ? await startBareFeed() : await appServer(dataDir, clients);
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
  let cpu = process.cpuUsage();
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === 'stop') break;
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    const sorted = server.takeRounds().sort((a, b) => a - b);
    const cpuMsPerTick = (used.user + used.system) / 1000 / Math.max(1, sorted.length);
    process.stdout.write(`${JSON.stringify({ rss, heapUsed, tickMs: percentile(sorted, 50), cpuMsPerTick } satisfies Memory)}\n`);
  }
  await server.close();
}

// ---- the clients (parent) ----

/** Each distinct frame decoded once: the gzip trailer's CRC and length name it */
const decoded = new Map<string, { ts?: number; ping?: number }>();
function decode(data: Buffer): { ts?: number; ping?: number } {
  const key = `${data.length}:${data.readUInt32LE(data.length - 8)}`;
  let msg = decoded.get(key);
  if (!msg) {
    msg = JSON.parse(gunzipSync(data).toString()) as { ts?: number; ping?: number };
    if (decoded.size > 1000) decoded.clear();
    decoded.set(key, msg);
  }
  return msg;
}

/** A frame's delay (arrival minus its `ts`) and its `ts`, which names its push round */
type OnDelay = (ms: number, ts: number) => void;

/** Answers pings; passes a frame's delay to onDelay. */
function onFrame(data: Buffer, reply: (text: string) => void, onDelay: OnDelay): void {
  const at = Date.now();
  const msg = decode(data);
  if (msg.ping !== undefined) reply(`{"pong":${msg.ping}}`);
  else if (msg.ts !== undefined) onDelay(at - msg.ts, msg.ts);
}

interface Closable {
  close(): void;
}

async function connect(port: number, count: number, raw: boolean, onDelay: OnDelay): Promise<Closable[]> {
  const sockets: Closable[] = [];
  const open = raw ? openRaw : openWs;
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - i) }, () => open(port, onDelay));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function openRaw(port: number, onDelay: OnDelay): Promise<Closable> {
  const client = await rawWebSocket('127.0.0.1', port, '/ws', (data, self) => onFrame(data, self.send, onDelay));
  client.send(JSON.stringify({ sub: TOPIC, id: 'd' }));
  return client;
}

function openWs(port: number, onDelay: OnDelay): Promise<Closable> {
  return new Promise((ready, fail) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    ws.on('error', fail);
    ws.on('open', () => {
      ws.send(JSON.stringify({ sub: TOPIC, id: 'd' }));
      ready({ close: () => ws.terminate() });
    });
    ws.on('message', (data: Buffer) => onFrame(data, (text) => ws.send(text), onDelay));
  });
}

async function main(): Promise<void> {
  const raw = process.argv.includes('--raw');
  const floor = process.argv.includes('--floor');
  const [clients, seconds] = [5000, 20].map((d, i) => Number(process.argv.filter((a) => !a.startsWith('--'))[2 + i] ?? d));
  const dataDir = mkdtempSync(join(tmpdir(), 'coinapp-fanout-'));
  const child = spawn(
    process.execPath,
    [...process.execArgv, '--expose-gc', ...serverNodeArgs(), fileURLToPath(import.meta.url), 'serve', dataDir, String(clients), floor ? 'floor' : 'app'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  const next = lines(child);
  const ask = async (): Promise<Memory> => (child.stdin!.write('mem\n'), JSON.parse(await next()) as Memory);
  try {
    const { port } = JSON.parse(await next()) as { port: number };
    await new Promise((r) => setTimeout(r, 2000));
    const before = await ask();
    const delays: number[] = [];
    let measuring = false;
    const rounds = new Map<number, number>();
    const sockets = await connect(port, clients, raw, (ms, ts) => {
      if (!measuring) return;
      delays.push(ms);
      rounds.set(ts, Math.max(ms, rounds.get(ts) ?? 0));
    });
    await new Promise((r) => setTimeout(r, 3000));
    await ask(); // drops the connecting seconds' tick costs
    measuring = true;
    await new Promise((r) => setTimeout(r, seconds * 1000));
    measuring = false;
    const after = await ask();
    for (const socket of sockets) socket.close();
    delays.sort((a, b) => a - b);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `${clients} ${raw ? 'raw TCP' : 'ws'} clients on ${floor ? 'the bare server (floor)' : 'one instance'}, ${seconds} s: ${delays.length} frames (${(delays.length / seconds / clients).toFixed(2)} per client per second)`,
    );
    console.log(`tick to client: p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, max ${delays.at(-1)} ms`);
    const lastFrames = [...rounds.values()].sort((a, b) => a - b);
    console.log(`last client of a round: median ${percentile(lastFrames, 50)} ms, slowest ${lastFrames.at(-1)} ms (${lastFrames.join(' ')})`);
    const perClient = (ms: number) => `${((ms * 1000) / clients).toFixed(1)} µs per client`;
    console.log(
      `server push round: median ${after.tickMs.toFixed(1)} ms wall (${perClient(after.tickMs)}); server CPU per round ${after.cpuMsPerTick.toFixed(1)} ms (${perClient(after.cpuMsPerTick)})`,
    );
    console.log(`server memory per client: RSS ${kb((after.rss - before.rss) / clients)}, heap ${kb((after.heapUsed - before.heapUsed) / clients)}`);
  } finally {
    child.stdin!.end('stop\n');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3], Number(process.argv[4]), process.argv[5] === 'floor');
else await main();
