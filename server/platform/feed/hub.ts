// The feed's connections and subscriptions, one shared tick loop and the heartbeat.
// Each topic's frame is built, gzipped and framed as a websocket message once per tick and the
// same bytes go to every subscriber (wire.ts). Server frames are gzip-compressed JSON in binary frames; clients send text.
//
// One client cannot stall the server: its messages pass a token bucket (excess answered with a
// too-many-requests error frame, a client that keeps flooding is closed), wait in its queue and
// are handled in bounded slices (sliceMessages / sliceMs per event-loop turn, round robin over
// the clients, the next slice on setImmediate) so HTTP requests and ticks run in between; its
// subscriptions are capped, and kline history replies reuse encoded bars (KlineCache).
import { crc32, deflateRawSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import type { WebSocket } from 'ws';
import { feedConfig, type FeedLimits } from '../../core/config.ts';
import type { MarketData } from '../market/types.ts';
import { type ConnectionCaps, MemoryConnectionCaps } from './connection-caps.ts';
import { binaryMessage, tcpSocket } from './wire.ts';
import { depth, detail, klineHistory, liveBar, parseTopic, tickers, type Topic } from './topics.ts';
import {
  CLOSE_FLOOD,
  CLOSE_GOING_AWAY,
  CLOSE_PING_TIMEOUT,
  CLOSE_TOO_MANY_CONNECTIONS,
  CLOSE_TOO_SLOW,
  type FeedErrorCode,
  type KlineTick,
} from '../../../contract/feed-protocol.ts';

export interface FeedOptions extends FeedLimits {
  /** Server ping period (HTX: 5 s) */
  pingIntervalMs: number;
  /** Pings in a row without a matching pong after which a client is closed */
  maxMissedPings: number;
  /** A client whose unsent data exceeds this is dropped (it cannot keep up) */
  maxBufferedBytes: number;
  /** Largest client message */
  maxMessageBytes: number;
}

/** The limits come from schemas/config/feed.json (FeedLimits in server/core/config.ts). */
export const FEED_DEFAULTS: Readonly<FeedOptions> = Object.freeze({
  pingIntervalMs: 5000,
  maxMissedPings: 2,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxMessageBytes: 64 * 1024,
  ...feedConfig(),
});

// the close codes are the protocol's (contract/feed-protocol.ts)
/** A closed client that does not finish the close handshake is cut off after this */
const CLOSE_GRACE_MS = 1000;

type Json = Record<string, unknown>;

export function encode(message: unknown): Buffer {
  return gzipSync(JSON.stringify(message));
}

interface Queued {
  data: unknown;
  isBinary: boolean;
  /** Arrived over the rate: answered with too-many-requests, not handled */
  limited: boolean;
}

interface Client {
  socket: WebSocket;
  ip: string;
  topics: Set<string>;
  /** Timestamps of pings sent and not answered yet */
  pending: number[];
  /** Token bucket: messages the client may send now, and when it was last refilled (performance.now) */
  tokens: number;
  refilledAt: number;
  /** Messages over the rate in a row */
  excess: number;
  /** Messages received and not handled yet */
  queue: Queued[];
  /** Closed by the server (flood, shutdown): further messages are dropped */
  closing: boolean;
  /** Flooded: no more messages are taken; closed with CLOSE_FLOOD once its queue is answered */
  flooded: boolean;
  /** Counted under its IP's cap; a promise while the shared count (Redis) answers, its messages waiting meanwhile */
  admitted: boolean | Promise<boolean>;
}

/** Closed bars of a kline reply, already encoded: JSON text `[bar,bar,…` and its raw deflate (sync-flushed). */
interface KlineEntry {
  text: Buffer;
  deflated: Buffer;
  closedBars: number;
  /** The reply ends with the live bar, added fresh to each reply */
  live: boolean;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** `data` as deflate stored blocks (byte-aligned; the last one final when `final`). */
function storedBlocks(data: Buffer, final: boolean): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  do {
    const len = Math.min(0xffff, data.length - at);
    const last = at + len >= data.length;
    const head = Buffer.alloc(5);
    head[0] = final && last ? 1 : 0;
    head.writeUInt16LE(len, 1);
    head.writeUInt16LE(~len & 0xffff, 3);
    out.push(head, data.subarray(at, at + len));
    at += len;
  } while (at < data.length);
  return out;
}

/**
 * Kline history replies from encoded bars: the closed bars of a (topic, from, to) request are
 * deflated once per live bar (they never change while it lasts) and kept; each reply stitches a
 * gzip member from its own header (rep, id, ts) in a stored block, the cached deflate of the
 * closed bars and the current live bar, so a request costs a CRC and a copy, not an encode.
 */
export class KlineCache {
  private readonly entries = new Map<string, KlineEntry>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /** The gzipped rep frame `{rep, status, id?, ts, data}` of a kline request. */
  frame(market: MarketData, topic: Extract<Topic, { kind: 'kline' }>, from: number | undefined, to: number | undefined, id: unknown, ts: number): Buffer {
    const live = liveBar(market, topic.def, topic.period);
    const key = `${topic.name}|${from ?? ''}|${to ?? ''}|${live?.id ?? ''}`;
    let entry = this.entries.get(key);
    if (entry) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      entry = this.build(klineHistory(market, topic.def, topic.period, from, to), live);
      if (this.maxEntries > 0) {
        this.entries.set(key, entry);
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      }
    }
    const header: Record<string, unknown> = { rep: topic.name, status: 'ok' };
    if (id !== undefined) header.id = id;
    header.ts = ts;
    const head = Buffer.from(`${JSON.stringify(header).slice(0, -1)},"data":`);
    const tail = Buffer.from(entry.live && live ? `${entry.closedBars > 0 ? ',' : ''}${JSON.stringify(live)}]}` : ']}');
    const size = head.length + entry.text.length + tail.length;
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(tail, crc32(entry.text, crc32(head))) >>> 0, 0);
    trailer.writeUInt32LE(size >>> 0, 4);
    return Buffer.concat([GZIP_HEADER, ...storedBlocks(head, false), entry.deflated, ...storedBlocks(tail, true), trailer]);
  }

  private build(bars: KlineTick[], live: KlineTick | undefined): KlineEntry {
    const withLive = live !== undefined && bars.length > 0 && bars[bars.length - 1].id === live.id;
    const closed = withLive ? bars.slice(0, -1) : bars;
    const text = Buffer.from(`[${closed.map((b) => JSON.stringify(b)).join(',')}`);
    const deflated = deflateRawSync(text, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
    return { text, deflated, closedBars: closed.length, live: withLive };
  }
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
  readonly klineCache: KlineCache;
  /** Clients with queued messages, in round-robin order */
  private readonly ready = new Set<Client>();
  private draining: NodeJS.Immediate | undefined;
  private shuttingDown = false;

  constructor(
    private readonly market: MarketData,
    private readonly now: () => number,
    readonly options: FeedOptions,
    /** Connections per client IP: this process's, or all instances' (connection-caps.ts) */
    private readonly caps: ConnectionCaps = new MemoryConnectionCaps(),
  ) {
    this.unsubscribeTick = market.onTick(() => this.tick());
    this.pingTimer = setInterval(() => this.heartbeat(), options.pingIntervalMs);
    this.pingTimer.unref();
    this.klineCache = new KlineCache(options.klineCacheEntries);
  }

  /**
   * Server shutdown: no new connections; every client is closed with "going away" (1001) and
   * cut off if it does not answer the close within a second.
   */
  shutdown(): void {
    this.shuttingDown = true;
    for (const client of [...this.clients]) this.disconnect(client, CLOSE_GOING_AWAY, 'server shutting down');
  }

  close(): Promise<void> {
    this.shuttingDown = true;
    clearInterval(this.pingTimer);
    if (this.draining) clearImmediate(this.draining);
    this.unsubscribeTick();
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    this.topics.clear();
    this.ready.clear();
    this.klineCache.clear();
    return this.caps.close();
  }

  /** Open connections from `ip` on this instance */
  connections(ip: string): number {
    return this.caps.local(ip);
  }

  /** Whether a new connection from `ip` would be taken (not over maxConnectionsPerIp on all instances, not shutting down). */
  async accepts(ip: string): Promise<boolean> {
    return !this.shuttingDown && (await this.caps.count(ip)) < this.options.maxConnectionsPerIp;
  }

  /** Takes over a new connection from `ip`; closes it at once when the IP holds too many or the server is shutting down. */
  attach(socket: WebSocket, ip = ''): void {
    if (this.shuttingDown) {
      socket.close(CLOSE_GOING_AWAY, 'server shutting down');
      return;
    }
    const admitted = this.caps.admit(ip, this.options.maxConnectionsPerIp);
    if (admitted === false) {
      socket.close(CLOSE_TOO_MANY_CONNECTIONS, 'too many connections');
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
      return;
    }
    const client: Client = {
      socket,
      ip,
      topics: new Set(),
      pending: [],
      tokens: this.options.messageBurst,
      refilledAt: performance.now(),
      excess: 0,
      queue: [],
      closing: false,
      flooded: false,
      admitted,
    };
    this.clients.add(client);
    socket.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    socket.on('close', () => this.detach(client));
    socket.on('error', () => socket.terminate());
    if (admitted !== true) void admitted.then((ok) => this.onAdmission(client, ok));
  }

  /** The shared count answered: the client's waiting messages are handled, or it is closed as one too many. */
  private onAdmission(client: Client, ok: boolean): void {
    // gone already: detach() releases its place once counted
    if (!this.clients.has(client)) return;
    client.admitted = ok;
    if (!ok) return this.disconnect(client, CLOSE_TOO_MANY_CONNECTIONS, 'too many connections');
    if (client.queue.length === 0) return;
    this.ready.add(client);
    this.draining ??= setImmediate(() => this.drain());
  }

  private release(client: Client): void {
    const { admitted } = client;
    if (admitted === true) this.caps.release(client.ip);
    else if (admitted !== false) void admitted.then((ok) => ok && this.caps.release(client.ip));
  }

  private detach(client: Client): void {
    if (this.clients.delete(client)) this.release(client);
    for (const name of client.topics) this.removeSubscriber(name, client);
    client.topics.clear();
    client.queue = [];
    this.ready.delete(client);
  }

  /** Closes a client from the server side: its queue is dropped and it is cut off if it does not answer the close. */
  private disconnect(client: Client, code: number, reason: string): void {
    client.closing = true;
    const { socket } = client;
    socket.close(code, reason);
    this.detach(client);
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  private send(client: Client, frame: Buffer): void {
    if (this.writable(client)) client.socket.send(frame, { binary: true });
  }

  /** Whether the client can take more now; one too slow to read what it was sent is closed. */
  private writable(client: Client): boolean {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount <= this.options.maxBufferedBytes) return true;
    socket.close(CLOSE_TOO_SLOW, 'too slow');
    this.detach(client);
    return false;
  }

  private reply(client: Client, message: Json): void {
    this.send(client, encode(message));
  }

  private error(client: Client, msg: string, id?: unknown, code: FeedErrorCode = 'bad-request'): void {
    const out: Json = {};
    if (id !== undefined) out.id = id;
    Object.assign(out, { status: 'error', 'err-code': code, 'err-msg': msg, ts: this.now() });
    this.reply(client, out);
  }

  // ---- incoming ----

  /**
   * A message arrived: O(1) here, whatever the client sends. It takes a token (or is marked
   * over the rate; after maxExcessMessages of those in a row the client's queue is answered
   * and it is closed) and waits in the client's queue for drain().
   */
  private receive(client: Client, data: unknown, isBinary: boolean): void {
    if (client.closing || client.flooded || this.shuttingDown) return;
    const { messagesPerSecond, messageBurst, maxExcessMessages } = this.options;
    const now = performance.now();
    client.tokens = Math.min(messageBurst, client.tokens + ((now - client.refilledAt) * messagesPerSecond) / 1000);
    client.refilledAt = now;
    let limited = false;
    if (client.tokens >= 1) {
      client.tokens -= 1;
      client.excess = 0;
    } else if (++client.excess > maxExcessMessages) {
      client.flooded = true;
      // read no more of what it sends: its queue is answered, then it is closed
      client.socket.pause();
      if (client.queue.length === 0) this.disconnect(client, CLOSE_FLOOD, 'too many requests');
      return;
    } else limited = true;
    client.queue.push({ data, isBinary, limited });
    if (client.admitted !== true) return;
    this.ready.add(client);
    this.draining ??= setImmediate(() => this.drain());
  }

  /**
   * Handles queued messages for at most sliceMessages messages or sliceMs, one message per
   * client in turn; what is left waits for the next event-loop turn (HTTP requests, ticks and
   * the other sockets' I/O run in between).
   */
  drain(): void {
    this.draining = undefined;
    const { sliceMessages, sliceMs } = this.options;
    const started = performance.now();
    let handled = 0;
    while (this.ready.size > 0 && handled < sliceMessages && performance.now() - started < sliceMs) {
      const client = this.ready.values().next().value as Client;
      this.ready.delete(client);
      const next = client.queue.shift();
      if (client.queue.length > 0) this.ready.add(client);
      if (!next || client.closing) continue;
      handled++;
      try {
        this.handle(client, next);
      } catch {
        this.error(client, 'internal error');
      }
      if (client.flooded && client.queue.length === 0 && !client.closing) this.disconnect(client, CLOSE_FLOOD, 'too many requests');
    }
    if (this.ready.size > 0) this.draining = setImmediate(() => this.drain());
  }

  private handle(client: Client, { data, isBinary, limited }: Queued): void {
    let buffer: Buffer;
    if (Buffer.isBuffer(data)) buffer = data;
    else if (Array.isArray(data)) buffer = Buffer.concat(data as Buffer[]);
    else buffer = Buffer.from(data as ArrayBuffer);
    let message: unknown;
    try {
      // Clients send text; a gzipped binary frame is accepted too.
      const text =
        isBinary && buffer[0] === 0x1f && buffer[1] === 0x8b
          ? gunzipSync(buffer, { maxOutputLength: this.options.maxMessageBytes }).toString('utf8')
          : buffer.toString('utf8');
      message = JSON.parse(text);
    } catch {
      if (limited) this.tooManyRequests(client, undefined);
      else this.error(client, 'invalid json');
      return;
    }
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      this.error(client, 'invalid request');
      return;
    }
    // any frame from the client shows it is there: a client that sends its own pings (the spec's,
    // every 5 s) and never answers ours must not lose the feed
    client.pending = [];
    const m = message as Json;
    const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
    if (limited) return this.tooManyRequests(client, id);
    if ('pong' in m) return this.onPong(client, m.pong);
    if ('ping' in m) return this.onPing(client, m.ping);
    if ('sub' in m) return this.onSub(client, m.sub, id);
    if ('unsub' in m) return this.onUnsub(client, m.unsub, id);
    if ('req' in m) return this.onReq(client, m, id);
    this.error(client, 'invalid request', id);
  }

  private tooManyRequests(client: Client, id: unknown): void {
    this.error(
      client,
      `too many requests: at most ${this.options.messagesPerSecond} messages per second (bursts of ${this.options.messageBurst})`,
      id,
      'too-many-requests',
    );
  }

  private onPong(client: Client, ts: unknown): void {
    // the frame itself already counted (handle); a pong is otherwise only checked
    if (typeof ts !== 'number' || !Number.isFinite(ts)) return this.error(client, 'invalid pong');
  }

  private onPing(client: Client, ts: unknown): void {
    if (typeof ts !== 'number' || !Number.isFinite(ts)) return this.error(client, 'invalid ping');
    this.reply(client, { pong: ts });
  }

  private onSub(client: Client, name: unknown, id: unknown): void {
    const topic = parseTopic(this.market, name);
    if (typeof topic === 'string') return this.error(client, topic, id);
    const { maxSubscriptions } = this.options;
    if (!client.topics.has(topic.name) && client.topics.size >= maxSubscriptions) {
      return this.error(client, `too many subscriptions: at most ${maxSubscriptions} per connection`, id, 'too-many-subscriptions');
    }
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
    const bound = (v: unknown): number | undefined | null =>
      v === undefined ? undefined : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;
    const from = bound(m.from);
    const to = bound(m.to);
    if (from === null || to === null) return this.error(client, 'from and to must be epoch seconds', id);
    const ts = this.now();
    if (topic.kind === 'kline') return this.send(client, this.klineCache.frame(this.market, topic, from, to, id, ts));
    const sec = Math.floor(ts / 1000);
    let data: unknown;
    switch (topic.kind) {
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
   * sent to all its subscribers; a client's frames of the round go out in one write. A client
   * of one topic (most of them) is written to at once, without a place in the outbox.
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
      const message = binaryMessage(frame);
      for (const client of state.clients) {
        if (client.topics.size === 1) {
          this.sendFramed(client, message);
          frames++;
          continue;
        }
        const list = outbox.get(client);
        if (list) list.push(message);
        else outbox.set(client, [message]);
      }
    }
    for (const [client, list] of outbox) {
      this.sendFramed(client, list.length === 1 ? list[0] : Buffer.concat(list));
      frames += list.length;
    }
    this.lastTick = { topics, frames, ms: performance.now() - started };
  }

  /** Writes websocket messages framed by binaryMessage (one write for the client's whole round). */
  private sendFramed(client: Client, messages: Buffer): void {
    if (this.writable(client)) tcpSocket(client.socket)?.write(messages);
  }

  /** Pings every client; closes those that left maxMissedPings pings unanswered. */
  heartbeat(): void {
    const ts = this.now();
    const message = binaryMessage(encode({ ping: ts }));
    for (const client of [...this.clients]) {
      if (client.pending.length >= this.options.maxMissedPings) {
        client.socket.close(CLOSE_PING_TIMEOUT, 'ping timeout');
        this.detach(client);
        const { socket } = client;
        setTimeout(() => socket.terminate(), 5000).unref();
        continue;
      }
      client.pending.push(ts);
      this.sendFramed(client, message);
    }
  }
}
