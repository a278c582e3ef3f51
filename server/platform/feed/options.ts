// The feed's limits: the protocol's timings here, the rest from schemas/config/feed.json.
import { feedConfig, type FeedLimits } from '../../core/config.ts';

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
export const CLOSE_GRACE_MS = 1000;
