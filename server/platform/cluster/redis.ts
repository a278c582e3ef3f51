// Redis, when REDIS_URL is set: what several server instances share besides the database
// (the market feed's fan-out, rate-limit counters, websocket connection caps). One process on
// SQLite or PostgreSQL without REDIS_URL keeps all of that in memory, as before.
import { Redis } from 'ioredis';

/** REDIS_URL (redis://host:port[/db]) when several instances share state, else undefined. */
export function redisUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.REDIS_URL || undefined;
}

/**
 * A client of `url`. Commands wait while it reconnects (a Redis restart is ridden out), but
 * at most `commandTimeoutMs`, so a request is refused rather than hung when Redis is gone.
 * `name` appears in CLIENT LIST and in the log lines of a lost connection.
 */
export function openRedis(url: string, name: string, commandTimeoutMs = 2000): Redis {
  const client = new Redis(url, {
    connectionName: name,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 2,
    retryStrategy: (times) => Math.min(times * 100, 1000),
    lazyConnect: false,
  });
  let reported = false;
  client.on('error', (error: Error) => {
    // one line per outage, not one per retry
    if (!reported) console.error(`Redis (${name}): ${error.message}`);
    reported = true;
  });
  client.on('ready', () => {
    reported = false;
  });
  return client;
}

/**
 * A client for SUBSCRIBE only: no command timeout, and no INFO ready check, which Redis refuses
 * once a SUBSCRIBE queued during the connect has put the connection in subscriber mode.
 */
export function openSubscriber(url: string, name: string): Redis {
  const client = new Redis(url, { connectionName: name, enableReadyCheck: false, retryStrategy: (times) => Math.min(times * 100, 1000) });
  client.on('error', (error: Error) => console.error(`Redis (${name}): ${error.message}`));
  return client;
}
