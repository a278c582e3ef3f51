// Frame decoding: the server sends gzip-compressed JSON as binary frames; plain-text (and
// uncompressed binary) JSON frames are accepted too.
// Only pako's zlib inflate engine, driven the way pako's inflate() drives it: the package
// entry also carries deflate (7 KB gz more on every page), and its inflate wrapper adds string
// output, gzip header objects, dictionaries and error texts that frames never use (1.6 KB gz).
import zlib from 'pako/lib/zlib/inflate.js';
import ZStream from 'pako/lib/zlib/zstream.js';

const Z_OK = 0;
const Z_STREAM_END = 1;
const Z_BUF_ERROR = -5;
const Z_NO_FLUSH = 0;
/** A 15-bit window, +32: a gzip or a zlib header, detected (what pako.inflate uses). */
const WINDOW_BITS = 15 + 32;
const CHUNK_SIZE = 64 * 1024;

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

/** A whole gzip or zlib stream inflated (gzip members that follow are read on, as pako does); throws on corrupt or truncated data. */
function inflate(input: Uint8Array): Uint8Array {
  const strm = new ZStream();
  if (zlib.inflateInit2(strm, WINDOW_BITS) !== Z_OK) throw new Error('inflate: init failed');
  strm.input = input;
  strm.next_in = 0;
  strm.avail_in = input.length;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    strm.output = new Uint8Array(CHUNK_SIZE);
    strm.next_out = 0;
    strm.avail_out = CHUNK_SIZE;
    let status = zlib.inflate(strm, Z_NO_FLUSH);
    while (status === Z_STREAM_END && strm.avail_in > 0 && strm.state.wrap & 2 && strm.state.flags !== 0 && input[strm.next_in] !== 0) {
      zlib.inflateReset(strm);
      status = zlib.inflate(strm, Z_NO_FLUSH);
    }
    if (strm.next_out > 0) {
      chunks.push(strm.output.subarray(0, strm.next_out));
      size += strm.next_out;
    }
    if (status === Z_STREAM_END) break;
    // only a full output buffer means "more to come"; anything else is an error or input that ends mid-stream
    if ((status !== Z_OK && status !== Z_BUF_ERROR) || strm.avail_out > 0) throw new Error(strm.msg || 'inflate: truncated data');
  }
  zlib.inflateEnd(strm);
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
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
