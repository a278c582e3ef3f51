// What the upstream's data frames carry (HTX numbers), taken into the pairs: market.tickers
// sets each pair's price and rolling 24 h, a 1-minute or daily kline (pushed, or a history
// reply) is kept as received, and the last 1-minute close sets the price.
import { parseTicks } from '../../../contract/decimal.ts';
import { SYMBOL_TOPIC_PATTERN, TICKERS_TOPIC } from '../../../contract/feed-protocol.ts';
import { type RawBar, VOL_DECIMALS } from './series.ts';
import type { UpstreamPair } from './upstream-pair.ts';

export type Json = Record<string, unknown>;

/** The kline periods taken from the upstream */
const KLINE_PERIODS: Record<string, 'minute' | 'day'> = { '1min': 'minute', '1day': 'day' };

/** Integer units of a pushed number with `decimals` places, or undefined if it is not a usable one */
function units(value: unknown, decimals: number): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  try {
    return parseTicks(value.toFixed(decimals), decimals);
  } catch {
    return undefined;
  }
}

/** A pushed bar (HTX numbers) in the pair's raw units; undefined when malformed */
export function parseBar(b: Json, pair: Pick<UpstreamPair, 'pd' | 'ad'>): (RawBar & { id: number }) | undefined {
  const o = units(b.open, pair.pd);
  const h = units(b.high, pair.pd);
  const l = units(b.low, pair.pd);
  const c = units(b.close, pair.pd);
  const a = units(b.amount ?? 0, pair.ad);
  const v = units(b.vol ?? 0, VOL_DECIMALS);
  const n = typeof b.count === 'number' && Number.isSafeInteger(b.count) && b.count >= 0 ? b.count : 0;
  if (
    typeof b.id !== 'number' ||
    !Number.isSafeInteger(b.id) ||
    o === undefined ||
    h === undefined ||
    l === undefined ||
    c === undefined ||
    a === undefined ||
    v === undefined
  ) {
    return undefined;
  }
  if (!(c > 0)) return undefined;
  return { id: b.id, o, h, l, c, a, v, n };
}

export interface FrameTarget {
  pairs: ReadonlyMap<string, UpstreamPair>;
  now: () => number;
}

/** market.tickers: every known pair's price and rolling 24 h. */
function applyTickers(target: FrameTarget, rows: Json[], ts: number): boolean {
  let changed = false;
  for (const row of rows) {
    const p = typeof row?.symbol === 'string' ? target.pairs.get(row.symbol) : undefined;
    const raw = p ? parseBar({ ...row, id: 0 }, p) : undefined;
    if (!p || !raw) continue;
    p.day24 = raw;
    p.setPrice(raw.c, ts);
    changed = true;
  }
  return changed;
}

/** A kline frame of a known pair: its bars; the last minute bar's close is the price. */
function applyKlines(target: FrameTarget, ch: string, json: Json, ts: number): boolean {
  const m = SYMBOL_TOPIC_PATTERN.exec(ch);
  const unit = m?.[3] !== undefined ? KLINE_PERIODS[m[3]] : undefined;
  const p = m && unit ? target.pairs.get(m[1]) : undefined;
  if (!m || !unit || !p) return false;
  const list = Array.isArray(json.data) ? (json.data as Json[]) : json.tick && typeof json.tick === 'object' ? [json.tick as Json] : [];
  let last: RawBar | undefined;
  for (const b of list) {
    const raw = parseBar(b, p);
    if (raw) p.putBar(unit, raw);
    last = raw ?? last;
  }
  if (unit === 'minute' && last) {
    p.setPrice(last.c, ts);
    p.trimMinutes(target.now());
  }
  return last !== undefined;
}

/** Takes a data frame (a push or a reply) into the pairs; true when a price or a bar changed. */
export function applyFrame(target: FrameTarget, json: Json, ts: number): boolean {
  const ch = typeof json.ch === 'string' ? json.ch : typeof json.rep === 'string' ? json.rep : undefined;
  if (!ch) return false;
  if (ch === TICKERS_TOPIC && Array.isArray(json.data)) return applyTickers(target, json.data as Json[], ts);
  return applyKlines(target, ch, json, ts);
}
