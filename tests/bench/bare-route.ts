// The floor the order bench compares the app with: a bare Fastify instance whose two routes run
// what the app's order endpoints run underneath — the same session lookup (authenticate) and the
// same domain calls (placeSpotBuy/placeSpotSell, so the same SQL in the same transactions) on the
// same database — without the app's layers (body checks, schema validation, idempotency keys,
// per-address limits, the envelope, security headers, translated errors).
import Fastify, { type FastifyInstance } from 'fastify';
import type { SpotBuyPayload, SpotSellPayload } from '../../contract/generated/types.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/core/config.ts';
import type { Db } from '../../server/core/db/index.ts';
import { ApiError } from '../../server/core/errors.ts';
import { authenticate } from '../../server/platform/http/auth.ts';
import type { AppContext } from '../../server/platform/http/context.ts';
import { createRateLimiter } from '../../server/platform/http/redis-rate-limit.ts';
import type { MarketData } from '../../server/platform/market/types.ts';
import { sessionConfig } from '../../server/platform/sessions/sessions.ts';
import { placeSpotBuy, placeSpotSell } from '../../server/trading/spot.ts';

/** Starts the bare routes on a loopback port beside the app, on its database and market; answers the port. */
export async function startBareRoute(db: Db, market: MarketData, dataDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  const ctx = {
    db,
    market,
    dataDir,
    now: Date.now,
    limiter: createRateLimiter(Date.now, undefined),
    limits: DEFAULT_RATE_LIMITS,
    sessions: sessionConfig(),
    version: 'bare',
  } as AppContext; // i18n and the validator are what the bare route leaves out
  const app: FastifyInstance = Fastify({ logger: false });
  const route = (path: string, place: (user: Awaited<ReturnType<typeof authenticate>>, body: never) => Promise<unknown>) =>
    app.post(path, async (req) => {
      try {
        const user = await authenticate(ctx, req);
        return { code: 0, data: await place(user, req.body as never) };
      } catch (error) {
        if (error instanceof ApiError) return { code: error.code };
        throw error;
      }
    });
  route('/bborder/upbbbuy', (user, body: SpotBuyPayload) => placeSpotBuy(ctx, user, body));
  route('/bborder/upbbsell', (user, body: SpotSellPayload) => placeSpotSell(ctx, user, body));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return { port: address.port, close: () => app.close() };
}
