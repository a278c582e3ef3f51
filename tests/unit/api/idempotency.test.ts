// The app sends a fresh Idempotency-Key per user action (issue 10): the generated mutation
// puts the action's key in the header (never the body), a retry of the same action after a
// timeout sends the same key, and the next action a new one. Against a real loopback server
// through the real store, api and base query.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureStore } from '@reduxjs/toolkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActionKey, outcomeUnknown } from '../../../src/api/actionKey';
import { api } from '../../../src/api/base';
import { callApi, configureApi } from '../../../src/api/baseQuery';
import { endpoint as spotBuy } from '../../../src/api/generated/screens/spot-buy';

interface Seen {
  method: string;
  key: string | undefined;
  body: string;
}
let server: Server;
let root = '';
const seen: Seen[] = [];
/** Milliseconds the server waits before answering the next requests (a slow network). */
const delays: number[] = [];
let code = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, key: req.headers['idempotency-key'] as string | undefined, body });
      const reply = JSON.stringify({ code, msg: code ? 'refused' : 'ok', data: code ? null : { ID: 1, status: 'filled' } });
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(reply), delays.shift() ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const noop = () => {};
  configureApi({ apiRoot: root, getToken: () => 'tok', timeoutMs: 200, schedule: noop, effects: { toast: noop, modal: noop, logout: noop, openRealName: noop, translate: () => undefined } });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  delays.length = 0;
  code = 0;
});

function store() {
  return configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (d) => d().concat(api.middleware) });
}

describe('Idempotency-Key', () => {
  it('callApi sends the key as a header of a POST, never for a GET or without a key', async () => {
    await callApi({ path: '/x', method: 'POST', body: { a: 1 }, idempotencyKey: 'k-1' });
    await callApi({ path: '/x', method: 'POST', body: { a: 1 } });
    await callApi({ path: '/x', method: 'GET', idempotencyKey: 'k-2' });
    expect(seen.map((s) => [s.method, s.key])).toEqual([
      ['POST', 'k-1'],
      ['POST', undefined],
      ['GET', undefined],
    ]);
  });

  it('a retried submit of one action sends the same key through the generated mutation; the next action a fresh one', async () => {
    const s = store();
    let n = 0;
    const action = createActionKey(() => `key-${++n}`);
    const order = { symbol: 'btcusdt', buytype: 'market' as const, musdt: '100' };
    const submit = async () => {
      const res = await s.dispatch(spotBuy.initiate({ ...order, idempotencyKey: action.keyFor(order) }));
      action.settle(res);
      return res;
    };

    delays.push(400); // longer than the 200 ms timeout: the outcome is unknown
    const first = await submit();
    expect('error' in first && first.error).toMatchObject({ kind: 'timeout' });
    const retry = await submit();
    expect('data' in retry && retry.data).toMatchObject({ ID: 1 });
    const next = await submit();
    expect('data' in next).toBe(true);

    expect(seen.map((x) => x.key)).toEqual(['key-1', 'key-1', 'key-2']);
    for (const x of seen) expect(JSON.parse(x.body)).toEqual(order); // the key is never in the body
  });

  it('a server answer ends the action, a changed payload is a new action, a double tap shares the key', () => {
    let n = 0;
    const action = createActionKey(() => `k${++n}`);
    const a = { musdt: '1' };
    expect(action.keyFor(a)).toBe('k1');
    expect(action.keyFor({ ...a })).toBe('k1'); // a double tap before the answer
    action.settle({ error: { kind: 'network', message: 'offline' } });
    expect(action.keyFor(a)).toBe('k1'); // retry of the same action
    action.settle({ error: { kind: 'business', code: 4020, message: 'no' } });
    expect(action.keyFor(a)).toBe('k2'); // the server answered: a new action
    expect(action.keyFor({ musdt: '2' })).toBe('k3'); // another payload
    action.settle({ data: {} });
    expect(action.keyFor({ musdt: '2' })).toBe('k4');
    expect(outcomeUnknown({ kind: 'http', status: 502 })).toBe(true);
    expect(outcomeUnknown({ kind: 'http', status: 404 })).toBe(false);
  });

  it('the default key is a fresh random UUID per action', () => {
    const action = createActionKey();
    const k1 = action.keyFor({ a: 1 });
    action.settle({ data: null });
    const k2 = action.keyFor({ a: 1 });
    expect(k1).toMatch(/^[0-9a-f-]{36}$/);
    expect(k2).not.toBe(k1);
  });
});
