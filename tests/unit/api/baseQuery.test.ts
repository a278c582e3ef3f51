// The client's reading of responses (spec §7, §8) against a real HTTP server on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiContext, callApi } from '../../../src/api/baseQuery';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
let server: Server;
let root = '';
const seen: Seen[] = [];
const replies = new Map<string, { status: number; body: string; delayMs?: number }>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!.split('?')[0].replace('/api', '');
      const reply = replies.get(path) ?? { status: 200, body: JSON.stringify({ code: 0, msg: 'ok', data: { echo: true } }) };
      setTimeout(() => res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body), reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function context(overrides: Partial<ApiContext> = {}) {
  const log: string[] = [];
  const scheduled: { ms: number; fn: () => void }[] = [];
  const ctx: ApiContext = {
    apiRoot: root,
    getToken: () => 'tok123',
    getLang: () => 'jp',
    fetch: (...a) => fetch(...a),
    timeoutMs: 20000,
    schedule: (fn, ms) => scheduled.push({ fn, ms }),
    effects: {
      toast: (m) => log.push(`toast:${m}`),
      modal: (m) => log.push(`modal:${m}`),
      logout: () => log.push('logout'),
      openRealName: () => log.push('realName'),
      translate: (key, vars) => (key.startsWith('errors.') || key.startsWith('common.') ? `T(${key}${vars ? JSON.stringify(vars) : ''})` : undefined),
    },
    ...overrides,
  };
  const flush = () => {
    for (const s of scheduled.splice(0)) s.fn();
  };
  return { ctx, log, scheduled, flush };
}

const reply = (path: string, code: number, data: unknown = null, status = 200, msg = 'server says') =>
  replies.set(path, { status, body: JSON.stringify({ code, msg, data }) });

describe('api calls', () => {
  it('sends X-Token, lang and a JSON body to API root + /api', async () => {
    const { ctx } = context();
    const res = await callApi({ path: '/user_bank/createUser_bank', method: 'POST', body: { bankname: 'X' } }, ctx);
    expect(res).toEqual({ data: { echo: true } });
    const last = seen.at(-1)!;
    expect(last.url).toBe('/api/user_bank/createUser_bank');
    expect(last.headers['x-token']).toBe('tok123');
    expect(last.headers.lang).toBe('jp');
    expect(last.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last.body)).toEqual({ bankname: 'X' });
  });
  it('puts GET payloads in the query and omits the token on public calls', async () => {
    const { ctx } = context();
    await callApi({ path: '/base/article', method: 'GET', params: { page: 2, pageSize: 10, cate: undefined }, auth: false }, ctx);
    const last = seen.at(-1)!;
    expect(last.url).toBe('/api/base/article?page=2&pageSize=10');
    expect(last.headers['x-token']).toBeUndefined();
  });
  it('form-encodes uploads', async () => {
    const { ctx } = context();
    await callApi({ path: '/user/uploadBase64', method: 'POST', body: { base64Str: 'a+b=' }, form: true }, ctx);
    expect(seen.at(-1)!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen.at(-1)!.body).toBe('base64Str=a%2Bb%3D');
  });
  it('logs out on 4016 and 4017 and on code 7 with data.reload', async () => {
    for (const [code, data] of [
      [4016, null],
      [4017, null],
      [7, { reload: true }],
    ] as const) {
      reply('/x', code, data);
      const { ctx, log } = context();
      const res = await callApi({ path: '/x', method: 'GET' }, ctx);
      expect('error' in res && res.error.code).toBe(code);
      expect(log[0]).toBe('logout');
    }
  });
  it('ends the session once when calls in flight together are all refused with 4016', async () => {
    reply('/x', 4016);
    let token: string | null = 'tok123';
    const { ctx, log } = context({ getToken: () => token });
    ctx.effects.logout = () => {
      log.push('logout');
      token = null;
    };
    await Promise.all([callApi({ path: '/x', method: 'GET' }, ctx), callApi({ path: '/x', method: 'GET' }, ctx)]);
    expect(log).toEqual(['logout', 'toast:T(errors.4016)']);
    // a screen's refetch sent after the session ended, without a token: nothing more is said
    await callApi({ path: '/x', method: 'GET' }, ctx);
    expect(log).toEqual(['logout', 'toast:T(errors.4016)']);
  });
  it('leaves every business refusal of a form screen (fieldErrors) to the form: no toast, no modal', async () => {
    for (const code of [4001, 4020, 7]) {
      reply('/x', code);
      const { ctx, log, scheduled } = context();
      const res = await callApi({ path: '/x', method: 'POST', body: {}, fieldErrors: { fields: ['num'], codes: [4020] } }, ctx);
      expect('error' in res && res.error.code).toBe(code);
      expect(log).toEqual([]);
      expect(scheduled).toEqual([]);
    }
  });
  it('shows 4025 at once and opens the real-name page after 800 ms', async () => {
    reply('/x', 4025);
    const { ctx, log, scheduled, flush } = context();
    await callApi({ path: '/x', method: 'POST', body: {} }, ctx);
    expect(log).toEqual(['toast:T(errors.4025)']);
    expect(scheduled.map((s) => s.ms)).toEqual([800]);
    flush();
    expect(log).toEqual(['toast:T(errors.4025)', 'realName']);
  });
  it('translates other 40xx codes into a toast after 1.2 s, or a modal with throwError', async () => {
    reply('/x', 4020);
    const a = context();
    const res = await callApi({ path: '/x', method: 'POST', body: {} }, a.ctx);
    expect(res).toEqual({ error: { kind: 'business', code: 4020, message: 'T(errors.4020)', data: null } });
    expect(a.log).toEqual([]);
    expect(a.scheduled.map((s) => s.ms)).toEqual([1200]);
    a.flush();
    expect(a.log).toEqual(['toast:T(errors.4020)']);

    const b = context();
    await callApi({ path: '/x', method: 'POST', body: {}, throwError: true }, b.ctx);
    expect(b.log).toEqual(['modal:T(errors.4020)']);
  });
  it('shows the server message for other codes', async () => {
    reply('/x', 7, null, 200, 'Enter a valid IBAN');
    const { ctx, log, flush } = context();
    const res = await callApi({ path: '/x', method: 'POST', body: {} }, ctx);
    expect('error' in res && res.error.message).toBe('Enter a valid IBAN');
    flush();
    expect(log).toEqual(['toast:Enter a valid IBAN']);
  });
  it('shows the message of a non-200 answer', async () => {
    reply('/x', 404, null, 404, 'No such endpoint');
    const { ctx, log } = context();
    const res = await callApi({ path: '/x', method: 'GET' }, ctx);
    expect(res).toEqual({ error: { kind: 'http', status: 404, message: 'No such endpoint' } });
    expect(log).toEqual(['toast:No such endpoint']);
    replies.set('/y', { status: 502, body: 'Bad gateway' });
    const second = context();
    await callApi({ path: '/y', method: 'GET' }, second.ctx);
    expect(second.log).toEqual(['toast:T(errors.http{"status":502})']);
  });
  it('rejects on network failure and on timeout', async () => {
    const down = context({ apiRoot: 'http://127.0.0.1:9' });
    const res = await callApi({ path: '/x', method: 'GET' }, down.ctx);
    expect('error' in res && res.error.kind).toBe('network');
    expect(down.log).toEqual(['toast:T(common.networkError)']);

    replies.set('/slow', { status: 200, body: '{"code":0,"data":1}', delayMs: 300 });
    const slow = context({ timeoutMs: 50 });
    const late = await callApi({ path: '/slow', method: 'GET' }, slow.ctx);
    expect('error' in late && late.error.kind).toBe('timeout');
  });
  it('shows none of a silent endpoint’s errors (spec §7 findMyUser_card), but still signs out on a session end', async () => {
    for (const [code, data] of [
      [4020, null],
      [7, null],
      [4025, null],
    ] as const) {
      reply('/quiet', code, data);
      const c = context();
      const res = await callApi({ path: '/quiet', method: 'GET', silent: true }, c.ctx);
      expect('error' in res && res.error.code).toBe(code);
      c.flush();
      expect(c.log, String(code)).toEqual([]);
    }
    replies.set('/quiet', { status: 502, body: 'Bad gateway' });
    const http = context();
    expect('error' in (await callApi({ path: '/quiet', method: 'GET', silent: true }, http.ctx))).toBe(true);
    expect(http.log).toEqual([]);
    const down = context({ apiRoot: 'http://127.0.0.1:9' });
    await callApi({ path: '/quiet', method: 'GET', silent: true }, down.ctx);
    expect(down.log).toEqual([]);
    reply('/quiet', 4016);
    const ended = context();
    await callApi({ path: '/quiet', method: 'GET', silent: true }, ended.ctx);
    expect(ended.log).toEqual(['logout']);
  });
  it('the identity record is read silently (real-name-status.json silentErrors)', async () => {
    const { endpoint } = await import('../../../schemas/screens/real-name-status.json').then((m) => m.default);
    expect(endpoint).toMatchObject({ name: 'findMyUserCard', silentErrors: true });
  });
});
