// A client's sub, unsub and req: acknowledged or refused with the reason; a subscription is
// capped per connection and gets the topic's current value at once.
import type { Client } from './client.ts';
import type { FeedCore } from './core.ts';
import { error, reply, send } from './delivery.ts';
import { type Json, pushFrame, replyData } from './frames.ts';
import { parseTopic } from './topics.ts';

export function onSub(core: FeedCore, client: Client, name: unknown, id: unknown): void {
  const topic = parseTopic(core.market, name);
  if (typeof topic === 'string') return error(core, client, topic, id);
  const { maxSubscriptions } = core.options;
  if (!client.topics.has(topic.name) && client.topics.size >= maxSubscriptions) {
    return error(core, client, `too many subscriptions: at most ${maxSubscriptions} per connection`, id, 'too-many-subscriptions');
  }
  const ack: Json = {};
  if (id !== undefined) ack.id = id;
  Object.assign(ack, { status: 'ok', subbed: topic.name, ts: core.now() });
  reply(core, client, ack);
  if (client.topics.has(topic.name)) return;
  const state = core.subscriptions.add(topic, client);
  // The current value at once; later pushes follow the ticks.
  const frame = pushFrame(core.market, state, core.now(), false);
  if (frame) send(core, client, frame);
}

export function onUnsub(core: FeedCore, client: Client, name: unknown, id: unknown): void {
  const topic = parseTopic(core.market, name);
  if (typeof topic === 'string') return error(core, client, topic, id);
  core.subscriptions.unsubscribe(topic.name, client);
  const ack: Json = {};
  if (id !== undefined) ack.id = id;
  Object.assign(ack, { status: 'ok', unsubbed: topic.name, ts: core.now() });
  reply(core, client, ack);
}

/** A `from` / `to` bound: absent, epoch seconds, or null when it is neither. */
function bound(v: unknown): number | undefined | null {
  if (v === undefined) return undefined;
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;
}

export function onReq(core: FeedCore, client: Client, m: Json, id: unknown): void {
  const topic = parseTopic(core.market, m.req);
  if (typeof topic === 'string') return error(core, client, topic, id);
  const from = bound(m.from);
  const to = bound(m.to);
  if (from === null || to === null) return error(core, client, 'from and to must be epoch seconds', id);
  const ts = core.now();
  if (topic.kind === 'kline') return send(core, client, core.klineCache.frame(core.market, topic, from, to, id, ts));
  const data = replyData(core.market, topic, ts);
  const rep: Json = { rep: topic.name, status: 'ok' };
  if (id !== undefined) rep.id = id;
  Object.assign(rep, { ts, data });
  reply(core, client, rep);
}
