// Reference-counted topics: the first listener of a topic sends `sub`, the last to leave sends
// `unsub`; observers see every push. A listener that throws does not stop the others.
import type { Connection } from './connection';
import type { Listener, Observer } from './types';

export interface Topics {
  /** Opens the connection if it is not open yet. */
  subscribe(topic: string, listener: Listener): () => void;
  observe(observer: Observer): () => void;
  emit(topic: string, data: unknown, ts: number): void;
  /** Subscribes every live topic again on a new socket. */
  resubscribe(): void;
  refCount(topic: string): number;
}

export function createTopics({ send, start }: Connection, nextId: (prefix: string) => string, safely: (fn: () => void) => void): Topics {
  // one entry per subscription, so the same function subscribed twice counts twice
  const topics = new Map<string, Set<{ fn: Listener }>>();
  const observers = new Set<Observer>();
  return {
    subscribe(topic, listener) {
      const sub = { fn: listener };
      let subs = topics.get(topic);
      if (!subs) {
        topics.set(topic, (subs = new Set()));
        send({ sub: topic, id: nextId('s') });
      }
      subs.add(sub);
      start();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        if (!subs.delete(sub) || subs.size > 0) return;
        topics.delete(topic);
        send({ unsub: topic, id: nextId('u') });
      };
    },
    observe(observer) {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
    emit(topic, data, ts) {
      for (const s of [...(topics.get(topic) ?? [])]) safely(() => s.fn(data, ts));
      for (const o of [...observers]) safely(() => o(topic, data, ts));
    },
    resubscribe() {
      for (const topic of topics.keys()) send({ sub: topic, id: nextId('s') });
    },
    refCount: (topic) => topics.get(topic)?.size ?? 0,
  };
}
