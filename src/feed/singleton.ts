// The app's one feed, created on first use (the socket itself opens on the first subscribe or request).
import { createFeed } from './feed';
import type { Feed } from './types';

let instance: Feed | null = null;

export function getFeed(): Feed {
  instance ??= createFeed();
  return instance;
}

/** The app singleton: every member is read from the lazily created feed (whose methods need no `this`). */
export const feed = new Proxy({} as Feed, { get: (_, member) => getFeed()[member as keyof Feed] });
