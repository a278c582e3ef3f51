// The websocket to an HTX-protocol upstream: gzip JSON frames, ping answered with pong, the
// history and subscriptions asked for on each connect, reconnection with back-off, and a
// connection that went quiet dropped and reopened. Data frames go to `onFrame`.
import { gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { klineTopic, TICKERS_TOPIC } from '../../../contract/feed-protocol.ts';
import type { Json } from './upstream-frames.ts';

export interface ConnectionOptions {
  url: string;
  /** Symbols whose 1-minute and daily klines are asked for */
  symbols: readonly string[];
  /** Reconnection back-off bounds (real time) */
  minBackoff: number;
  maxBackoff: number;
  /** A connection that received nothing for this long (real time) is dropped and reopened */
  idleMs: number;
  onFrame(json: Json): void;
}

const PERIODS = ['1min', '1day'];

export class UpstreamConnection {
  private ws: WebSocket | undefined;
  private closed = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private lastFrameReal = Date.now();
  private nextId = 1;
  private reportedError = false;
  private readonly watchdog: NodeJS.Timeout;

  constructor(private readonly opts: ConnectionOptions) {
    // a connection that went quiet (no data, no ping) is dropped and reopened
    this.watchdog = setInterval(() => {
      const ws = this.ws;
      if (ws && ws.readyState === WebSocket.OPEN && Date.now() - this.lastFrameReal > opts.idleMs) ws.terminate();
    }, 1000);
    this.watchdog.unref();
    this.connect();
  }

  /** Whether the websocket is open */
  connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.watchdog);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.ws?.terminate();
    this.ws = undefined;
  }

  private reportOnce(error: unknown): void {
    if (!this.reportedError) console.error('market upstream:', error);
    this.reportedError = true;
  }

  private connect(): void {
    if (this.closed) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.opts.url, { perMessageDeflate: false, handshakeTimeout: 10_000 });
    } catch (error) {
      this.reportOnce(error);
      this.scheduleReconnect();
      return;
    }
    this.ws = socket;
    socket.binaryType = 'nodebuffer';
    socket.on('open', () => {
      this.lastFrameReal = Date.now();
      this.subscribe();
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => this.onMessage(data, isBinary));
    socket.on('error', () => {
      // 'close' follows; reconnection happens there
    });
    socket.on('close', () => {
      if (this.ws === socket) this.ws = undefined;
      this.scheduleReconnect();
    });
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    this.lastFrameReal = Date.now();
    this.attempt = 0;
    let json: unknown;
    try {
      json = JSON.parse(isBinary ? gunzipSync(data).toString('utf8') : data.toString('utf8'));
    } catch {
      return;
    }
    if (!json || typeof json !== 'object') return;
    const frame = json as Json;
    if (typeof frame.ping === 'number') this.ws?.send(JSON.stringify({ pong: frame.ping }));
    else if (frame.status === 'error') this.reportOnce(frame['err-msg'] ?? frame);
    else this.opts.onFrame(frame);
  }

  private subscribe(): void {
    const send = (msg: Json) => this.ws?.send(JSON.stringify({ ...msg, id: `u${this.nextId++}` }));
    for (const symbol of this.opts.symbols) {
      for (const period of PERIODS) send({ req: klineTopic(symbol, period) });
    }
    send({ sub: TICKERS_TOPIC });
    for (const symbol of this.opts.symbols) {
      for (const period of PERIODS) send({ sub: klineTopic(symbol, period) });
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const { minBackoff, maxBackoff } = this.opts;
    const base = Math.min(maxBackoff, minBackoff * 2 ** Math.min(this.attempt, 20));
    this.attempt++;
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = undefined;
        this.connect();
      },
      base / 2 + Math.random() * (base / 2),
    );
    this.reconnectTimer.unref();
  }
}
