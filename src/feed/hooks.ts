// React side of the feed. Subscriptions are held in effects (never during render), so server
// rendering and tests that only render never open a socket. Hooks that read the market
// slice live in src/store/marketHooks.ts (useTickers, useTicker, useMarketStatus) and src/store/metalsHooks.ts (useMetalsPolling).
import { createContext, createElement, useContext, useEffect, useEffectEvent, type ReactNode } from 'react';
import { feed as appFeed } from './singleton';
import type { Feed, Listener } from './types';

const FeedContext = createContext<Feed | null>(null);

/** Overrides the app feed for a subtree (tests, storybook-like previews). */
export function FeedProvider({ feed, children }: { feed: Feed; children?: ReactNode }) {
  return createElement(FeedContext.Provider, { value: feed }, children);
}

export function useFeed(): Feed {
  return useContext(FeedContext) ?? appFeed;
}

/**
 * Calls `listener` with every tick of `topic` (klines, depth) while mounted; a null topic
 * holds nothing. The latest listener is always used without resubscribing.
 */
export function useTopic<T = unknown>(topic: string | null | undefined, listener: Listener<T>): void {
  const feed = useFeed();
  const onTick = useEffectEvent(listener);
  useEffect(() => (topic ? feed.subscribe<T>(topic, (data, ts) => onTick(data, ts)) : undefined), [feed, topic]);
}
