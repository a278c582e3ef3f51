// Clean shutdown (issue 10, item 8): `npm start`'s server (server/composition/start.ts) in its own process,
// API only, on a free port and a temp DATA_DIR. SIGTERM (and SIGINT) while a request is in
// flight and a websocket is open: the request still gets its answer, the websocket is closed
// with 1001 "going away", the process exits 0 soon and the port is free afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_GOING_AWAY } from '../../server/platform/feed/index.ts';
import { ROOT, tempDir } from './helpers.ts';
import { freePort } from '../../scripts/cluster/processes.ts';

const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** Whether a new server can listen on the port now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = createServer();
    s.once('error', () => ok(false));
    s.listen(port, '127.0.0.1', () => s.close(() => ok(true)));
  });
}

const within = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([p, new Promise<T>((_, fail) => setTimeout(() => fail(new Error(`${what}: not within ${ms} ms`)), ms))]);

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'server/composition/start.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: tempDir('coinapp-shutdown-'), PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => child.on('exit', (code, signal) => ok({ code, signal })));
  const up = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/base/site`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  // a start beside the browser, PostgreSQL and cluster suites on two cores can take long; what is tested is the shutdown
  await within(up, 60_000, `server start (${out})`);
  return { child, port, output: () => out, exited };
}

/** A POST whose body is only half sent: the request is in flight until `finish()` sends the rest. */
function halfSentPost(port: number): Promise<{ finish: () => void; response: Promise<string> }> {
  return new Promise((ok, fail) => {
    const body = '{"from":1}';
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/base/tradelist HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 4)}`,
      );
      let text = '';
      socket.setEncoding('utf8').on('data', (d: string) => (text += d));
      const response = new Promise<string>((done) => socket.on('close', () => done(text)));
      ok({ finish: () => socket.write(body.slice(4)), response });
    });
    socket.once('error', fail);
  });
}

describe('clean shutdown of npm start (server/composition/start.ts)', () => {
  it('SIGTERM: the in-flight request is answered, websockets get 1001, exit 0, the port is free', { timeout: 90_000 }, async () => {
    const s = await startServer();
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`);
    await within(new Promise((ok, fail) => ws.once('open', ok).once('error', fail)), 5000, 'websocket open');
    ws.on('message', (d: Buffer) => {
      const f = JSON.parse(gunzipSync(d).toString('utf8'));
      if (typeof f.ping === 'number') ws.send(JSON.stringify({ pong: f.ping }));
    });
    const wsClosed = new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
    const post = await halfSentPost(s.port);
    await new Promise((r) => setTimeout(r, 200));

    const sent = Date.now();
    s.child.kill('SIGTERM');
    expect(await within(wsClosed, 5000, 'websocket close')).toBe(CLOSE_GOING_AWAY);
    // the server is closing and still waits for the request it has
    await new Promise((r) => setTimeout(r, 300));
    expect(s.child.exitCode).toBeNull();
    post.finish();
    const response = await within(post.response, 5000, 'in-flight response');
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 0 });

    const exit = await within(s.exited, 10_000, `exit after SIGTERM (${s.output()})`);
    expect(exit, s.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - sent).toBeLessThan(10_000);
    expect(s.output()).toContain('SIGTERM: closing');
    expect(await canListen(s.port)).toBe(true);
  });

  it('SIGINT while idle: exit 0 at once and the port is free', { timeout: 80_000 }, async () => {
    const s = await startServer();
    const sent = Date.now();
    s.child.kill('SIGINT');
    const exit = await within(s.exited, 10_000, `exit after SIGINT (${s.output()})`);
    expect(exit, s.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(await canListen(s.port)).toBe(true);
  });
});
