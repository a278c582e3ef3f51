// Frame decoding: the server sends gzip-compressed JSON as binary frames; plain-text (and
// uncompressed binary) JSON frames are accepted too.
import { inflate } from './inflate';

const utf8 = new TextDecoder();

function bytesOf(data: ArrayBuffer | ArrayBufferView): Uint8Array {
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** True for a gzip (1f 8b) or zlib (78 xx) header. */
function isCompressed(b: Uint8Array): boolean {
  if (b.length < 2) return false;
  if (b[0] === 0x1f && b[1] === 0x8b) return true;
  return b[0] === 0x78 && ((b[0] << 8) | b[1]) % 31 === 0;
}

/** Decodes a binary frame's bytes to its JSON text. */
export function frameText(data: ArrayBuffer | ArrayBufferView): string {
  const bytes = bytesOf(data);
  return utf8.decode(isCompressed(bytes) ? inflate(bytes) : bytes);
}

/**
 * Decodes one websocket message payload (string, ArrayBuffer or a typed array) to the parsed
 * JSON value. Throws on malformed input; the caller decides what a bad frame means.
 */
export function decodeFrame(data: unknown): unknown {
  if (typeof data === 'string') return JSON.parse(data);
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return JSON.parse(frameText(data));
  throw new TypeError('unsupported frame type');
}
