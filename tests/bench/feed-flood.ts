// API latency while the market feed is flooded (issue 10, item 6): one websocket client sends
// 3,000 `req` kline messages as fast as it can, another 10,000 `sub`s (each in its own process,
// tests/server/feed-flooder.ts), while GET /api/base/site is timed over real HTTP on loopback
// and a normal client on a third socket counts its market.tickers pushes.
// Run: npx tsx tests/bench/feed-flood.ts. tests/server/feed-flood.test.ts runs the same measure.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import type { FlooderReport } from '../server/feed-flooder.ts';

/** Measured before the fix (the hub answered every message at once, encoding each kline reply): */
export const BEFORE_FIX = { p50Ms: 2244, p99Ms: 4411, maxMs: 4445, samples: 448, note: 'this measure against the code before issue 10 item 6, loopback' };

const FLOODER = resolve(import.meta.dirname, '../server/feed-flooder.ts');

export interface Latency {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

export function latency(ms: number[]): Latency {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { samples: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

/**
 * Times GET path on a fixed schedule, one request every `everyMs` whether or not the last one
 * has answered (so a stalled server shows in every request it delays, not just one), until
 * `until()` says stop. Each latency counts from the request's scheduled time: a request the
 * stalled event loop could not even send counts its wait too.
 */
export async function sample(port: number, path: string, until: () => boolean, everyMs = 10): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const out: number[] = [];
  const inFlight: Promise<void>[] = [];
  const get = (scheduled: number) =>
    new Promise<void>((ok, fail) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          out.push(performance.now() - scheduled);
          if (res.statusCode === 200) ok();
          else fail(new Error(`GET ${path}: ${res.statusCode}`));
        });
      });
      req.on('error', fail);
      req.setTimeout(20_000, () => req.destroy(new Error(`GET ${path}: timed out`)));
      req.end();
    });
  try {
    let next = performance.now();
    for (;;) {
      const now = performance.now();
      for (; next <= now; next += everyMs) inFlight.push(get(next));
      if (until()) break;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    await Promise.all(inFlight);
  } finally {
    agent.destroy();
  }
  return out;
}

/** Starts a flooder process; `ready` resolves once it is connected, `go()` starts the flood, `done` has its report. */
export function flooder(port: number, mode: 'req' | 'sub', count: number, maxMs: number): { ready: Promise<void>; go: () => void; done: Promise<FlooderReport>; kill: () => void } {
  const child = spawn(process.execPath, ['--import', 'tsx', FLOODER, String(port), mode, String(count), String(maxMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  // lowest CPU priority: on a small machine the measure is of the server's event loop, not of
  // the load generator taking the server's core
  if (child.pid !== undefined) setPriority(child.pid, 19);
  let out = '';
  let onReady: () => void = () => {};
  const ready = new Promise<void>((ok) => (onReady = ok));
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    if (out.startsWith('ready\n')) onReady();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), maxMs + 20_000);
  const done = new Promise<FlooderReport>((ok, fail) => {
    child.on('exit', () => {
      clearTimeout(timer);
      onReady();
      try {
        ok(JSON.parse(out.trim().split('\n').pop() ?? '') as FlooderReport);
      } catch {
        fail(new Error(`flooder ${mode} printed no report: ${out.slice(0, 200)}`));
      }
    });
  });
  return { ready, go: () => child.stdin.write('go\n'), done, kill: () => child.kill('SIGKILL') };
}

/** A client on its own socket subscribed to market.tickers; counts the pushes. */
export async function tickerClient(port: number): Promise<{ pushes: () => number; close: () => void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  let pushes = 0;
  ws.on('message', (data: Buffer) => {
    const f = JSON.parse(gunzipSync(data).toString('utf8'));
    if (typeof f.ping === 'number') ws.send(JSON.stringify({ pong: f.ping }));
    if (f.ch === 'market.tickers') pushes++;
  });
  ws.send(JSON.stringify({ sub: 'market.tickers', id: 'normal' }));
  return { pushes: () => pushes, close: () => ws.close() };
}

export interface FloodResult {
  idle: Latency;
  flood: Latency;
  req: FlooderReport;
  sub: FlooderReport;
  /** market.tickers pushes the normal client got during the flood window */
  tickerPushes: number;
  windowMs: number;
}

/** The whole measure against a listening server on 127.0.0.1:port. */
export async function measureFlood(port: number, { idleMs = 1000, windowMs = 4000, reqs = 3000, subs = 10_000 } = {}): Promise<FloodResult> {
  const path = '/api/base/site';
  // warm up, then the idle baseline
  await sample(port, path, ((n) => () => n-- <= 0)(20), 2);
  let stop = performance.now() + idleMs;
  const idle = await sample(port, path, () => performance.now() > stop);

  const normal = await tickerClient(port);
  const req = flooder(port, 'req', reqs, windowMs + 2000);
  const sub = flooder(port, 'sub', subs, windowMs + 2000);
  // the flooders' own start-up (a node process each) stays out of the measure
  await Promise.all([req.ready, sub.ready]);
  await new Promise((r) => setTimeout(r, 200));
  const before = normal.pushes();
  req.go();
  sub.go();
  stop = performance.now() + windowMs;
  const flood = await sample(port, path, () => performance.now() > stop);
  const tickerPushes = normal.pushes() - before;
  normal.close();
  const [reqReport, subReport] = await Promise.all([req.done, sub.done]);
  return { idle: latency(idle), flood: latency(flood), req: reqReport, sub: subReport, tickerPushes, windowMs };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

export function describeFlood(r: FloodResult): string {
  const flooderLine = (f: FlooderReport) =>
    `${f.mode} flooder: sent ${f.sent}, got ${f.frames} frames (${f.reps} reps, ${f.acks} acks, errors ${JSON.stringify(f.errors)}), closed ${f.closeCode ?? 'no'}${f.closeReason ? ` "${f.closeReason}"` : ''}`;
  return [
    `GET /api/base/site idle: p50 ${ms(r.idle.p50)}, p99 ${ms(r.idle.p99)} (${r.idle.samples} samples)`,
    `GET /api/base/site under the flood: p50 ${ms(r.flood.p50)}, p99 ${ms(r.flood.p99)}, max ${ms(r.flood.max)} (${r.flood.samples} samples in ${r.windowMs} ms)`,
    flooderLine(r.req),
    flooderLine(r.sub),
    `normal client: ${r.tickerPushes} market.tickers pushes during the flood`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { buildServer } = await import('../../server/composition/app.ts');
  const app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'coinapp-flood-')), marketSeed: 7 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await measureFlood((app.server.address() as AddressInfo).port);
  console.log(describeFlood(result));
  console.log(`before the fix: p50 ${BEFORE_FIX.p50Ms} ms, p99 ${BEFORE_FIX.p99Ms} ms, max ${BEFORE_FIX.maxMs} ms (${BEFORE_FIX.samples} samples; ${BEFORE_FIX.note})`);
  await app.close();
}
