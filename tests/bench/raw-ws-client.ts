// A minimal websocket client for load generators: the handshake and RFC 6455 framing over a bare
// TCP socket, unfragmented messages only, no extensions. Thousands of these in one process cost
// far less CPU than ws clients (no stream per socket, no event per frame part), so on a machine
// whose cores the server shares they take less of the time being measured.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface RawClient {
  send(text: string): void;
  close(): void;
}

/** `text` as a masked client text frame (clients must mask, RFC 6455 §5.3). */
function maskedText(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const headerLength = n < 126 ? 2 : 4;
  const out = Buffer.allocUnsafe(headerLength + 4 + n);
  out[0] = 0x81;
  if (n < 126) out[1] = 0x80 | n;
  else {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(n, 2);
  }
  const mask = randomBytes(4);
  mask.copy(out, headerLength);
  for (let i = 0; i < n; i++) out[headerLength + 4 + i] = payload[i] ^ mask[i & 3];
  return out;
}

/** The messages complete at the start of `buffer` passed to `onMessage`; answers the unread rest. */
function readFrames(buffer: Buffer, onMessage: (payload: Buffer) => void): Buffer {
  let at = 0;
  while (buffer.length - at >= 2) {
    const short = buffer[at + 1] & 0x7f;
    const headerLength = short < 126 ? 2 : short === 126 ? 4 : 10;
    if (buffer.length - at < headerLength) break;
    const length = short < 126 ? short : short === 126 ? buffer.readUInt16BE(at + 2) : Number(buffer.readBigUInt64BE(at + 2));
    if (buffer.length - at < headerLength + length) break;
    onMessage(buffer.subarray(at + headerLength, at + headerLength + length));
    at += headerLength + length;
  }
  return at === buffer.length ? Buffer.alloc(0) : buffer.subarray(at);
}

/** Connects to ws://host:port/path; resolves once the server has accepted the upgrade. */
export function rawWebSocket(host: string, port: number, path: string, onMessage: (payload: Buffer, client: RawClient) => void): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, host);
    socket.setNoDelay(true);
    const client: RawClient = { send: (text) => socket.write(maskedText(text)), close: () => socket.destroy() };
    let pending: Buffer = Buffer.alloc(0);
    let open = false;
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      if (!open) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!pending.subarray(0, 12).toString().startsWith('HTTP/1.1 101')) return reject(new Error(pending.subarray(0, end).toString()));
        open = true;
        pending = pending.subarray(end + 4);
        resolve(client);
      }
      pending = readFrames(pending, (payload) => onMessage(payload, client));
    });
  });
}
