// The feed's connections and subscriptions, one shared tick loop and the heartbeat.
// Each topic's frame is built and gzipped once per tick and the same Buffer goes to every
// subscriber. Server frames are gzip-compressed JSON in binary frames; clients send text.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { WebSocket } from 'ws';
import type { MarketData } from '../market/types.ts';
import { depth, detail, klineHistory, liveBar, parseTopic, tickers, type Topic } from './topics.ts';

export interface FeedOptions {
  /** Server ping period (HTX: 5 s) */
  pingIntervalMs: number;
  /** Pings in a row without a matching pong after which a client is closed */
  maxMissedPings: number;
  /** A client whose unsent data exceeds this is dropped (it cannot keep up) */
  maxBufferedBytes: number;
  /** Largest client message */
  maxMessageBytes: number;
}

export const FEED_DEFAULTS: Readonly<FeedOptions> = Object.freeze({
  pingIntervalMs: 5000,
  maxMissedPings: 2,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxMessageBytes: 64 * 1024,
});

/** Close code when a client missed its pongs */
export const CLOSE_PING_TIMEOUT = 4000;
/** Close code when a client cannot keep up with the pushes */
export const CLOSE_TOO_SLOW = 4001;

type Json = Record<string, unknown>;

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The TCP socket under a ws connection (not public API; batching only, so optional). */
function rawSocket(socket: WebSocket): Corkable | undefined {
  const raw = (socket as unknown as { _socket?: Partial<Corkable> })._socket;
  return raw && typeof raw.cork === 'function' && typeof raw.uncork === 'function' ? (raw as Corkable) : undefined;
}

export function encode(message: unknown): Buffer {
  return gzipSync(JSON.stringify(message));
}

interface Client {
  socket: WebSocket;
  topics: Set<string>;
  /** Timestamps of pings sent and not answered yet */
  pending: number[];
}

interface TopicState {
  topic: Topic;
  clients: Set<Client>;
  /** For kline: the last live bar pushed, to push only changes */
  last?: string;
}

export interface TickStats {
  /** Topics pushed in the last tick */
  topics: number;
  /** Frames sent in the last tick */
  frames: number;
  /** Time the last tick took, ms */
  ms: number;
}

export class FeedHub {
  readonly clients = new Set<Client>();
  private readonly topics = new Map<string, TopicState>();
  private readonly unsubscribeTick: () => void;
  private readonly pingTimer: NodeJS.Timeout;
  lastTick: TickStats = { topics: 0, frames: 0, ms: 0 };

  constructor(
    private readonly market: MarketData,
    private readonly now: () => number,
    readonly options: FeedOptions,
  ) {
    this.unsubscribeTick = market.onTick(() => this.tick());
    this.pingTimer = setInterval(() => this.heartbeat(), options.pingIntervalMs);
    this.pingTimer.unref();
  }

  close(): void {
    clearInterval(this.pingTimer);
    this.unsubscribeTick();
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    this.topics.clear();
  }

  /** Takes over a new connection. */
  attach(socket: WebSocket): void {
    const client: Client = { socket, topics: new Set(), pending: [] };
    this.clients.add(client);
    socket.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    socket.on('close', () => this.detach(client));
    socket.on('error', () => socket.terminate());
  }

  private detach(client: Client): void {
    this.clients.delete(client);
    for (const name of client.topics) this.removeSubscriber(name, client);
    client.topics.clear();
  }

  private send(client: Client, frame: Buffer): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      socket.close(CLOSE_TOO_SLOW, 'too slow');
      this.detach(client);
      return;
    }
    socket.send(frame, { binary: true });
  }

  private reply(client: Client, message: Json): void {
    this.send(client, encode(message));
  }

  private error(client: Client, msg: string, id?: unknown): void {
    const out: Json = {};
    if (id !== undefined) out.id = id;
    Object.assign(out, { status: 'error', 'err-code': 'bad-request', 'err-msg': msg, ts: this.now() });
    this.reply(client, out);
  }

  // ---- incoming ----

  private receive(client: Client, data: unknown, isBinary: boolean): void {
    let buffer: Buffer;
    if (Buffer.isBuffer(data)) buffer = data;
    else if (Array.isArray(data)) buffer = Buffer.concat(data as Buffer[]);
    else buffer = Buffer.from(data as ArrayBuffer);
    let message: unknown;
    try {
      // Clients send text; a gzipped binary frame is accepted too.
      const text = isBinary && buffer[0] === 0x1f && buffer[1] === 0x8b ? gunzipSync(buffer, { maxOutputLength: this.options.maxMessageBytes }).toString('utf8') : buffer.toString('utf8');
      message = JSON.parse(text);
    } catch {
      this.error(client, 'invalid json');
      return;
    }
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      this.error(client, 'invalid request');
      return;
    }
    const m = message as Json;
    const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
    if ('pong' in m) return this.onPong(client, m.pong);
    if ('ping' in m) return this.onPing(client, m.ping);
    if ('sub' in m) return this.onSub(client, m.sub, id);
    if ('unsub' in m) return this.onUnsub(client, m.unsub, id);
    if ('req' in m) return this.onReq(client, m, id);
    this.error(client, 'invalid request', id);
  }

  private onPong(client: Client, ts: unknown): void {
    if (typeof ts !== 'number' || !Number.isFinite(ts)) return this.error(client, 'invalid pong');
    // Only an echo of a ping we sent counts; any other number is ignored.
    if (client.pending.includes(ts)) client.pending = [];
  }

  private onPing(client: Client, ts: unknown): void {
    if (typeof ts !== 'number' || !Number.isFinite(ts)) return this.error(client, 'invalid ping');
    this.reply(client, { pong: ts });
  }

  private onSub(client: Client, name: unknown, id: unknown): void {
    const topic = parseTopic(this.market, name);
    if (typeof topic === 'string') return this.error(client, topic, id);
    const ack: Json = {};
    if (id !== undefined) ack.id = id;
    Object.assign(ack, { status: 'ok', subbed: topic.name, ts: this.now() });
    this.reply(client, ack);
    if (client.topics.has(topic.name)) return;
    client.topics.add(topic.name);
    let state = this.topics.get(topic.name);
    if (!state) {
      state = { topic, clients: new Set() };
      this.topics.set(topic.name, state);
    }
    state.clients.add(client);
    // The current value at once; later pushes follow the ticks.
    const frame = this.frame(state, false);
    if (frame) this.send(client, frame);
  }

  private onUnsub(client: Client, name: unknown, id: unknown): void {
    const topic = parseTopic(this.market, name);
    if (typeof topic === 'string') return this.error(client, topic, id);
    client.topics.delete(topic.name);
    this.removeSubscriber(topic.name, client);
    const ack: Json = {};
    if (id !== undefined) ack.id = id;
    Object.assign(ack, { status: 'ok', unsubbed: topic.name, ts: this.now() });
    this.reply(client, ack);
  }

  private onReq(client: Client, m: Json, id: unknown): void {
    const topic = parseTopic(this.market, m.req);
    if (typeof topic === 'string') return this.error(client, topic, id);
    const bound = (v: unknown): number | undefined | null => (v === undefined ? undefined : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
    const from = bound(m.from);
    const to = bound(m.to);
    if (from === null || to === null) return this.error(client, 'from and to must be epoch seconds', id);
    const ts = this.now();
    const sec = Math.floor(ts / 1000);
    let data: unknown;
    switch (topic.kind) {
      case 'kline':
        data = klineHistory(this.market, topic.def, topic.period, from, to);
        break;
      case 'detail':
        data = detail(this.market, topic.def, sec);
        break;
      case 'depth':
        data = depth(this.market, topic.def, ts, sec);
        break;
      case 'tickers':
        data = tickers(this.market, sec);
        break;
    }
    const rep: Json = { rep: topic.name, status: 'ok' };
    if (id !== undefined) rep.id = id;
    Object.assign(rep, { ts, data });
    this.reply(client, rep);
  }

  private removeSubscriber(name: string, client: Client): void {
    const state = this.topics.get(name);
    if (!state) return;
    state.clients.delete(client);
    if (state.clients.size === 0) this.topics.delete(name);
  }

  // ---- outgoing ----

  /** The push frame of a topic now; for kline undefined when `onlyChanged` and the bar did not change. */
  private frame(state: TopicState, onlyChanged: boolean): Buffer | undefined {
    const { topic } = state;
    const ts = this.now();
    const sec = Math.floor(ts / 1000);
    switch (topic.kind) {
      case 'tickers':
        return encode({ ch: topic.name, ts, data: tickers(this.market, sec) });
      case 'detail':
        return encode({ ch: topic.name, ts, tick: detail(this.market, topic.def, sec) });
      case 'depth':
        return encode({ ch: topic.name, ts, tick: depth(this.market, topic.def, ts, sec) });
      case 'kline': {
        const bar = liveBar(this.market, topic.def, topic.period);
        if (!bar) return undefined;
        const key = JSON.stringify(bar);
        if (onlyChanged && key === state.last) return undefined;
        state.last = key;
        return encode({ ch: topic.name, ts, tick: bar });
      }
    }
  }

  /**
   * One push round: each subscribed topic's frame built and gzipped once, the same Buffer
   * sent to all its subscribers; a client's frames of the round go out in one write.
   */
  tick(): void {
    const started = performance.now();
    let topics = 0;
    let frames = 0;
    const outbox = new Map<Client, Buffer[]>();
    for (const state of this.topics.values()) {
      let frame: Buffer | undefined;
      try {
        frame = this.frame(state, true);
      } catch {
        continue;
      }
      if (!frame) continue;
      topics++;
      for (const client of state.clients) {
        const list = outbox.get(client);
        if (list) list.push(frame);
        else outbox.set(client, [frame]);
      }
    }
    for (const [client, list] of outbox) {
      const raw = rawSocket(client.socket);
      raw?.cork();
      for (const frame of list) this.send(client, frame);
      raw?.uncork();
      frames += list.length;
    }
    this.lastTick = { topics, frames, ms: performance.now() - started };
  }

  /** Pings every client; closes those that left maxMissedPings pings unanswered. */
  heartbeat(): void {
    const ts = this.now();
    const frame = encode({ ping: ts });
    for (const client of [...this.clients]) {
      if (client.pending.length >= this.options.maxMissedPings) {
        client.socket.close(CLOSE_PING_TIMEOUT, 'ping timeout');
        this.detach(client);
        const { socket } = client;
        setTimeout(() => socket.terminate(), 5000).unref();
        continue;
      }
      client.pending.push(ts);
      this.send(client, frame);
    }
  }
}
