// The push round on each market tick. Each topic's frame is built, gzipped and framed as a
// websocket message once and the same bytes go to every subscriber (wire.ts).
import type { Client } from './client.ts';
import type { FeedCore } from './core.ts';
import { sendFramed } from './delivery.ts';
import { pushFrame } from './frames.ts';
import { binaryMessage } from './wire.ts';

export interface TickStats {
  /** Topics pushed in the last tick */
  topics: number;
  /** Frames sent in the last tick */
  frames: number;
  /** Time the last tick took, ms */
  ms: number;
}

/**
 * One push round: each subscribed topic's frame built and gzipped once, the same Buffer
 * sent to all its subscribers; a client's frames of the round go out in one write. A client
 * of one topic (most of them) is written to at once, without a place in the outbox.
 */
export function pushRound(core: FeedCore): TickStats {
  const started = performance.now();
  let topics = 0;
  let frames = 0;
  const outbox = new Map<Client, Buffer[]>();
  for (const state of core.subscriptions.states()) {
    let frame: Buffer | undefined;
    try {
      frame = pushFrame(core.market, state, core.now(), true);
    } catch {
      continue;
    }
    if (!frame) continue;
    topics++;
    const message = binaryMessage(frame);
    for (const client of state.clients) {
      if (client.topics.size === 1) {
        sendFramed(core, client, message);
        frames++;
        continue;
      }
      const list = outbox.get(client);
      if (list) list.push(message);
      else outbox.set(client, [message]);
    }
  }
  for (const [client, list] of outbox) {
    sendFramed(core, client, list.length === 1 ? list[0] : Buffer.concat(list));
    frames += list.length;
  }
  return { topics, frames, ms: performance.now() - started };
}
