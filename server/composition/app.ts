// The reference API server: Fastify + SQLite (Kysely), the API contract of spec §7 under
// /api, and the built app (if any) at /.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { type LoadedScreen, loadConfig, loadEntities, loadScreens } from '../../contract/loader.ts';
import { watchPublishedConfig } from '../core/live-config.ts';
import type { HandlerTable } from '../platform/http/handler.ts';
import { type AppConfig, appConfig, DEFAULT_RATE_LIMITS, type RateLimits, type SecurityConfig, securityConfig } from '../core/config.ts';
import type { AppContext } from '../platform/http/context.ts';
import { type Db, migrateToLatest, openDatabase } from '../core/db/index.ts';
import { installBodyParsing, installFormParsing } from '../platform/http/body.ts';
import { clientErrorHandler } from '../platform/http/client-errors.ts';
import { ADMIN_PAGE, installErrorHandling, routingErrors } from '../platform/http/envelope.ts';
import { guardTransactions } from '../core/request-scope.ts';
import { BODY_LIMIT, inlineScriptHashes, installSecurity, securityHeaders, staticCacheHeaders } from '../platform/http/security.ts';
import { createRateLimiter } from '../platform/http/redis-rate-limit.ts';
import { createConnectionCaps } from '../platform/feed/connection-caps.ts';
import { openRedis, redisUrl } from '../platform/cluster/redis.ts';
import { Validator } from '../platform/http/validation.ts';
import { I18n } from '../platform/i18n/i18n.ts';
import { type FeedOptions, registerFeed } from '../platform/feed/index.ts';
import type { MarketData } from '../platform/market/types.ts';
import { instanceId, type InstanceRoles, startRoles } from './instance.ts';
import { registerHealth } from '../platform/cluster/health.ts';
import { handlers } from './handlers.ts';
import { openMarket, replication } from './market.ts';
import { registerEndpoints, type Route, routesOf } from '../platform/http/endpoints.ts';
import { type OpenApiDocument, openApiDocument } from '../platform/http/openapi.ts';
import { recordAnswers } from '../platform/http/answer-recorder.ts';
import { registerUploadRoutes } from '../platform/uploads/uploads.ts';
import { importUploadFiles } from '../platform/uploads/upload-files.ts';
import { bucketFromEnv, openBucket } from '../platform/storage/bucket.ts';
import { seedInstallation } from './seed.ts';
import { type InstallMode, installModeOfEnvironment, recordInstallMode } from './install-mode.ts';
import { serverSecret } from '../platform/security/secret-key.ts';
import { anchorAuditTrail, attachAuditTrail } from '../platform/audit/trail.ts';
import { type SessionConfig, sessionConfig } from '../platform/sessions/sessions.ts';

export type { RateLimits } from '../core/config.ts';

export interface ServerOptions {
  /** Folder of the SQLite file app.db (created if missing) */
  dataDir: string;
  /** Clock in epoch ms (tests inject one) */
  now?: () => number;
  /** Built SPA, served at / with index.html for other non-API GETs; skipped if missing */
  staticDir?: string;
  /** Seed the demo user and announcements into an empty database (default true) */
  seed?: boolean;
  /** Demo (seeded, the CLI's conveniences on) or production (nothing seeded); default: production when NODE_ENV=production. server/composition/install-mode.ts */
  installMode?: InstallMode;
  rateLimits?: Partial<RateLimits>;
  /** Log every request (LOG=1); otherwise only errors are logged, as JSON lines with the request id */
  logger?: boolean;
  /** Where the log goes (default standard error); tests read it */
  logStream?: NodeJS.WritableStream;
  /** Folder of the locale files (default: the repository's locales/) */
  localesDir?: string;
  /** The market to quote (default: the simulator over the database, with its secret seed) */
  market?: MarketData;
  /** Where prices come from when `market` is not given (default: MARKET_SOURCE, else 'simulator') */
  marketSource?: 'simulator' | 'upstream';
  /** The upstream feed of marketSource 'upstream' (default: MARKET_UPSTREAM_URL; staleMs: MARKET_STALE_MS) */
  upstream?: { url?: string; staleMs?: number };
  /** Seed of a new installation's market simulator, honoured in test mode only (default: MARKET_SEED there) */
  marketSeed?: number;
  /** Test mode (default: NODE_ENV === 'test'): only then may a test choose the market seed */
  testMode?: boolean;
  /** Run time-driven work on timers (default true); tests may drive it by hand */
  scheduler?: boolean;
  /** Market feed options and limits (default: FEED_DEFAULTS in server/platform/feed/options.ts, from schemas/config/feed.json) */
  feed?: Partial<FeedOptions>;
  /** More schema files and their handlers, beside the repository's (engine tests use fixture screens) */
  extra?: { screens: LoadedScreen[]; handlers: HandlerTable };
  /** Devices per user and session lifetime (default: schemas/config/sessions.json) */
  sessions?: Partial<SessionConfig>;
  /** The version /base/site reports (default: schemas/config/app.json; tests of the app's version check change it) */
  version?: string;
  /** CSP connect-src, CORS origins, HSTS (default: CSP_CONNECT_SRC, CORS_ORIGINS, HSTS; server/core/config.ts) */
  security?: Partial<SecurityConfig>;
  /** Redis shared with other instances: the market's fan-out (on PostgreSQL), rate limits and feed connection caps (default: REDIS_URL; none: in memory) */
  redisUrl?: string;
  /** This instance's name in /api/health, the leader lease and what instances share (default: INSTANCE_ID, else host, process and a random suffix) */
  instanceId?: string;
  /** How long a vanished instance's feed connections still count (default 15 s; tests shorten it) */
  connectionTtlMs?: number;
  /** The S3-compatible bucket for uploaded images (default: S3_URL; none: the database keeps them) */
  s3Url?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, for tests and tools that run next to the server */
    db: Db;
    /** The market the server quotes */
    market: MarketData;
  }
}

/** This instance's part (alone, or leader or follower of several: server/composition/instance.ts) and the market it quotes. */
function startInstance(db: Db, opts: ServerOptions, now: () => number): Promise<InstanceRoles> {
  return startRoles({
    db,
    dataDir: resolve(opts.dataDir),
    now,
    market: opts.market,
    scheduler: opts.scheduler !== false,
    openMarket: (marketDb, afterWrite) => openMarket(marketDb, opts, now, afterWrite),
    replication: () => replication(db, opts, now),
    redisUrl: opts.redisUrl ?? redisUrl(),
    instance: opts.instanceId ?? instanceId(),
  });
}

/** The routes of the repository's schema files and of `extra`, with their request checks. */
function loadRoutes(opts: ServerOptions, validator: Validator): { screens: LoadedScreen[]; routes: Route[] } {
  const filterValues = {
    coins: loadConfig<{ coins: { coin: string }[] }>('coins').coins.map((c) => c.coin),
    pairs: loadConfig<{ markets: { symbol: string }[] }>('markets').markets.map((m) => m.symbol),
  };
  const screens = [...loadScreens(), ...(opts.extra?.screens ?? [])];
  return { screens, routes: routesOf(screens, validator, filterValues) };
}

/** The database migrated and seeded, and this instance's part with its market; a failed step closes the database. */
async function openStorage(opts: ServerOptions, now: () => number): Promise<{ db: Db; roles: InstanceRoles }> {
  const db = openDatabase(resolve(opts.dataDir));
  attachAuditTrail(db, resolve(opts.dataDir));
  try {
    await migrateToLatest(db);
    // a trail from an older release is anchored before anything is appended to it
    await anchorAuditTrail(db);
    await importUploadFiles(db, resolve(opts.dataDir));
    const mode = await recordInstallMode(db, opts.installMode ?? installModeOfEnvironment(process.env), now());
    await seedInstallation(db, now(), mode, { demoAccount: opts.seed !== false });
    return { db, roles: await startInstance(db, opts, now) };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** The OpenAPI 3.1 document of these routes, with each code's English text. */
function documentOf(routes: Route[], screens: LoadedScreen[], i18n: I18n, config: AppConfig): OpenApiDocument {
  return openApiDocument(routes, loadEntities(), screens, {
    prefix: config.apiPrefix,
    version: config.version,
    describeCode: (code) => i18n.t(i18n.defaultCode, `errors.${code}`),
  });
}

/** The document of the repository's schema files, as a server serves it (`npm run ops -- openapi`). */
export function repositoryOpenApi(): OpenApiDocument {
  const { screens, routes } = loadRoutes({ dataDir: '' }, new Validator());
  return documentOf(routes, screens, new I18n(), appConfig());
}

/** The OpenAPI 3.1 document of the API's endpoints (public; rendered by /api.html), built on first request. */
function serveOpenApi(app: FastifyInstance, routes: Route[], screens: LoadedScreen[], i18n: I18n, config: AppConfig): void {
  let openApi: OpenApiDocument | undefined;
  app.get(`${config.apiPrefix}/openapi.json`, async () => (openApi ??= documentOf(routes, screens, i18n, config)));
}

export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const config = appConfig();
  const now = opts.now ?? Date.now;
  const i18n = new I18n(opts.localesDir);
  const validator = new Validator();
  const { screens, routes } = loadRoutes(opts, validator);
  // read before the database opens, so a bad setting stops start-up with nothing to close
  const staticDir = opts.staticDir ? resolve(opts.staticDir) : undefined;
  const spa = staticDir !== undefined && existsSync(join(staticDir, 'index.html'));
  const security = { ...securityConfig(), ...opts.security, scriptHashes: spa ? inlineScriptHashes(readFileSync(join(staticDir, 'index.html'), 'utf8')) : [] };

  // SECRET_KEY or DATA_DIR/secret.key (created on first start): a bad one stops start-up here, not at a customer's request
  serverSecret(resolve(opts.dataDir));
  // a bucket that does not answer to its keys stops start-up too, before the first upload finds out
  const bucket = opts.s3Url ? openBucket(opts.s3Url) : bucketFromEnv();
  await bucket?.check();
  const { db, roles } = await openStorage(opts, now);
  const market = roles.market;
  // the published run-time configuration, and every later version another instance publishes
  const stopConfigWatch = await watchPublishedConfig(db, (error) => app.log.error({ err: error }, 'config poll failed'));
  const app = Fastify({
    logger: { level: opts.logger ? 'info' : 'error', stream: opts.logStream ?? process.stderr },
    genReqId: () => randomUUID(),
    // X-Forwarded-For and -Proto count only from a configured proxy (TRUSTED_PROXIES); never from anyone else
    trustProxy: security.trustedProxies.length > 0 ? security.trustedProxies : false,
    bodyLimit: BODY_LIMIT,
    frameworkErrors: routingErrors(i18n, securityHeaders(security)),
    clientErrorHandler: clientErrorHandler(i18n, security),
  });
  installSecurity(app, security);
  installBodyParsing(app);
  installFormParsing(app);
  guardTransactions(db);
  app.decorate('db', db);
  app.decorate('market', market);
  const sharedUrl = opts.redisUrl ?? redisUrl();
  const redis = sharedUrl ? openRedis(sharedUrl, 'limits') : undefined;

  const ctx: AppContext = {
    db,
    dataDir: resolve(opts.dataDir),
    now,
    i18n,
    validator,
    limiter: createRateLimiter(now, redis),
    limits: { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits },
    version: opts.version ?? config.version,
    market,
    sessions: { ...sessionConfig(), ...opts.sessions },
    bucket,
  };
  app.addHook('onClose', async () => {
    // the scheduler stops, the market writes what is left, a leader hands its lease over
    stopConfigWatch();
    await roles.close();
    await db.destroy();
    await redis?.quit().catch(() => redis.disconnect());
  });

  if (spa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      preCompressed: true,
      setHeaders: staticCacheHeaders(staticDir),
    });
  }
  recordAnswers(app, config.apiPrefix);
  installErrorHandling(app, i18n, config.apiPrefix, spa, spa && existsSync(join(staticDir!, ADMIN_PAGE)));

  try {
    // a schema endpoint without a handler (or a handler without one) stops start-up here, with the list
    await app.register(async (api) => registerEndpoints(api, ctx, routes, { ...handlers(ctx), ...opts.extra?.handlers }), { prefix: config.apiPrefix });
  } catch (error) {
    await app.close();
    throw error;
  }
  serveOpenApi(app, routes, screens, i18n, config);
  registerHealth(app, config.apiPrefix, { instance: roles.instance, isLeader: roles.isLeader, db, redis: roles.redis ?? redis });

  // uploaded images, to their owner only (outside /api: the client fetches them with its token)
  registerUploadRoutes(app, ctx);
  await registerFeed(app, ctx, opts.feed, createConnectionCaps(redis, { instanceId: roles.instance, ttlMs: opts.connectionTtlMs }));
  return app;
}
