// src/feed/inflate.ts against Node's zlib: every block type (stored, fixed, dynamic Huffman), long
// matches across 64 KB, the gzip and zlib wrappers, and checksums that catch a changed byte.
import { deflateSync, gzipSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflate } from '../../../src/feed/inflate';

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const text = (n: number) => Array.from({ length: n }, () => `{"p":"${(random() * 1e5).toFixed(2)}","s":"${'x'.repeat(Math.floor(random() * 30))}"}`).join(',');
/** Byte-equal (a deep equality over 200 KB is slow). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
const noise = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));

describe('inflate', () => {
  it('reads stored, fixed and dynamic blocks as zlib writes them, in gzip and zlib streams', () => {
    const inputs = [new Uint8Array(0), Buffer.from('a'), Buffer.from(text(5)), Buffer.from(text(4000)), noise(70_000)];
    for (const input of inputs) {
      for (const level of [0, 1, 9]) {
        expect(same(inflate(gzipSync(input, { level })), input)).toBe(true);
        expect(same(inflate(deflateSync(input, { level })), input)).toBe(true);
      }
      const fixedOnly = gzipSync(input, { strategy: constants.Z_FIXED });
      expect(same(inflate(fixedOnly), input)).toBe(true);
    }
  });

  it('refuses a changed byte, a wrong checksum and a stream cut short', () => {
    const z = gzipSync(text(200));
    for (const at of [12, z.length >> 1, z.length - 6, z.length - 2]) {
      const bad = Uint8Array.from(z);
      bad[at] ^= 0x55;
      expect(() => inflate(bad)).toThrow();
    }
    expect(() => inflate(z.subarray(0, z.length - 1))).toThrow();
    const d = deflateSync(text(200));
    const bad = Uint8Array.from(d);
    bad[d.length - 1] ^= 1;
    expect(() => inflate(bad)).toThrow(/check/);
  });
});
