// Issue 23 point 5: the feed's per-IP connection cap holds in total over the instances sharing
// one Redis, two instances cannot both take an IP's last place, a closed instance's connections
// stop counting at once and a vanished one's (killed with -9: no goodbye, no more heartbeats)
// once its TTL has passed.
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RedisConnectionCaps } from '../../../../server/platform/feed/connection-caps.ts';
import { startServer, type TestServer } from '../../helpers.ts';
import { startRedis, type TestRedis } from '../../redis-server.ts';

const CAP = 3;
const TTL_MS = 900;

let redis: TestRedis;
let servers: TestServer[] = [];
let sockets: WebSocket[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  for (const ws of sockets) ws.terminate();
  sockets = [];
  await Promise.all(servers.map((s) => s.app.close().catch(() => {})));
  servers = [];
  const flush = new Redis(redis.url);
  await flush.flushall();
  await flush.quit();
});
afterAll(async () => {
  await redis.stop();
});

async function instance(instanceId: string): Promise<{ server: TestServer; port: number }> {
  const server = await startServer({ redisUrl: redis.url, instanceId, connectionTtlMs: TTL_MS, feed: { maxConnectionsPerIp: CAP } });
  servers.push(server);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { server, port: (server.app.server.address() as AddressInfo).port };
}

/** Opens a feed connection: 'open' when it is still open 300 ms later, else how it was refused (429 before the upgrade, or a close code). */
function connect(port: number): Promise<'open' | number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  sockets.push(ws);
  return new Promise((resolve) => {
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('close', (code) => resolve(code));
    ws.once('error', () => {});
    ws.once('open', () => setTimeout(() => resolve(ws.readyState === ws.OPEN ? 'open' : ws.readyState), 300));
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('feed connections per IP over two instances sharing Redis', () => {
  it(`the cap of ${CAP} holds in total; a closed connection frees its place on the other instance`, async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    expect([await connect(a.port), await connect(b.port), await connect(a.port)]).toEqual(['open', 'open', 'open']);
    expect(await connect(b.port)).toBe(429);
    expect(await connect(a.port)).toBe(429);
    sockets[0].close();
    await until(async () => a.server.app.feed.connections('127.0.0.1') === 1);
    await until(async () => (await b.server.app.feed.accepts('127.0.0.1')) === true);
    expect(await connect(b.port)).toBe('open');
  });

  it('two instances asked for the last place at once: one connection stays, the other is refused', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    for (let round = 0; round < 5; round++) {
      for (const ws of sockets) ws.terminate();
      sockets = [];
      await until(async () => a.server.app.feed.connections('127.0.0.1') + b.server.app.feed.connections('127.0.0.1') === 0);
      await until(async () => (await a.server.app.feed.accepts('127.0.0.1')) && (await b.server.app.feed.accepts('127.0.0.1')));
      expect([await connect(a.port), await connect(b.port)]).toEqual(['open', 'open']);
      const last = await Promise.all([connect(a.port), connect(b.port)]);
      expect(last.filter((r) => r === 'open')).toHaveLength(1);
      expect(a.server.app.feed.connections('127.0.0.1') + b.server.app.feed.connections('127.0.0.1')).toBe(CAP);
    }
  });

  it('a closed instance stops counting at once; a vanished one once its TTL has passed', async () => {
    const a = await instance('a');
    expect([await connect(a.port), await connect(a.port)]).toEqual(['open', 'open']);
    await servers.shift()!.app.close();
    const b = await instance('b');
    expect([await connect(b.port), await connect(b.port)]).toEqual(['open', 'open']);

    // an instance killed with -9: it counted a connection from the address, then neither beats nor says goodbye
    const ghostClient = new Redis(redis.url);
    const ghost = new RedisConnectionCaps(ghostClient, { instanceId: 'ghost', ttlMs: TTL_MS });
    expect(await ghost.admit('127.0.0.1', CAP + 2)).toBe(true);
    ghostClient.disconnect();
    await ghost.close();
    const killedAt = Date.now();
    expect(await connect(b.port)).toBe(429);
    await until(async () => (await b.server.app.feed.accepts('127.0.0.1')) === true, TTL_MS + 2000);
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(TTL_MS - 400);
    expect(await connect(b.port)).toBe('open');
  });

  it('an instance that keeps beating keeps its connections counted past the TTL', async () => {
    const a = await instance('a');
    const b = await instance('b');
    expect([await connect(a.port), await connect(a.port), await connect(a.port)]).toEqual(['open', 'open', 'open']);
    await new Promise((r) => setTimeout(r, TTL_MS * 2));
    expect(await connect(b.port)).toBe(429);
  });
});
