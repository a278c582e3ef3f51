// The market websocket at /ws, protocol-compatible with the HTX (Huobi) market feed:
// gzip-compressed JSON in binary frames, ping/pong heartbeat, sub/unsub/req.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.ts';
import { FeedHub } from './hub.ts';
import { FEED_DEFAULTS, type FeedOptions } from './options.ts';
import type { ConnectionCaps } from './connection-caps.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

import { FEED_PATH } from '../../../contract/feed-protocol.ts';

export { FeedHub } from './hub.ts';
export { encode } from './frames.ts';
export { KlineCache } from './kline-cache.ts';
export { FEED_DEFAULTS, type FeedOptions } from './options.ts';
export { type TickStats } from './push.ts';
// the protocol's constants, for the server's callers and tests
export {
  CLOSE_FLOOD,
  CLOSE_GOING_AWAY,
  CLOSE_PING_TIMEOUT,
  CLOSE_TOO_MANY_CONNECTIONS,
  CLOSE_TOO_SLOW,
  DEPTH_LEVELS,
  FEED_PATH,
  MAX_BARS,
} from '../../../contract/feed-protocol.ts';

let overrides: Partial<FeedOptions> = {};

/**
 * Changes the options of feeds registered from now on (tests shorten the ping interval);
 * returns a function that restores the previous ones.
 */
export function configureFeed(options: Partial<FeedOptions>): () => void {
  const previous = overrides;
  overrides = { ...overrides, ...options };
  return () => {
    overrides = previous;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The market feed's connections and tick loop */
    feed: FeedHub;
  }
}

/** `caps` counts connections per IP over all instances sharing Redis (default: this process's). */
export async function registerFeed(app: FastifyInstance, ctx: AppContext, options: Partial<FeedOptions> = {}, caps?: ConnectionCaps): Promise<void> {
  const opts: FeedOptions = { ...FEED_DEFAULTS, ...overrides, ...options };
  const feed = new FeedHub(ctx.market, ctx.now, opts, caps);
  await app.register(websocket, {
    options: { maxPayload: opts.maxMessageBytes, perMessageDeflate: false },
    // on app.close(): every client gets "going away" (1001) before the server stops
    preClose(this: FastifyInstance, done: () => void) {
      feed.shutdown();
      this.websocketServer.close(() => {});
      done();
    },
  });
  app.decorate('feed', feed);
  app.addHook('onClose', async () => feed.close());

  app.route({
    method: 'GET',
    url: FEED_PATH,
    // an IP over maxConnectionsPerIp is refused before the upgrade (FeedHub.attach checks again)
    preValidation: async (req, reply) => {
      if (!req.ws || (await feed.accepts(req.ip))) return;
      const t = ctx.i18n.translator(req.headers.lang);
      return reply.code(429).send({ code: ResultCode.rateLimited, msg: t(`errors.${ResultCode.rateLimited}`), data: null });
    },
    // A plain HTTP request to the feed: it only speaks websocket.
    handler: async (req, reply) => {
      const t = ctx.i18n.translator(req.headers.lang);
      return reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({ code: ResultCode.error, msg: t('errors.badRequest'), data: null });
    },
    wsHandler: (socket, req) => feed.attach(socket, req.ip),
  });
}
