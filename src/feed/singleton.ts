// The app's one feed, created on first use (the socket itself opens on the first subscribe or request).
import { createFeed } from './feed';
import type { Feed } from './types';

let instance: Feed | null = null;

export function getFeed(): Feed {
  instance ??= createFeed();
  return instance;
}

/** The app singleton; every member delegates to the lazily created feed. */
export const feed: Feed = {
  get status() {
    return getFeed().status;
  },
  get requestFrame() {
    return getFeed().requestFrame;
  },
  get now() {
    return getFeed().now;
  },
  subscribe: (topic, listener) => getFeed().subscribe(topic, listener),
  request: (topic, range, options) => getFeed().request(topic, range, options),
  onStatus: (listener) => getFeed().onStatus(listener),
  observe: (listener) => getFeed().observe(listener),
  connect: () => getFeed().connect(),
  close: () => getFeed().close(),
  refCount: (topic) => getFeed().refCount(topic),
};
