// On a follower instance of a cluster: a copy of the leader's market. It is built from the
// stored state (what the leader wrote after its last tick) and kept current by the changes the
// leader publishes after writing each tick (MARKET_CHANNEL on Redis; the changes cover the
// seconds (from, sec], so a copy at `from` or later can take them). A message that does not
// follow on (one was lost, a new leader started from the stored state) rebuilds the copy from
// the database; messages arriving meanwhile wait and are taken after it.
import type { Db } from '../../core/db/index.ts';
import { MARKETS } from './index.ts';
import { createSimulator, type MarketChanges, type Simulator } from './simulator.ts';
import { readMarketRestore } from './store.ts';
import type { MarketDef } from './types.ts';
import type { MarketView } from './view.ts';

/** The Redis channel of the leader's market changes, one JSON message per write */
export const MARKET_CHANNEL = 'market:changes';
/** How long a follower waits before reading a stored market again when there is none yet */
const RETRY_MS = 500;

export interface ReplicaOptions {
  db: Db;
  /** The installation's secret seed (the copy regenerates the history before the stored bars from it) */
  seed: number | string;
  now: () => number;
  /** Where the copy is shown; it shows each rebuilt copy in turn */
  view: MarketView;
  markets?: readonly MarketDef[];
}

export interface Replica {
  /** Takes one published message (the text of a MARKET_CHANNEL message) */
  receive(text: string): void;
  /** Resolves once the first copy is built and shown */
  ready: Promise<void>;
  /** How many times the copy was rebuilt after its first build */
  rebuilds(): number;
  close(): void;
}

function parse(text: string): MarketChanges | undefined {
  try {
    const msg = JSON.parse(text) as MarketChanges;
    return Number.isSafeInteger(msg.from) && Number.isSafeInteger(msg.sec) && Array.isArray(msg.pairs) ? msg : undefined;
  } catch {
    return undefined;
  }
}

export function openReplica(opts: ReplicaOptions): Replica {
  let copy: Simulator | undefined;
  /** Messages received while a copy is being built (undefined: none is) */
  let waiting: MarketChanges[] | undefined = [];
  let rebuilds = -1;
  let closed = false;

  const take = (msg: MarketChanges): void => {
    if (waiting) return void waiting.push(msg);
    const sec = copy!.time() / 1000;
    if (msg.sec <= sec) return;
    if (msg.from > sec) return rebuild([msg]);
    try {
      copy!.apply(msg);
    } catch (error) {
      console.error(`market replica: ${error instanceof Error ? error.message : String(error)}; reading the stored market again`);
      rebuild([]);
    }
  };

  const build = async (): Promise<void> => {
    for (;;) {
      if (closed) return;
      const restore = await readMarketRestore(opts.db);
      if (restore) {
        const next = createSimulator({ seed: opts.seed, now: opts.now, autoStep: false, restore, replica: true }, opts.markets ?? MARKETS);
        const previous = copy;
        copy = next;
        opts.view.use(next);
        previous?.close();
        const queued = waiting ?? [];
        waiting = undefined;
        for (const msg of queued) take(msg);
        return;
      }
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  };

  let ready: Promise<void> = Promise.resolve();
  function rebuild(queued: MarketChanges[]): void {
    waiting = queued;
    rebuilds++;
    ready = build().catch((error: unknown) => {
      console.error('market replica: the stored market could not be read:', error);
      setTimeout(() => !closed && rebuild(waiting ?? []), RETRY_MS).unref();
    });
  }
  rebuild([]);

  return {
    receive(text) {
      if (closed) return;
      const msg = parse(text);
      if (msg) take(msg);
    },
    ready,
    rebuilds: () => Math.max(0, rebuilds),
    close() {
      closed = true;
      copy?.close();
    },
  };
}
