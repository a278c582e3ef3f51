// The live market connection: one websocket, reference-counted topics, heartbeat,
// reconnect with resubscription, and `req` calls with ids.
import { createConnection } from './connection';
import { decodeFrame } from './frame';
import { createRequests } from './requests';
import { defaultRequestFrame, defaultTimers, noop, systemNow, type FeedOptions } from './options';
import { createTopics } from './topics';
import { FeedError, type Feed, type FeedStatus } from './types';

export { resolveFeedUrl, type FeedOptions } from './options';

type Frame = Record<string, unknown>;

const isRecord = (v: unknown): v is Frame => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createFeed(options: FeedOptions = {}): Feed {
  const now = options.now ?? systemNow;
  const onError = options.onError ?? noop;
  const statusListeners = new Set<(s: FeedStatus) => void>();
  let status: FeedStatus = 'connecting';
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}${++seq}`;
  const safely = (fn: () => void) => {
    try {
      fn();
    } catch (e) {
      onError(e);
    }
  };
  const setStatus = (next: FeedStatus) => {
    if (status === next) return;
    status = next;
    for (const l of [...statusListeners]) safely(() => l(next));
  };
  const connection = createConnection(options, {
    opened() {
      // resubscribe every live topic, then send requests made while down
      topics.resubscribe();
      requests.flush();
    },
    frame: onFrame,
    lost() {
      requests.lost();
      setStatus('stale');
    },
  });
  const topics = createTopics(connection, nextId, safely);
  const requests = createRequests(options, connection, nextId);

  function onFrame(data: unknown): void {
    let msg: unknown;
    try {
      msg = decodeFrame(data);
    } catch (e) {
      return onError(e);
    }
    setStatus('live');
    if (!isRecord(msg)) return;
    if ('ping' in msg) connection.send({ pong: msg.ping as number });
    else if (typeof msg.ch === 'string') topics.emit(msg.ch, msg.tick !== undefined ? msg.tick : msg.data, typeof msg.ts === 'number' ? msg.ts : now());
    else if (msg.status === 'error') {
      const err = new FeedError(String(msg['err-code'] ?? 'error'), String(msg['err-msg'] ?? 'feed error'));
      if (msg.id == null || !requests.answer(String(msg.id), err)) onError(err);
    } else if (msg.id != null && 'rep' in msg) requests.answer(String(msg.id), Array.isArray(msg.data) ? msg.data : []);
    // pongs and sub/unsub acks need no action
  }

  return {
    get status() {
      return status;
    },
    requestFrame: options.requestFrame ?? defaultRequestFrame(options.timers ?? defaultTimers),
    now,
    subscribe: topics.subscribe as Feed['subscribe'],
    request: requests.request,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    observe: topics.observe,
    connect: connection.start,
    close() {
      connection.close();
      requests.close();
    },
    refCount: topics.refCount,
  };
}
