// A websocket client that floods the market feed, run as its own process (so its sending and
// decoding never share an event loop with the server it floods) by tests/bench/feed-flood.ts:
//   node --import tsx tests/server/feed-flooder.ts <port> <req|sub> <count> <maxMs>
// Prints "ready" once connected, sends `count` messages as fast as it can when a line "go"
// arrives on stdin, answers pings, counts what comes back, and prints one JSON line
// (FlooderReport) when the socket closes or maxMs after "go".
import { gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import markets from '../../schemas/config/markets.json';

export interface FlooderReport {
  mode: string;
  sent: number;
  /** Frames received in all */
  frames: number;
  /** `rep` frames with status ok (answers to req) */
  reps: number;
  /** `subbed` acks */
  acks: number;
  /** Error frames by err-code */
  errors: Record<string, number>;
  /** Close code from the server, or null when still open at the end */
  closeCode: number | null;
  closeReason: string;
  /** ms from the first message sent to the last frame received */
  ms: number;
}

const [portArg, mode = 'req', countArg = '3000', maxMsArg = '8000'] = process.argv.slice(2);
const count = Number(countArg);
const MARKETS = markets.markets.map((m) => m.symbol);
const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'];
const KINDS = ['detail', 'depth.step0', ...PERIODS.map((p) => `kline.${p}`)];

/** The i-th message: req asks kline history (varied topics and ranges), sub a varied topic. */
function message(i: number): string {
  if (mode === 'req') {
    const topic = `market.${MARKETS[i % MARKETS.length]}.kline.${PERIODS[Math.floor(i / MARKETS.length) % PERIODS.length]}`;
    return JSON.stringify(i % 3 === 0 ? { req: topic, id: `r${i}` } : { req: topic, id: `r${i}`, from: 1_600_000_000 + (i % 50) * 3600, to: 2_000_000_000 });
  }
  return JSON.stringify({ sub: `market.${MARKETS[i % MARKETS.length]}.${KINDS[Math.floor(i / MARKETS.length) % KINDS.length]}`, id: `s${i}` });
}

const report: FlooderReport = { mode, sent: 0, frames: 0, reps: 0, acks: 0, errors: {}, closeCode: null, closeReason: '', ms: 0 };
let started = 0;
let done = false;
const finish = () => {
  if (done) return;
  done = true;
  process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
};

const ws = new WebSocket(`ws://127.0.0.1:${portArg}/ws`);
ws.on('open', () => process.stdout.write('ready\n'));
process.stdin.setEncoding('utf8').on('data', (line: string) => {
  if (!line.includes('go') || started) return;
  started = performance.now();
  setTimeout(finish, Number(maxMsArg)).unref();
  for (let i = 0; i < count; i++) {
    ws.send(message(i));
    report.sent++;
  }
});
ws.on('message', (data: Buffer) => {
  report.frames++;
  report.ms = performance.now() - started;
  let f: Record<string, unknown>;
  try {
    f = JSON.parse(gunzipSync(data).toString('utf8'));
  } catch {
    return;
  }
  if (typeof f.ping === 'number') ws.send(JSON.stringify({ pong: f.ping }));
  else if (f.status === 'error') {
    const code = String(f['err-code']);
    report.errors[code] = (report.errors[code] ?? 0) + 1;
  } else if ('rep' in f) report.reps++;
  else if ('subbed' in f) report.acks++;
});
ws.on('close', (code, reason) => {
  report.closeCode = code;
  report.closeReason = reason.toString();
  finish();
});
ws.on('error', () => {});
// the parent leaving ends the flood
process.stdin.on('end', finish);
