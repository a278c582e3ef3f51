// Seeded randomness for the simulator (no Math.random): mulberry32 streams, a string
// hash to derive per-market seeds, and a stateless hash for values keyed by time.

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

/** A mulberry32 stream with uniform and standard-normal draws. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in (0, 1): safe for logarithms */
  open(): number {
    return (this.next() * 4294967295 + 0.5) / 4294967296;
  }

  /** Standard normal (Box–Muller; one value per call, so every call uses exactly two draws) */
  normal(): number {
    const u = this.open();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
