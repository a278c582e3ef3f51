// HAProxy in front of the instances: one port for customers, round robin over the instances,
// an instance taken out after two failed health checks a second apart and back after one good
// one, a failed connection retried on another instance, long-lived websockets kept open
// (timeout tunnel), and the client's address passed on in X-Forwarded-For (the instances trust
// it from 127.0.0.1: TRUSTED_PROXIES).
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logTail, portOpen, spawnLogged, stopGroup, waitUntil } from './processes.ts';

export interface Backend {
  id: string;
  port: number;
}

export function haproxyConfig(port: number, backends: Backend[], healthPath: string): string {
  return [
    // no global maxconn: HAProxy sizes it from the file descriptor limit
    'global',
    'defaults',
    '  mode http',
    '  option forwardfor',
    // a request that cannot connect (an instance just died, not yet marked down) goes to another;
    // only connection failures are retried, so a request an instance received is never sent twice
    '  retries 2',
    '  option redispatch 1',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    '  timeout tunnel 1h',
    'frontend app',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    `  option httpchk GET ${healthPath}`,
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    ...backends.map((b) => `  server ${b.id} 127.0.0.1:${b.port} check`),
    '',
  ].join('\n');
}

export async function startHaproxy(dir: string, port: number, backends: Backend[], healthPath: string): Promise<ChildProcess> {
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(port, backends, healthPath));
  const log = join(dir, 'logs', 'haproxy.log');
  // -db: stay in the foreground, so it is our child and stops with its process group
  const child = spawnLogged('haproxy', ['-db', '-f', config], log);
  child.once('error', () => {});
  try {
    await waitUntil('haproxy', child, 10_000, () => portOpen(port));
  } catch (error) {
    await stopGroup(child, 1_000);
    throw new Error(`${String(error)} (Debian's haproxy; its log ends:)\n${logTail(log)}`, { cause: error });
  }
  return child;
}
