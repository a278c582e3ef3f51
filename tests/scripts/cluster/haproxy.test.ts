// The HAProxy configuration of `npm run cluster`: one frontend port, round robin over every
// instance with health checks (out after two failures a second apart, back after one success),
// websockets kept open, the client's address passed on, and a failed connection retried elsewhere.
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../../scripts/cluster/haproxy.ts';
import { HEALTH_PATH } from '../../../scripts/cluster/launch.ts';

describe('haproxyConfig', () => {
  const config = haproxyConfig(
    8080,
    [
      { id: 'i1', port: 41001 },
      { id: 'i2', port: 41002 },
    ],
    HEALTH_PATH,
  ).split('\n');
  const lines = config.map((l) => l.trim());

  it('listens on the one port and balances round robin over every instance, each health-checked', () => {
    expect(lines).toContain('bind 127.0.0.1:8080');
    expect(lines).toContain('balance roundrobin');
    expect(lines.filter((l) => l.startsWith('server '))).toEqual(['server i1 127.0.0.1:41001 check', 'server i2 127.0.0.1:41002 check']);
  });

  it('checks GET /api/health for 200 every second, out after 2 failures, back after 1 success', () => {
    expect(lines).toEqual(expect.arrayContaining(['option httpchk GET /api/health', 'http-check expect status 200', 'default-server inter 1s fall 2 rise 1']));
  });

  it('keeps websockets open, passes the client address on, and retries only failed connections on another instance', () => {
    expect(lines).toEqual(expect.arrayContaining(['timeout tunnel 1h', 'option forwardfor', 'retries 2', 'option redispatch 1']));
    expect(lines.some((l) => l.startsWith('retry-on'))).toBe(false);
  });
});
