// A push frame goes to thousands of clients each tick. ws's send() frames it again for every
// client and writes header and payload as two buffers (a writev); instead the message is framed
// once (RFC 6455 §5.2: FIN, binary opcode, unmasked as a server's frames are) and the same bytes
// are written to each client's TCP socket. Valid because the feed's websockets have no
// extension (perMessageDeflate is off in registerFeed), so a message is exactly header + payload,
// and every write to the socket is synchronous, so frames never interleave.
import type { WebSocket } from 'ws';

/** `payload` as one unfragmented binary websocket message from a server. */
export function binaryMessage(payload: Buffer): Buffer {
  const n = payload.length;
  const headerLength = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(headerLength + n);
  out[0] = 0x82;
  if (n < 126) out[1] = n;
  else if (n < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(out, headerLength);
  return out;
}

interface Writable {
  write(chunk: Buffer): boolean;
}

/** The TCP socket under a ws connection (not public API), if it can be written to. */
export function tcpSocket(socket: WebSocket): Writable | undefined {
  const raw = (socket as unknown as { _socket?: Partial<Writable> })._socket;
  return raw && typeof raw.write === 'function' ? (raw as Writable) : undefined;
}
