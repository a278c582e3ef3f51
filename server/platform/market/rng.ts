// Seeded randomness for the simulator (no Math.random): per-market AES-CTR streams keyed
// by the secret seed, a string hash, and a stateless hash for values keyed by time (book sizes).
import { createCipheriv, createHash } from 'node:crypto';

type Cipheriv = ReturnType<typeof createCipheriv>;

/** 32-bit FNV-1a of a string mixed with a number seed. */
export function hashSeed(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // A couple of extra rounds so that close seeds give unrelated streams.
  h ^= Math.imul(seed | 0, 0x9e3779b1) >>> 0;
  return mix32(h);
}

/** Avalanche a 32-bit integer (murmur3 finaliser). */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1) from a few integers, without state (for order-book sizes). */
export function hashUnit(a: number, b: number, c: number): number {
  const h = mix32(mix32(mix32(a >>> 0) ^ (b >>> 0)) ^ (c >>> 0));
  return h / 4294967296;
}

/** Bytes of keystream generated at a time */
const CHUNK = 16 * 1024;

/**
 * The per-market random stream: AES-256-CTR keystream under a secret key (see streamKey), so
 * nothing short of the key predicts it, however many of its outputs are seen. Its state is
 * the byte offset into the stream, which restarts it exactly (the simulator's stored state).
 */
export class Rng {
  private readonly key: Buffer;
  private cipher!: Cipheriv;
  private buf: Buffer = Buffer.alloc(0);
  /** Stream offset of buf[0] */
  private base = 0;
  private pos = 0;
  private readonly zeros = Buffer.alloc(CHUNK);

  constructor(key: Buffer, offset = 0) {
    if (key.length !== 32) throw new Error('Rng: the key must be 32 bytes');
    if (!Number.isSafeInteger(offset) || offset < 0) throw new Error(`Rng: bad offset ${offset}`);
    this.key = key;
    this.seek(offset);
  }

  /** Bytes of the stream used so far: with the key, the whole state. */
  get offset(): number {
    return this.base + this.pos;
  }

  private seek(offset: number): void {
    const block = Math.floor(offset / 16);
    const iv = Buffer.alloc(16);
    iv.writeUIntBE(block, 10, 6);
    this.cipher = createCipheriv('aes-256-ctr', this.key, iv);
    this.base = block * 16;
    this.buf = this.cipher.update(this.zeros);
    this.pos = offset - this.base;
  }

  private u32(): number {
    if (this.pos + 4 > this.buf.length) {
      // offsets stay multiples of 4, and CHUNK of 16: the next chunk starts where this one ends
      this.base += this.buf.length;
      this.pos -= this.buf.length;
      this.buf = this.cipher.update(this.zeros);
    }
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }

  /** Uniform in [0, 1) */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform in (0, 1): safe for logarithms */
  open(): number {
    return (this.u32() + 0.5) / 4294967296;
  }

  /** Standard normal (Box–Muller; one value per call, so every call uses exactly two draws) */
  normal(): number {
    const u = this.open();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** The key of a market's stream: SHA-256 of the installation's secret seed and the symbol. */
export function streamKey(seed: number | string, symbol: string): Buffer {
  return createHash('sha256')
    .update(`coinapp-market\0${String(seed)}\0${symbol}`)
    .digest();
}
