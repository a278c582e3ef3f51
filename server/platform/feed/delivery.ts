// Sending to a client: a client too slow to read what it was sent is closed instead.
import type { Client } from './client.ts';
import { detach } from './connections.ts';
import type { FeedCore } from './core.ts';
import { encode, type Json } from './frames.ts';
import { tcpSocket } from './wire.ts';
import { CLOSE_TOO_SLOW, type FeedErrorCode } from '../../../contract/feed-protocol.ts';

/** Whether the client can take more now; one too slow to read what it was sent is closed. */
function writable(core: FeedCore, client: Client): boolean {
  const { socket } = client;
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount <= core.options.maxBufferedBytes) return true;
  socket.close(CLOSE_TOO_SLOW, 'too slow');
  detach(core, client);
  return false;
}

export function send(core: FeedCore, client: Client, frame: Buffer): void {
  if (writable(core, client)) client.socket.send(frame, { binary: true });
}

/** Writes websocket messages framed by binaryMessage (wire.ts; one write for the client's whole round). */
export function sendFramed(core: FeedCore, client: Client, messages: Buffer): void {
  if (writable(core, client)) tcpSocket(client.socket)?.write(messages);
}

export function reply(core: FeedCore, client: Client, message: Json): void {
  send(core, client, encode(message));
}

/** The error frame `{id?, status, err-code, err-msg, ts}`. */
export function error(core: FeedCore, client: Client, msg: string, id?: unknown, code: FeedErrorCode = 'bad-request'): void {
  const out: Json = {};
  if (id !== undefined) out.id = id;
  Object.assign(out, { status: 'error', 'err-code': code, 'err-msg': msg, ts: core.now() });
  reply(core, client, out);
}
