// A client's message, taken from its queue (inbox.ts): decoded, then answered by its kind.
import { gunzipSync } from 'node:zlib';
import type { Client, Queued } from './client.ts';
import type { FeedCore } from './core.ts';
import { error, reply } from './delivery.ts';
import type { Json } from './frames.ts';
import { onReq, onSub, onUnsub } from './topic-requests.ts';

/** Answers one message; a failure while answering is an internal error to the client, not the server's. */
export function handleMessage(core: FeedCore, client: Client, message: Queued): void {
  try {
    dispatch(core, client, message);
  } catch {
    error(core, client, 'internal error');
  }
}

function toBuffer(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]);
  return Buffer.from(data as ArrayBuffer);
}

/** Clients send text; a gzipped binary frame is accepted too. */
function decode(buffer: Buffer, isBinary: boolean, maxMessageBytes: number): unknown {
  const gzipped = isBinary && buffer[0] === 0x1f && buffer[1] === 0x8b;
  const text = gzipped ? gunzipSync(buffer, { maxOutputLength: maxMessageBytes }).toString('utf8') : buffer.toString('utf8');
  return JSON.parse(text);
}

function dispatch(core: FeedCore, client: Client, { data, isBinary, limited }: Queued): void {
  const buffer = toBuffer(data);
  let message: unknown;
  try {
    message = decode(buffer, isBinary, core.options.maxMessageBytes);
  } catch {
    if (limited) tooManyRequests(core, client, undefined);
    else error(core, client, 'invalid json');
    return;
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    error(core, client, 'invalid request');
    return;
  }
  // any frame from the client shows it is there: a client that sends its own pings (the spec's,
  // every 5 s) and never answers ours must not lose the feed
  client.pending = [];
  const m = message as Json;
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
  if (limited) return tooManyRequests(core, client, id);
  if ('pong' in m) return onPong(core, client, m.pong);
  if ('ping' in m) return onPing(core, client, m.ping);
  if ('sub' in m) return onSub(core, client, m.sub, id);
  if ('unsub' in m) return onUnsub(core, client, m.unsub, id);
  if ('req' in m) return onReq(core, client, m, id);
  error(core, client, 'invalid request', id);
}

function tooManyRequests(core: FeedCore, client: Client, id: unknown): void {
  const { messagesPerSecond, messageBurst } = core.options;
  error(core, client, `too many requests: at most ${messagesPerSecond} messages per second (bursts of ${messageBurst})`, id, 'too-many-requests');
}

function onPong(core: FeedCore, client: Client, ts: unknown): void {
  // the frame itself already counted (dispatch); a pong is otherwise only checked
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return error(core, client, 'invalid pong');
}

function onPing(core: FeedCore, client: Client, ts: unknown): void {
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return error(core, client, 'invalid ping');
  reply(core, client, { pong: ts });
}
