// Types for pako's zlib inflate engine and stream object (the package's types cover only its
// main entry). Only what src/feed/frame.ts uses.
declare module 'pako/lib/zlib/zstream.js' {
  class ZStream {
    input: Uint8Array | null;
    next_in: number;
    avail_in: number;
    output: Uint8Array | null;
    next_out: number;
    avail_out: number;
    msg: string;
    /** Set by inflateInit2: `wrap` bit 2 means a gzip header, `flags` its flag byte. */
    state: { wrap: number; flags: number };
  }
  export default ZStream;
}

declare module 'pako/lib/zlib/inflate.js' {
  import type ZStream from 'pako/lib/zlib/zstream.js';
  const zlibInflate: {
    inflateInit2(strm: ZStream, windowBits: number): number;
    inflate(strm: ZStream, flush: number): number;
    inflateReset(strm: ZStream): number;
    inflateEnd(strm: ZStream): number;
  };
  export default zlibInflate;
}
