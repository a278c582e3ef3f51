// A connection's life: taken under its IP's cap (or refused), detached when it closes, closed by
// the server with a grace period for the close handshake.
import type { WebSocket } from 'ws';
import { type Client, newClient } from './client.ts';
import type { FeedCore } from './core.ts';
import { CLOSE_GRACE_MS } from './options.ts';
import { CLOSE_GOING_AWAY, CLOSE_TOO_MANY_CONNECTIONS } from '../../../contract/feed-protocol.ts';

/** Takes over a new connection from `ip`; closes it at once when the IP holds too many or the server is shutting down. */
export function attach(core: FeedCore, socket: WebSocket, ip: string): void {
  if (core.shuttingDown) {
    socket.close(CLOSE_GOING_AWAY, 'server shutting down');
    return;
  }
  const admitted = core.caps.admit(ip, core.options.maxConnectionsPerIp);
  if (admitted === false) {
    socket.close(CLOSE_TOO_MANY_CONNECTIONS, 'too many connections');
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    return;
  }
  const client = newClient(socket, ip, core.options.messageBurst, admitted);
  core.clients.add(client);
  socket.on('message', (data, isBinary) => {
    if (!core.shuttingDown) core.inbox.receive(client, data, isBinary);
  });
  socket.on('close', () => detach(core, client));
  socket.on('error', () => socket.terminate());
  if (admitted !== true) void admitted.then((ok) => onAdmission(core, client, ok));
}

/** The shared count answered: the client's waiting messages are handled, or it is closed as one too many. */
function onAdmission(core: FeedCore, client: Client, ok: boolean): void {
  // gone already: detach() releases its place once counted
  if (!core.clients.has(client)) return;
  client.admitted = ok;
  if (!ok) return disconnect(core, client, CLOSE_TOO_MANY_CONNECTIONS, 'too many connections');
  core.inbox.wake(client);
}

function release(core: FeedCore, client: Client): void {
  const { admitted } = client;
  if (admitted === true) core.caps.release(client.ip);
  else if (admitted !== false) void admitted.then((ok) => ok && core.caps.release(client.ip));
}

/** Forgets a client whose connection ended: its place under the cap, its topics and its queue. */
export function detach(core: FeedCore, client: Client): void {
  if (core.clients.delete(client)) release(core, client);
  core.subscriptions.removeClient(client);
  client.queue = [];
  core.inbox.forget(client);
}

/** Closes a client from the server side: its queue is dropped and it is cut off if it does not answer the close. */
export function disconnect(core: FeedCore, client: Client, code: number, reason: string): void {
  client.closing = true;
  const { socket } = client;
  socket.close(code, reason);
  detach(core, client);
  setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
}
