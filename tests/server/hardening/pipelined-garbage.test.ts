// Issue 40 item 7: a valid request followed on the same connection by bytes Node's parser refuses
// (a pipelined request with oversized headers, or a GET with an unframed body) lost its answer:
// the socket closed with nothing sent. Now the valid request is answered, then the refusal, then
// the connection closes.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers.ts';

let s: TestServer;
let port: number;
beforeAll(async () => {
  s = await startServer({ scheduler: false });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as { port: number }).port;
});
afterAll(() => s.app.close());

/** Writes `bytes` at once on a fresh connection; resolves with everything the server sent before it closed. */
function send(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no close; got: ${received.slice(0, 300)}`)));
  });
}

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
const SITE = 'GET /api/base/site HTTP/1.1\r\nHost: 127.0.0.1\r\n';

describe('a valid request with garbage after it on the same connection', () => {
  it('a pipelined request with oversized headers: the first is answered, then 431, then the close', async () => {
    const text = await send(`${SITE}\r\n${SITE}X-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(statuses(text)).toEqual([200, 431]);
    expect(text).toContain('"code":0');
  });

  it('two valid requests before the oversized one are both answered', async () => {
    const text = await send(`${SITE}\r\n${SITE}\r\n${SITE}X-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(statuses(text)).toEqual([200, 200, 431]);
  });

  it('a GET with a body and no length: the GET is answered, the body is refused as a bad request', async () => {
    const text = await send(`${SITE}\r\n{"not":"a request"}\r\n\r\n`);
    expect(statuses(text)).toEqual([200, 400]);
    expect(text).toContain('"code":0');
  });
});
