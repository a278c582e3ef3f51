// Inflate (RFC 1951) for the feed's frames, with the gzip (RFC 1952) and zlib (RFC 1950) wrappers
// and their checksums: synchronous, like pako's, at a quarter of its bytes on every page (the
// home screen's prices come through it). A canonical Huffman decoder read bit by bit (as zlib's
// puff.c): frames are small, so tables built per block cost less than the code of faster ones.

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** The order a dynamic block's code-length code lengths come in. */
const CLEN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

const corrupt = (what: string) => new Error(`inflate: ${what}`);

interface Huffman {
  counts: Uint16Array;
  symbols: Uint16Array;
}

function huffman(lengths: ArrayLike<number>): Huffman {
  const counts = new Uint16Array(16);
  const symbols = new Uint16Array(lengths.length);
  for (let i = 0; i < lengths.length; i++) counts[lengths[i]]++;
  counts[0] = 0;
  const offsets = new Uint16Array(16);
  for (let len = 1; len < 15; len++) offsets[len + 1] = offsets[len] + counts[len];
  for (let i = 0; i < lengths.length; i++) if (lengths[i]) symbols[offsets[lengths[i]]++] = i;
  return { counts, symbols };
}

const fixedLengths = new Uint8Array(288).map((_, i) => (i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8));
let fixed: [Huffman, Huffman] | undefined;

class Reader {
  bit = 0;
  constructor(
    readonly input: Uint8Array,
    public at: number,
  ) {}

  bits(n: number): number {
    let value = 0;
    for (let i = 0; i < n; i++) {
      if (this.at >= this.input.length) throw corrupt('truncated data');
      value |= ((this.input[this.at] >> this.bit) & 1) << i;
      if (++this.bit === 8) {
        this.bit = 0;
        this.at++;
      }
    }
    return value;
  }

  decode({ counts, symbols }: Huffman): number {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len++) {
      code |= this.bits(1);
      const count = counts[len];
      if (code - count < first) return symbols[index + code - first];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw corrupt('invalid code');
  }

  byte(): number {
    if (this.at >= this.input.length) throw corrupt('truncated data');
    return this.input[this.at++];
  }
}

class Output {
  bytes = new Uint8Array(1024);
  length = 0;

  room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  push(b: number): void {
    this.room(1);
    this.bytes[this.length++] = b;
  }
}

function dynamicTables(r: Reader): [Huffman, Huffman] {
  const nlen = r.bits(5) + 257;
  const ndist = r.bits(5) + 1;
  const ncode = r.bits(4) + 4;
  const clen = new Uint8Array(19);
  for (let i = 0; i < ncode; i++) clen[CLEN_ORDER[i]] = r.bits(3);
  const codes = huffman(clen);
  const lengths = new Uint8Array(nlen + ndist);
  for (let i = 0; i < nlen + ndist;) {
    const sym = r.decode(codes);
    if (sym < 16) {
      lengths[i++] = sym;
      continue;
    }
    if (sym === 16 && i === 0) throw corrupt('repeat with no length');
    const value = sym === 16 ? lengths[i - 1] : 0;
    const times = sym === 16 ? 3 + r.bits(2) : sym === 17 ? 3 + r.bits(3) : 11 + r.bits(7);
    if (i + times > nlen + ndist) throw corrupt('too many lengths');
    lengths.fill(value, i, i + times);
    i += times;
  }
  return [huffman(lengths.subarray(0, nlen)), huffman(lengths.subarray(nlen))];
}

/** The raw deflate stream at `r`, appended to `out`; `r` ends on the byte after it. */
function inflateRaw(r: Reader, out: Output): void {
  let last = 0;
  while (!last) {
    last = r.bits(1);
    const type = r.bits(2);
    if (type === 0) {
      if (r.bit) {
        r.bit = 0;
        r.at++;
      }
      const len = r.byte() | (r.byte() << 8);
      const nlen = r.byte() | (r.byte() << 8);
      if (len !== (~nlen & 0xffff)) throw corrupt('stored block length');
      if (r.at + len > r.input.length) throw corrupt('truncated data');
      out.room(len);
      out.bytes.set(r.input.subarray(r.at, r.at + len), out.length);
      out.length += len;
      r.at += len;
      continue;
    }
    if (type === 3) throw corrupt('invalid block type');
    const [lit, dist] = type === 1 ? (fixed ??= [huffman(fixedLengths), huffman(new Uint8Array(30).fill(5))]) : dynamicTables(r);
    for (;;) {
      const sym = r.decode(lit);
      if (sym < 256) out.push(sym);
      else if (sym === 256) break;
      else {
        const l = sym - 257;
        if (l >= 29) throw corrupt('invalid length');
        const len = LENGTH_BASE[l] + r.bits(LENGTH_EXTRA[l]);
        const d = r.decode(dist);
        if (d >= 30) throw corrupt('invalid distance');
        const back = DIST_BASE[d] + r.bits(DIST_EXTRA[d]);
        if (back > out.length) throw corrupt('distance too far back');
        out.room(len);
        for (let i = 0; i < len; i++) out.bytes[out.length] = out.bytes[out.length++ - back];
      }
    }
  }
  if (r.bit) {
    r.bit = 0;
    r.at++;
  }
}

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  crcTable ??= new Uint32Array(256).map((_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  let crc = ~0;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return ~crc >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const word = (r: Reader, littleEndian: boolean) => {
  const b = [r.byte(), r.byte(), r.byte(), r.byte()];
  const [w, x, y, z] = littleEndian ? b.reverse() : b;
  return ((w << 24) | (x << 16) | (y << 8) | z) >>> 0;
};

/** One gzip member at `r` (header, deflate, CRC-32 and size checked). */
function gunzipMember(r: Reader, out: Output): void {
  if (r.byte() !== 0x1f || r.byte() !== 0x8b || r.byte() !== 8) throw corrupt('not a gzip member');
  const flags = r.byte();
  r.at += 6;
  if (flags & 4) r.at += 2 + (r.byte() | (r.byte() << 8));
  for (const bit of [8, 16]) if (flags & bit) while (r.byte() !== 0);
  if (flags & 2) r.at += 2;
  const start = out.length;
  inflateRaw(r, out);
  const member = out.bytes.subarray(start, out.length);
  if (word(r, true) !== crc32(member) || word(r, true) !== member.length >>> 0) throw corrupt('gzip check failed');
}

/** A whole gzip stream (members that follow one another read on, as pako reads them) or zlib stream inflated; throws on corrupt or truncated data. */
export function inflate(input: Uint8Array): Uint8Array {
  const r = new Reader(input, 0);
  const out = new Output();
  if (input[0] === 0x1f) {
    do gunzipMember(r, out);
    while (r.at < input.length && input[r.at] !== 0);
  } else {
    const cmf = r.byte();
    const flg = r.byte();
    if ((cmf & 15) !== 8 || ((cmf << 8) | flg) % 31 !== 0 || flg & 32) throw corrupt('not a zlib stream');
    inflateRaw(r, out);
    if (word(r, false) !== adler32(out.bytes.subarray(0, out.length))) throw corrupt('zlib check failed');
  }
  return out.bytes.subarray(0, out.length);
}
