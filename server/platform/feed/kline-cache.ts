// Kline history replies reuse encoded bars, so a flood of kline requests costs a CRC and a copy each.
import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';
import type { MarketData } from '../market/types.ts';
import { klineHistory, liveBar, type Topic } from './topics.ts';
import type { KlineTick } from '../../../contract/feed-protocol.ts';

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
    const entry = this.entry(`${topic.name}|${from ?? ''}|${to ?? ''}|${live?.id ?? ''}`, () => klineHistory(market, topic.def, topic.period, from, to), live);
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

  /** The cached entry of `key` (now the most recently used), or one built from `history()` and kept. */
  private entry(key: string, history: () => KlineTick[], live: KlineTick | undefined): KlineEntry {
    let entry = this.entries.get(key);
    if (entry) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    entry = this.build(history(), live);
    if (this.maxEntries > 0) {
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return entry;
  }

  private build(bars: KlineTick[], live: KlineTick | undefined): KlineEntry {
    const withLive = live !== undefined && bars.length > 0 && bars[bars.length - 1].id === live.id;
    const closed = withLive ? bars.slice(0, -1) : bars;
    const text = Buffer.from(`[${closed.map((b) => JSON.stringify(b)).join(',')}`);
    const deflated = deflateRawSync(text, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
    return { text, deflated, closedBars: closed.length, live: withLive };
  }
}
