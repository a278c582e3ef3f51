// GET /api/health: whether this instance can serve, for a load balancer (HAProxy checks it) and
// for people. 200 with {code: 0, data: {instance, leader, db, redis}} when the database (and
// Redis, when the instance uses it) answer within a second; 503 with the same body when one
// does not, so the balancer sends customers elsewhere.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../../core/db/index.ts';

const CHECK_TIMEOUT_MS = 1000;

export interface HealthSources {
  instance: string;
  isLeader(): boolean;
  db: Db;
  redis?: Redis;
}

type Status = 'ok' | 'down';

async function within(check: Promise<unknown>): Promise<Status> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Status>((done) => {
    timer = setTimeout(() => done('down'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.then((): Status => 'ok'), late]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(app: FastifyInstance, prefix: string, sources: HealthSources): void {
  app.get(`${prefix}/health`, async (_req, reply) => {
    const [db, redis] = await Promise.all([
      within(sql`select 1`.execute(sources.db)),
      sources.redis ? within(sources.redis.ping()) : Promise.resolve('none' as const),
    ]);
    const healthy = db === 'ok' && redis !== 'down';
    reply.code(healthy ? 200 : 503).header('cache-control', 'no-store');
    return { code: healthy ? 0 : 1, msg: healthy ? 'ok' : 'unavailable', data: { instance: sources.instance, leader: sources.isLeader(), db, redis } };
  });
}
