// The captcha picture: a PNG (raster, so its markup holds no digit shapes) of the digits drawn
// as thick strokes, each glyph jittered, rotated, skewed and scaled, on a tinted background
// with noise curves and speckles, then warped by two sine waves. Encoded with node:zlib.
import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** Stroke skeletons of the digits in a 10 x 16 box. */
// prettier-ignore
const GLYPHS: Record<string, [number, number][][]> = {
  '0': [[[5, 0], [9, 3], [9, 13], [5, 16], [1, 13], [1, 3], [5, 0]]],
  '1': [[[2, 4], [6, 0], [6, 16]], [[2, 16], [10, 16]]],
  '2': [[[1, 4], [3, 1], [7, 1], [9, 4], [8, 8], [1, 16], [9, 16]]],
  '3': [[[1, 1], [9, 1], [4, 7], [8, 8], [9, 12], [6, 16], [1, 15]]],
  '4': [[[7, 16], [7, 0], [1, 11], [10, 11]]],
  '5': [[[9, 0], [2, 0], [1, 7], [6, 6], [9, 10], [7, 15], [1, 15]]],
  '6': [[[8, 1], [3, 3], [1, 10], [3, 16], [8, 15], [9, 11], [6, 8], [1, 10]]],
  '7': [[[1, 0], [9, 0], [4, 16]]],
  '8': [[[5, 8], [1, 4], [5, 0], [9, 4], [5, 8], [1, 12], [5, 16], [9, 12], [5, 8]]],
  '9': [[[9, 6], [5, 9], [1, 6], [4, 0], [8, 1], [9, 6], [7, 16], [2, 15]]],
};

export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 64;

type Rgb = [number, number, number];

function rand(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

function tone(lo: number, hi: number): Rgb {
  return [randomInt(lo, hi), randomInt(lo, hi), randomInt(lo, hi)];
}

class Raster {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) this.pixels.set(background, i * 3);
  }

  /** Blends `color` into the pixel at (x, y) by `alpha` (0–1). */
  blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    const a = Math.min(1, alpha);
    for (let c = 0; c < 3; c++) this.pixels[i + c] = Math.round(this.pixels[i + c] * (1 - a) + color[c] * a);
  }

  /** A line of the given width with soft (anti-aliased) edges. */
  line(x0: number, y0: number, x1: number, y1: number, width: number, color: Rgb): void {
    const r = width / 2;
    const [minX, maxX] = [Math.floor(Math.min(x0, x1) - r - 1), Math.ceil(Math.max(x0, x1) + r + 1)];
    const [minY, maxY] = [Math.floor(Math.min(y0, y1) - r - 1), Math.ceil(Math.max(y0, y1) + r + 1)];
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len2 = dx * dx + dy * dy || 1;
    for (let y = Math.max(0, minY); y <= Math.min(this.height - 1, maxY); y++) {
      for (let x = Math.max(0, minX); x <= Math.min(this.width - 1, maxX); x++) {
        const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / len2));
        const d = Math.hypot(x - (x0 + t * dx), y - (y0 + t * dy));
        this.blend(x, y, color, r + 0.5 - d);
      }
    }
  }

  /** The picture moved by two sine waves (each pixel reads from a displaced source). */
  warped(background: Rgb): Raster {
    const out = new Raster(this.width, this.height, background);
    const [ax, px, fx] = [rand(2, 4), rand(0, Math.PI * 2), rand(14, 22)];
    const [ay, py, fy] = [rand(2, 3.5), rand(0, Math.PI * 2), rand(24, 40)];
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const sx = Math.round(x + ax * Math.sin(y / fx + px));
        const sy = Math.round(y + ay * Math.sin(x / fy + py));
        if (sx < 0 || sy < 0 || sx >= this.width || sy >= this.height) continue;
        out.pixels.set(this.pixels.subarray((sy * this.width + sx) * 3, (sy * this.width + sx) * 3 + 3), (y * this.width + x) * 3);
      }
    }
    return out;
  }
}

function curve(r: Raster, width: number, color: Rgb): void {
  const [x0, y0, cx, cy, x1, y1] = [
    rand(0, r.width * 0.2),
    rand(0, r.height),
    rand(r.width * 0.3, r.width * 0.7),
    rand(-r.height / 2, r.height * 1.5),
    rand(r.width * 0.8, r.width),
    rand(0, r.height),
  ];
  let [px, py] = [x0, y0];
  for (let i = 1; i <= 24; i++) {
    const t = i / 24;
    const x = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * cx + t * t * x1;
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * cy + t * t * y1;
    r.line(px, py, x, y, width, color);
    [px, py] = [x, y];
  }
}

function digit(r: Raster, glyph: [number, number][][], left: number, cell: number): void {
  const scale = Math.min(cell / 11, (r.height - 10) / 17) * rand(0.85, 1);
  const angle = (rand(-20, 20) * Math.PI) / 180;
  const skew = rand(-0.25, 0.25);
  const [cx, cy] = [5, 8];
  const ox = left + cell / 2 + rand(-2, 2);
  const oy = r.height / 2 + rand(-4, 4);
  const place = ([gx, gy]: [number, number]): [number, number] => {
    const x = gx - cx + rand(-0.5, 0.5) + skew * (gy - cy);
    const y = gy - cy + rand(-0.5, 0.5);
    return [ox + scale * (x * Math.cos(angle) - y * Math.sin(angle)), oy + scale * (x * Math.sin(angle) + y * Math.cos(angle))];
  };
  const color = tone(10, 110);
  const width = rand(2.6, 3.6);
  for (const stroke of glyph) {
    const points = stroke.map(place);
    for (let i = 1; i < points.length; i++) r.line(points[i - 1][0], points[i - 1][1], points[i][0], points[i][1], width, color);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
  return out;
}

/** An 8-bit RGB PNG of the raster. */
export function encodePng(r: Raster): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(r.width, 0);
  header.writeUInt32BE(r.height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method variants, no interlace
  const stride = r.width * 3;
  const rows = Buffer.alloc((stride + 1) * r.height);
  for (let y = 0; y < r.height; y++) rows.set(r.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG of `answer` (digits). */
export function captchaPng(answer: string): Buffer {
  const background = tone(215, 250);
  const r = new Raster(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, background);
  for (let i = 0; i < 3; i++) curve(r, rand(1, 2), tone(120, 200));
  const cell = (CAPTCHA_WIDTH - 20) / answer.length;
  [...answer].forEach((d, i) => digit(r, GLYPHS[d], 10 + i * cell, cell));
  for (let i = 0; i < 3; i++) curve(r, rand(1.2, 2.2), tone(40, 140));
  const out = r.warped(background);
  for (let i = 0; i < 260; i++) out.blend(randomInt(0, out.width), randomInt(0, out.height), tone(60, 200), rand(0.4, 0.9));
  return encodePng(out);
}
