// The server's pings: a client that leaves maxMissedPings of them unanswered is closed.
import { detach } from './connections.ts';
import type { FeedCore } from './core.ts';
import { sendFramed } from './delivery.ts';
import { encode } from './frames.ts';
import { binaryMessage } from './wire.ts';
import { CLOSE_PING_TIMEOUT } from '../../../contract/feed-protocol.ts';

/** A client closed for the ping timeout that does not finish the close handshake is cut off after this */
const PING_TIMEOUT_GRACE_MS = 5000;

/** Pings every client; closes those that left maxMissedPings pings unanswered. */
export function heartbeat(core: FeedCore): void {
  const ts = core.now();
  const message = binaryMessage(encode({ ping: ts }));
  for (const client of [...core.clients]) {
    if (client.pending.length >= core.options.maxMissedPings) {
      client.socket.close(CLOSE_PING_TIMEOUT, 'ping timeout');
      detach(core, client);
      const { socket } = client;
      setTimeout(() => socket.terminate(), PING_TIMEOUT_GRACE_MS).unref();
      continue;
    }
    client.pending.push(ts);
    sendFramed(core, client, message);
  }
}
