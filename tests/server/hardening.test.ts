// Issue 20: what probing the server as an attacker broke, each checked here against a real
// server. Bodies of any depth, calling codes the app does not offer, request lines over Node's
// header limit, unexpected errors, undeclared query fields, other charsets, caching of customer
// data, and proxies: every answer is in the envelope, translated, and writes nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, loadScreens } from '../../contract/loader.ts';
import type { ScreenFile } from '../../contract/screen.ts';
import type { HandlerTable } from '../../server/platform/http/handler.ts';
import { MAX_DEPTH } from '../../server/platform/http/body.ts';
import { routesOf } from '../../server/platform/http/endpoints.ts';
import { Validator } from '../../server/platform/http/validation.ts';
import { loadedFixture } from '../fixtures/transfer-demo.ts';
import { call, count, login, type Loose, msg, newCaptcha, RELAXED, ROOT, startServer, type TestServer } from './helpers.ts';
import { ResultCode } from '../../contract/result-codes.ts';

const routes = routesOf(loadScreens(), new Validator(), {
  coins: loadConfig<{ coins: { coin: string }[] }>('coins').coins.map((c) => c.coin),
  pairs: loadConfig<{ markets: { symbol: string }[] }>('markets').markets.map((m) => m.symbol),
});

const boom: ScreenFile = {
  id: 'boom-demo',
  kind: 'action',
  endpoint: { name: 'boom', method: 'POST', path: '/test/boom' },
  payload: { title: 'BoomPayload', type: 'object', additionalProperties: false, properties: { password: { type: 'string' }, note: { type: 'string' } } },
};

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let s: TestServer;
let token: string;
beforeAll(async () => {
  const handlers = {
    boom: async () => {
      throw new Error('the database said no');
    },
  } as unknown as HandlerTable;
  s = await startServer({ extra: { screens: [loadedFixture(boom)], handlers }, logStream });
  token = (await login(s.app, 'demo@coinapp.test', 'demo123456')).data.token;
});
afterAll(() => s.app.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

async function rawPost(app: FastifyInstance, path: string, payload: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: `/api${path}`, payload, headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Loose };
}

describe('bodies of any depth', () => {
  it('refuses a 3000-deep body without an account: 400 in the envelope, translated, nothing sent', async () => {
    const before = await count(s.app, 'outbox');
    const r = await rawPost(s.app, '/base/emailCode', nested(3000), { lang: 'de' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 7, msg: msg('de', 'errors.tooDeep', { max: MAX_DEPTH }), data: null });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(await count(s.app, 'outbox')).toBe(before);
  });

  it('answers every operation that takes a body below 500 for deep bodies and deep strings, with a valid session', async () => {
    const withBody = routes.filter((r) => r.method !== 'GET');
    expect(withBody.length).toBeGreaterThan(30);
    for (const route of withBody) {
      const url = `/api${route.path}`;
      for (const payload of [nested(3000), `{"a":${nested(5000)}}`, `{"email":"${'x'.repeat(100_000)}"}`]) {
        const res = await s.app.inject({ method: route.method, url, payload, headers: { 'content-type': 'application/json', 'x-token': token } });
        expect(res.statusCode, `${route.method} ${route.path}`).toBeLessThan(500);
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'data', 'msg']);
      }
    }
  });

  it(`still reads a body ${MAX_DEPTH} deep (and refuses it for what it says, not for its depth)`, async () => {
    const r = await rawPost(s.app, '/base/emailCode', `{"email":${nested(MAX_DEPTH - 1)}}`);
    expect(r.status).toBe(200);
    // an array is no e-mail address: the catalogue's 4003
    expect(r.body.code).toBe(ResultCode.badEmail);
    expect(r.body.msg).not.toBe(msg(undefined, 'errors.tooDeep', { max: MAX_DEPTH }));
  });

  it('refuses a body in another charset than UTF-8 (415), and reads a UTF-8 one', async () => {
    const before = await count(s.app, 'outbox');
    const r = await rawPost(s.app, '/base/emailCode', '{"email":"charset@coinapp.test"}', { 'content-type': 'application/json; charset=utf-16', lang: 'ru' });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ code: 7, msg: msg('ru', 'errors.unsupportedCharset'), data: null });
    expect(await count(s.app, 'outbox')).toBe(before);
    const utf8 = await rawPost(s.app, '/base/emailCode', '{"email":"charset@coinapp.test"}', { 'content-type': 'application/json; charset="UTF-8"' });
    expect(utf8.body.code).toBe(0);
  });
});

describe('calling codes', () => {
  const codes = ['+5', '+0', '+9', '+999', '+1234'];

  it('refuses a code the app does not offer on every phone operation, naming it, and sends nothing', async () => {
    const before = await count(s.app, 'outbox');
    const users = await count(s.app, 'users');
    for (const countryCode of codes) {
      const cap = await newCaptcha(s.app);
      const bodies: [string, unknown][] = [
        ['/base/phoneCode', { phone: '13800138001', countryCode }],
        ['/base/resetPwdByPhone', { phone: '13800138001', countryCode, smsCode: '123456', passWord: 'New-secret-123', ...cap }],
        ['/base/registerUser', { phone: '13800138001', countryCode, smsCode: '123456', passWord: 'New-secret-123', invitationCode: 'DEMO88', ...cap }],
      ];
      for (const [path, body] of bodies) {
        const r = await call(s.app, 'POST', path, { body, lang: 'ja' });
        expect(r, `${path} ${countryCode}`).toMatchObject({ status: 200, code: 7, msg: msg('ja', 'checks.countryCodeNotOffered', { code: countryCode }), data: { field: 'countryCode' } });
      }
    }
    expect(await count(s.app, 'outbox')).toBe(before);
    expect(await count(s.app, 'users')).toBe(users);
  });

  it('still sends a code to every calling code the app offers', async () => {
    const offered = loadConfig<{ dial: string }[]>('country-codes').map((c) => c.dial);
    const r = await call(s.app, 'POST', '/base/phoneCode', { body: { phone: '7400123456', countryCode: '+44' } });
    expect(r.code, r.msg).toBe(0);
    expect(offered).toContain('+44');
  });
});

describe('request lines over Node’s header limit', () => {
  let port: number;
  let hsts: TestServer;
  beforeAll(async () => {
    hsts = await startServer({ security: { hsts: true } });
    await hsts.app.listen({ port: 0, host: '127.0.0.1' });
    port = (hsts.app.server.address() as { port: number }).port;
  });
  afterAll(() => hsts.app.close());

  /** Writes each request in turn on one connection; resolves with everything the server sent once it closes. */
  function exchange(requests: string[], waitFor: (received: string) => boolean): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      let next = 0;
      const send = () => socket.write(requests[next++]);
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (next < requests.length && waitFor(received)) send();
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.setTimeout(5000, () => socket.destroy(new Error(`no answer; got: ${received.slice(0, 200)}`)));
    });
  }

  const longLine = `GET /api/base/site?x=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

  function lastResponse(text: string) {
    const start = text.lastIndexOf('HTTP/1.1 ');
    const [head, body] = text.slice(start).split('\r\n\r\n');
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    return { status: Number(head.split(' ')[1]), headers, body: JSON.parse(body) as Loose };
  }

  it('answers a 20 KB URL on a fresh connection with 431 in the envelope and the security headers', async () => {
    const r = lastResponse(await exchange([longLine], () => false));
    expect(r.status).toBe(431);
    expect(r.body).toEqual({ code: 7, msg: msg(undefined, 'errors.headersTooLarge'), data: null });
    expect(r.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(r.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers.connection).toBe('close');
  });

  it('answers it the same on a keep-alive connection that already served a request', async () => {
    const first = 'GET /api/base/site HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';
    const text = await exchange([first, longLine], (received) => /\r\n\r\n\{.*\}$/s.test(received));
    expect(text.startsWith('HTTP/1.1 200')).toBe(true);
    const r = lastResponse(text);
    expect(r.status).toBe(431);
    expect(r.body.msg).toBe(msg(undefined, 'errors.headersTooLarge'));
    expect(r.headers['strict-transport-security']).toMatch(/max-age=/);
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a request id that finds the log line, which holds neither the body nor a secret', async () => {
    logLines.length = 0;
    const r = await call(s.app, 'POST', '/test/boom', { token, body: { password: 'hunter2-secret', note: 'private note' }, lang: 'fr' });
    expect(r).toMatchObject({ status: 500, code: 500, msg: msg('fr', 'errors.internal') });
    expect(r.data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = logLines.map((l) => JSON.parse(l) as Loose).find((l) => l.reqId === r.data.requestId);
    expect(line).toMatchObject({ level: 50, msg: 'unhandled error', route: '/api/test/boom', err: { message: 'the database said no' } });
    const all = logLines.join('\n');
    expect(all).not.toContain('hunter2-secret');
    expect(all).not.toContain('private note');
    expect(all).not.toContain(token);
  });
});

describe('undeclared query fields and caching', () => {
  it('refuses a query field an endpoint does not declare, also on endpoints that take none', async () => {
    const userInfo = await call(s.app, 'GET', '/user/getUserInfo', { token, query: { admin: 1 }, lang: 'de' });
    expect(userInfo).toMatchObject({ code: 7, msg: msg('de', 'validation.unknownField'), data: { field: 'admin' } });
    const site = await call(s.app, 'GET', '/base/site', { query: { debug: 'true' } });
    expect(site).toMatchObject({ code: 7, data: { field: 'debug' } });
    expect((await call(s.app, 'GET', '/user/getUserInfo', { token })).code).toBe(0);
  });

  it('marks every authenticated answer no-store, success or error', async () => {
    const ok = await s.app.inject({ method: 'GET', url: '/api/user/getUserInfo', headers: { 'x-token': token } });
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await s.app.inject({ method: 'GET', url: '/api/user/getUserInfo' });
    expect(refused.json().code).toBe(4015);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('TRUSTED_PROXIES', () => {
  const tightLogin = { ...RELAXED, captcha: RELAXED.captcha, login: { max: 2, windowMs: 60_000 } };

  async function loginsAllowed(app: FastifyInstance, forwardedFor: string, socketAddress = '10.0.0.5'): Promise<number[]> {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const cap = await newCaptcha(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/base/login',
        remoteAddress: socketAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username: 'nobody@coinapp.test', password: 'wrong-password', ...cap },
      });
      codes.push(res.json().code);
    }
    return codes;
  }

  it('counts per client address from X-Forwarded-For only behind a configured proxy', async () => {
    const behind = await startServer({ rateLimits: tightLogin, security: { trustedProxies: ['10.0.0.0/8'] } });
    try {
      expect(await loginsAllowed(behind.app, '203.0.113.7')).toEqual([4002, 4002, 4024]);
      // another customer behind the same proxy is not held up by the first
      expect(await loginsAllowed(behind.app, '198.51.100.9')).toEqual([4002, 4002, 4024]);
      // from an address that is not a trusted proxy, the header is the sender's word and is ignored
      expect(await loginsAllowed(behind.app, '192.0.2.1', '172.16.0.1')).toEqual([4002, 4002, 4024]);
      expect(await loginsAllowed(behind.app, '192.0.2.2', '172.16.0.1')).toEqual([4024, 4024, 4024]);
    } finally {
      await behind.app.close();
    }
  });

  it('ignores X-Forwarded-For by default', async () => {
    const direct = await startServer({ rateLimits: tightLogin });
    try {
      expect(await loginsAllowed(direct.app, '203.0.113.7')).toEqual([4002, 4002, 4024]);
      expect(await loginsAllowed(direct.app, '198.51.100.9')).toEqual([4024, 4024, 4024]);
    } finally {
      await direct.app.close();
    }
  });

  it('refuses to start on a setting that is not an address or CIDR', async () => {
    const { securityConfig } = await import('../../server/core/config.ts');
    expect(securityConfig({ TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).trustedProxies).toEqual(['10.0.0.0/8', '::1']);
    expect(() => securityConfig({ TRUSTED_PROXIES: 'proxy.internal' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => securityConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
  });
});

// ---- a key left pending by a killed process ---------------------------------------------

interface Child {
  process: ChildProcess;
  port: number;
  token: string;
  events: Loose[];
}

function startCrashServer(dataDir: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${ROOT}/tests/fixtures/crash-server.ts`, dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const events: Loose[] = [];
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const event = JSON.parse(line) as Loose;
        events.push(event);
        if (event.port) resolve({ process: child, port: event.port, token: event.token, events });
      }
    });
    child.on('exit', (code) => reject(new Error(`crash server exited with ${code}`)));
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('an Idempotency-Key whose process was killed mid-request', () => {
  async function killMidRequest(write: boolean) {
    const dataDir = (await import('./helpers.ts')).tempDir();
    const child = await startCrashServer(dataDir);
    const sent = fetch(`http://127.0.0.1:${child.port}/api/test/hang`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': child.token, 'idempotency-key': 'crash-key-1' },
      body: JSON.stringify({ write }),
    }).catch((error: unknown) => error);
    await until(() => child.events.some((e) => (write ? e.written : e.running)), 'the handler');
    child.process.kill('SIGKILL');
    expect(await sent).toBeInstanceOf(Error);
    return { dataDir, token: child.token };
  }

  async function restart(dataDir: string, runs: unknown[], offsetMs: number) {
    const handlers = { hang: async (input: unknown) => (runs.push(input), { ran: runs.length }) } as unknown as HandlerTable;
    const { hangScreen } = await import('../fixtures/hang-screen.ts');
    return startServer({ dataDir, scheduler: false, extra: { screens: [hangScreen], handlers } }, { now: () => Date.now() + offsetMs, advance: () => {} });
  }

  const replay = (app: FastifyInstance, tokenOf: string, write: boolean) =>
    app.inject({ method: 'POST', url: '/api/test/hang', headers: { 'x-token': tokenOf, 'idempotency-key': 'crash-key-1' }, payload: { write } }).then((r) => r.json() as Loose);

  it('runs the replay once when nothing was written, once the client timeout has passed', async () => {
    const { dataDir, token: childToken } = await killMidRequest(false);
    const runs: unknown[] = [];
    const after = await restart(dataDir, runs, 21_000);
    try {
      expect(await replay(after.app, childToken, false)).toMatchObject({ code: 0, data: { ran: 1 } });
      expect(await replay(after.app, childToken, false)).toMatchObject({ code: 0, data: { ran: 1 } });
      expect(runs).toHaveLength(1);
    } finally {
      await after.app.close();
    }
  });

  it('never runs it again when the killed request had committed, and says so', async () => {
    const { dataDir, token: childToken } = await killMidRequest(true);
    const runs: unknown[] = [];
    const after = await restart(dataDir, runs, 21_000);
    try {
      const r = await replay(after.app, childToken, true);
      expect(r).toMatchObject({ code: 7, msg: msg(undefined, 'idempotency.alreadyDone') });
      expect(runs).toHaveLength(0);
      const written = await after.app.db.selectFrom('outbox').select('body').where('target', '=', 'crash@test').execute();
      expect(written).toHaveLength(1);
    } finally {
      await after.app.close();
    }
  });
});
