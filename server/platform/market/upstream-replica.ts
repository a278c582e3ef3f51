// On a follower instance of a cluster whose market comes from the upstream (MARKET_SOURCE=upstream):
// a copy of the leader's recorder. It is built from what the leader stored (bars and recorded
// prices) and kept current by the leader's message after each write (UPSTREAM_CHANNEL): every
// pair's new bars and recorded seconds with its live price. Only the leader talks to the
// upstream and decides which seconds are recorded; the copy never records a second itself.
// Taking an update twice changes nothing, so a rebuild may overlap the messages around it; a
// message that does not follow on (one was lost, or a new leader started) rebuilds the copy.
import type { Db } from '../../core/db/index.ts';
import type { Replica } from './replica.ts';
import type { MarketDef, MarketData } from './types.ts';
import { readUpstreamRecords, type UpstreamChanges, upstreamQuotes } from './upstream.ts';
import type { MarketView } from './view.ts';

/** The Redis channel of an upstream-fed leader's updates, one JSON message per write */
export const UPSTREAM_CHANNEL = 'market:upstream';

export interface UpstreamReplicaOptions {
  db: Db;
  now: () => number;
  staleMs?: number;
  markets?: readonly MarketDef[];
  view: MarketView;
}

function parse(text: string): UpstreamChanges | undefined {
  try {
    const msg = JSON.parse(text) as UpstreamChanges;
    return typeof msg.epoch === 'string' && Number.isSafeInteger(msg.seq) && Array.isArray(msg.pairs) ? msg : undefined;
  } catch {
    return undefined;
  }
}

interface Copy {
  market: MarketData;
  take(msg: UpstreamChanges): void;
}

async function buildCopy(opts: UpstreamReplicaOptions): Promise<Copy> {
  const { pairs, notify, market } = upstreamQuotes(opts, await readUpstreamRecords(opts.db, opts), true);
  return {
    market,
    take(msg) {
      for (const u of msg.pairs) {
        const pair = pairs.get(u.symbol);
        if (!pair) continue;
        pair.follow(u);
        pair.trimMinutes(opts.now());
      }
      notify();
    },
  };
}

export function openUpstreamReplica(opts: UpstreamReplicaOptions): Replica {
  let copy: Copy | undefined;
  /** The last message taken (undefined after a build, until the next one) */
  let last: { epoch: string; seq: number } | undefined;
  /** Messages received while a copy is being built (undefined: none is) */
  let waiting: UpstreamChanges[] | undefined = [];
  let rebuilds = -1;
  let closed = false;

  const take = (msg: UpstreamChanges): void => {
    if (waiting) return void waiting.push(msg);
    if (last && msg.epoch === last.epoch && msg.seq <= last.seq) return;
    if (last && (msg.epoch !== last.epoch || msg.seq !== last.seq + 1)) return rebuild([msg]);
    copy!.take(msg);
    last = { epoch: msg.epoch, seq: msg.seq };
  };

  let ready: Promise<void> = Promise.resolve();
  function rebuild(queued: UpstreamChanges[]): void {
    waiting = queued;
    rebuilds++;
    ready = buildCopy(opts).then(
      (next) => {
        if (closed) return next.market.close();
        const previous = copy;
        copy = next;
        last = undefined;
        opts.view.use(next.market);
        previous?.market.close();
        const held = waiting ?? [];
        waiting = undefined;
        for (const msg of held) take(msg);
      },
      (error: unknown) => {
        console.error('upstream market replica: the stored records could not be read:', error);
        setTimeout(() => !closed && rebuild(waiting ?? []), 500).unref();
      },
    );
  }
  rebuild([]);

  return {
    receive(text) {
      if (closed) return;
      const msg = parse(text);
      if (msg) take(msg);
    },
    get ready() {
      return ready;
    },
    rebuilds: () => Math.max(0, rebuilds),
    close() {
      closed = true;
      copy?.market.close();
    },
  };
}
