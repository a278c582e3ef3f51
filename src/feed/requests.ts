// `req` calls: each gets an id and a timeout; one made while the socket is down is sent when it
// opens; one already sent fails when the socket is lost, since its reply is lost with it.
import timings from '../../schemas/config/timings.json';
import type { Connection } from './connection';
import { defaultTimers, type FeedOptions } from './options';
import { FeedError, type Feed } from './types';

interface Pending {
  frame: string;
  sent: boolean;
  timer: unknown;
  resolve: (data: unknown[]) => void;
  reject: (error: Error) => void;
}

export interface Requests {
  request: Feed['request'];
  /** Settles the request with this id, if it is still waiting. */
  answer(id: string, result: unknown[] | Error): boolean;
  /** Sends what was requested while the socket was down. */
  flush(): void;
  /** Fails the requests sent on the socket that was lost. */
  lost(): void;
  /** Fails every waiting request, and every later one. */
  close(): void;
}

export function createRequests(options: FeedOptions, connection: Connection, nextId: (prefix: string) => string): Requests {
  const timers = options.timers ?? defaultTimers;
  const pending = new Map<string, Pending>();
  let closed = false;

  function answer(id: string, result: unknown[] | Error): boolean {
    const p = pending.get(id);
    if (!p) return false;
    pending.delete(id);
    timers.clearTimeout(p.timer);
    if (result instanceof Error) p.reject(result);
    else p.resolve(result);
    return true;
  }

  return {
    request<T>(topic: string, range: { from?: number; to?: number } = {}, opts: { timeoutMs?: number } = {}) {
      if (closed) return Promise.reject(new FeedError('closed', 'feed is closed'));
      connection.start();
      return new Promise<T[]>((resolve, reject) => {
        const id = nextId('r');
        const p: Pending = {
          frame: JSON.stringify({ req: topic, id, from: range.from, to: range.to }),
          sent: false,
          timer: timers.setTimeout(
            () => answer(id, new FeedError('timeout', `no reply to ${topic}`)),
            opts.timeoutMs ?? options.requestTimeoutMs ?? timings.requestTimeoutMs,
          ),
          resolve: resolve as (data: unknown[]) => void,
          reject,
        };
        pending.set(id, p);
        p.sent = connection.send(p.frame);
      });
    },
    answer,
    flush() {
      for (const p of pending.values()) if (!p.sent) p.sent = connection.send(p.frame);
    },
    lost() {
      for (const [id, p] of pending) if (p.sent) answer(id, new FeedError('disconnected', 'feed connection lost'));
    },
    close() {
      closed = true;
      for (const id of pending.keys()) answer(id, new FeedError('closed', 'feed is closed'));
    },
  };
}
