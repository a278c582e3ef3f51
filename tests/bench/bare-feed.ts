// The floor the fan-out bench compares the feed with: a bare websocket server (Node's http and
// net, the handshake by hand) that once a second gzips one frame like the feed's detail tick and
// writes it to every connected socket in a plain loop. No hub, no topics, no pings, no checks of
// slow readers, no market: what is left is what any Node server pays to put one frame on 5,000
// loopback sockets, and what the clients pay to read them.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { binaryMessage } from '../../server/platform/feed/wire.ts';

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** A server the fan-out bench's clients connect to: this bare one, or the app (feed-fanout.ts) */
export interface PushServer {
  port: number;
  /** Each push round's wall time in ms, since the last call */
  takeRounds(): number[];
  close(): Promise<void>;
}

/** A frame shaped like market.btcusdt.detail's (the fields a detail tick carries). */
function detailFrame(ts: number): Buffer {
  const price = 60_000 + (ts % 1000);
  const tick = {
    id: Math.floor(ts / 1000),
    open: price - 120,
    close: price,
    low: price - 300,
    high: price + 250,
    amount: 1234.5678,
    vol: 74_000_000.12,
    count: 98_765,
  };
  return binaryMessage(gzipSync(JSON.stringify({ ch: 'market.btcusdt.detail', ts, tick })));
}

export async function startBareFeed(): Promise<PushServer> {
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => res.writeHead(426).end());
  server.on('upgrade', (req, socket: Socket) => {
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}${WEBSOCKET_GUID}`).digest('base64');
    socket.setNoDelay(true);
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    socket.on('data', () => {}); // subscriptions and pongs: read and dropped
    socket.on('error', () => sockets.delete(socket));
    socket.on('close', () => sockets.delete(socket));
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const rounds: number[] = [];
  const timer = setInterval(() => {
    const started = performance.now();
    const frame = detailFrame(Date.now());
    for (const socket of sockets) socket.write(frame);
    rounds.push(performance.now() - started);
  }, 1000);
  return {
    port: address.port,
    takeRounds: () => rounds.splice(0),
    close: async () => {
      clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
