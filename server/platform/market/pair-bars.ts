// The bars a simulated pair serves, summed on read from its 1-minute and daily bars.
import { DAY_SEC, MINUTE_SEC, MINUTES_PER_DAY } from './calendar.ts';
import type { SimPair } from './pair.ts';
import { PERIOD_SPECS } from './periods.ts';
import { aggregate, formatBar, type RawBar } from './series.ts';
import type { Bar, Period } from './types.ts';

function format(pair: SimPair, id: number, raw: RawBar): Bar {
  return formatBar(id, raw, pair.walk.pd, pair.walk.ad);
}

/** Bars of a period, oldest first, at most `limit`, ids within [fromSec, toSec]. */
export function periodBars(pair: SimPair, period: Period, limit: number, fromSec?: number, toSec?: number): Bar[] {
  const spec = PERIOD_SPECS[period];
  const series = spec.unit === 'minute' ? pair.minutes : pair.days;
  const unitSec = spec.unit === 'minute' ? MINUTE_SEC : DAY_SEC;
  if (series.length === 0 || !(limit > 0)) return [];
  let lastUnit = series.end;
  if (toSec !== undefined) lastUnit = Math.min(lastUnit, Math.floor(toSec / unitSec));
  const out: Bar[] = [];
  for (let b = spec.bucket(lastUnit); out.length < limit; b--) {
    const first = spec.start(b);
    if (first < series.start) break;
    if (fromSec !== undefined && first * unitSec < fromSec) break;
    const raw = aggregate(series, first - series.start, spec.start(b + 1) - series.start);
    if (raw) out.push(format(pair, first * unitSec, raw));
  }
  return out.reverse();
}

/** Rolling 24 hours: the last 1440 minutes including the live one. */
export function rollingDay(pair: SimPair): Bar {
  const ms = pair.minutes;
  const from = Math.max(0, ms.length - MINUTES_PER_DAY);
  const raw = aggregate(ms, from, ms.length)!;
  return format(pair, (ms.start + from) * MINUTE_SEC, raw);
}
