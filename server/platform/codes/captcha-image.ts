// The captcha picture: a PNG (raster, so its markup holds no digit shapes) of the digits written
// in one dark ink over a light gradient, made to be read by people and not by programs:
// - each digit takes one of three to five skeletons (round, angular and handwritten forms), drawn
//   with a broad nib whose strokes vary in width with their direction; its points are jittered,
//   its waist moved up or down, then it is tapered, stretched, skewed, rotated and scaled on its
//   own, so no two pictures of a digit match pixel for pixel;
// - the digits stand at their own heights and sizes and are kerned row by row to within a pixel or
//   two of each other, so there are no fixed cells and seldom a clean column between two digits;
// - one stroke of the same ink, a little wider than the digits' strokes, crosses all of them: it
//   joins them into one blob, fills what gaps remain, and no colour, no thinning and no
//   connectivity tells it from the digits;
// - everything is bent by a few gentle waves, and faint curves lie behind.
// Encoded with node:zlib. tests/bench/captcha-classifier.ts measures what a program reads of it.
import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 64;

type Point = [number, number];
type Rgb = [number, number, number];

/** Strokes in a 10 x 16 box (y down); `smooth` ones are drawn as splines through their points. */
interface Skeleton {
  smooth: boolean;
  strokes: Point[][];
}

const round = (...strokes: Point[][]): Skeleton => ({ smooth: true, strokes });
const angular = (...strokes: Point[][]): Skeleton => ({ smooth: false, strokes });

// Every 1 has a short steep flag and every 7 a long top bar (and no crossbar, which the crossing
// stroke could complete into a 4); the tails of 6 and 9 stay short of their loops (else the crossing
// stroke closes them into a 0), 8 is always two loops and 4 always closed, so 1/7, 6/8/9/0 and 4/1
// stay apart in every skeleton.
// prettier-ignore
const SKELETONS: Record<string, Skeleton[]> = {
  '0': [
    round([[5, 0], [9, 3], [9.5, 8], [9, 13], [5, 16], [1, 13], [0.5, 8], [1, 3], [5, 0]]),
    round([[5, 0], [8, 4], [8, 12], [5, 16], [2, 12], [2, 4], [5, 0]]),
    round([[6, 0.3], [2.5, 1.5], [0.8, 8], [2.5, 15], [6, 15.7], [9, 10], [8.5, 3], [5.5, 0], [3.5, 1]]),
    round([[5, 0], [8.5, 1], [9.3, 8], [8.5, 15], [5, 16], [1.5, 15], [0.7, 8], [1.5, 1], [5, 0]]),
    round([[6, 0], [9, 4], [8.5, 11], [5, 16], [1.5, 13], [1, 6], [3, 1.5], [6, 0]]),
  ],
  '1': [
    angular([[3.8, 3.2], [6, 0], [6, 16]], [[3, 16], [9, 16]]),
    angular([[4, 3.5], [6, 0], [6, 16]]),
    angular([[4.2, 3.2], [6.5, 0], [5.5, 16]], [[3.5, 16], [7.5, 16]]),
    round([[3.8, 3.5], [5.2, 2.2], [6, 0]], [[6, 0], [6, 16]]),
  ],
  '2': [
    round([[1, 4], [3, 1], [6, 0.5], [9, 3], [8.5, 7], [1, 16]], [[1, 16], [10, 16]]),
    angular([[1, 3], [4, 0], [8, 0], [9, 3], [9, 6], [1, 16], [10, 16]]),
    round([[1, 2], [5, 0], [9, 2], [9, 5], [2, 14], [1, 16]], [[1, 16], [10, 15]]),
    round([[1, 4], [4, 0.5], [8, 1], [9, 4.5], [6, 9], [1.5, 15], [1, 16]], [[1, 16], [4, 14.5], [7, 15.5], [10, 15]]),
    round([[1.5, 3], [5, 0], [8.5, 2], [8.5, 5.5], [7, 8]], [[7, 8], [1, 16]], [[1, 16], [10, 16]]),
  ],
  '3': [
    round([[1, 2], [4, 0], [8, 1], [8.5, 4], [4, 7.5]], [[4, 7.5], [9, 10], [9, 13], [5, 16], [1, 14]]),
    round([[1, 2.5], [3.5, 0.3], [7, 0.5], [8.5, 3.5], [7, 6.5], [4, 7.5]], [[4, 7.5], [7.5, 8.5], [9.3, 12], [7, 15.5], [3.5, 16], [0.8, 13.5]]),
    round([[1.5, 2], [4.5, 0], [7.5, 1], [7.5, 4], [4.5, 6.5]], [[4.5, 6.5], [8.5, 9], [9, 13], [6, 16], [2.5, 16], [0.5, 13.5]]),
  ],
  '4': [
    angular([[7, 16], [7, 0], [0, 11], [10, 11]]),
    angular([[8, 16], [8, 0], [1, 10], [10, 10]]),
    angular([[6.5, 16], [6.5, 1], [0.5, 11.5], [10, 11.5]]),
  ],
  '5': [
    round([[9, 0], [2, 0]], [[2, 0], [1, 7]], [[1, 7], [5, 5.5], [9, 8], [9.5, 12], [6, 16], [1, 15]]),
    round([[2, 0], [9, 0]], [[2, 0], [1, 7], [5, 6], [9, 9], [9, 13], [5, 16], [1, 14]]),
    angular([[9, 0], [1, 0], [1, 7], [8, 7], [9, 9], [9, 14], [7, 16], [1, 16]]),
    round([[9, 0.5], [3, 0.5]], [[3, 0.5], [2, 7.5]], [[2, 7.5], [6, 6], [9, 9], [8.5, 13.5], [5, 16], [1, 14.5]]),
  ],
  '6': [
    round([[8, 0.5], [4, 2], [1, 8], [1.5, 13], [5, 16], [8.5, 13.5], [8.5, 10], [5, 7.5], [1.5, 10]]),
    round([[8, 0], [1.7, 10.5]], [[5, 7], [8.5, 9.5], [8.5, 13.5], [5, 16], [1.5, 13.5], [1.5, 9.5], [5, 7]]),
    round([[9, 1], [5, 0], [2, 3], [1, 9], [2, 14.5], [5, 16], [8, 14.5], [8.5, 11], [6, 8.5], [3, 9], [1.2, 11]]),
    round([[8.5, 1.5], [6, 0], [3, 1], [1.2, 6], [1, 11], [3, 15.5], [6.5, 15.8], [8.8, 12.5], [7.5, 9], [4.5, 8.2], [1.5, 10]]),
  ],
  '7': [
    angular([[0, 0], [10, 0], [4, 16]]),
    round([[0, 0], [10, 0]], [[10, 0], [6, 6], [4, 16]]),
    round([[0, 1], [5, 0], [10, 0.5]], [[10, 0.5], [5, 9], [3.5, 16]]),
    angular([[1, 0], [10, 0], [7, 6], [5, 16]]),
  ],
  '8': [
    round([[5, 8], [1.5, 4.5], [2, 1], [5, 0], [8, 1], [8.5, 4.5], [5, 8], [1, 11.5], [1.5, 15], [5, 16], [8.5, 15], [9, 11.5], [5, 8]]),
    round([[5, 0], [8, 2], [8, 5.5], [5, 7.5], [2, 5.5], [2, 2], [5, 0]], [[5, 7.5], [9, 10], [9, 14], [5, 16], [1, 14], [1, 10], [5, 7.5]]),
    round([[5, 0], [7.5, 1.5], [7.5, 4.5], [5, 6.5], [2.5, 4.5], [2.5, 1.5], [5, 0]], [[5, 6.5], [9, 9.5], [9, 13.5], [5, 16], [1, 13.5], [1, 9.5], [5, 6.5]]),
    round([[8, 2], [5, 0], [2, 2], [2.5, 5], [7.5, 10.5], [8.5, 13.5], [5, 16], [1.5, 13.5], [2.5, 10.5], [7.5, 5], [8, 2]]),
  ],
  '9': [
    round([[8.5, 6], [5, 8.5], [1.5, 6], [1.5, 2.5], [5, 0], [8.5, 2.5], [8.5, 8], [7.5, 13], [5, 16]]),
    round([[5, 0], [8.5, 2.5], [8.5, 6.5], [5, 9], [1.5, 6.5], [1.5, 2.5], [5, 0]], [[8.5, 5], [8, 16]]),
    round([[5, 0], [8.5, 2.5], [8.5, 6.5], [5, 9], [1.5, 6.5], [1.5, 2.5], [5, 0]], [[8.5, 4], [9, 9], [8, 13.5], [5.5, 16]]),
    round([[8.5, 3], [5, 0], [1.5, 3], [2, 7], [5, 8.5], [8.5, 6], [8.5, 3]], [[8.5, 3], [8.5, 16]]),
  ],
};

function rand(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

function pick<T>(items: T[]): T {
  return items[randomInt(0, items.length)];
}

function tone(lo: number, hi: number): Rgb {
  return [randomInt(lo, hi), randomInt(lo, hi), randomInt(lo, hi)];
}

/** A broad nib: strokes along `angle` are `thin` times as wide as strokes across it. */
interface Pen {
  width: number;
  angle: number;
  thin: number;
}

function strokeWidth(pen: Pen, [x0, y0]: Point, [x1, y1]: Point): number {
  const across = Math.abs(Math.sin(Math.atan2(y1 - y0, x1 - x0) - pen.angle));
  return pen.width * (pen.thin + (1 - pen.thin) * across);
}

/** How much of each pixel a pen covers (0–1); overlapping strokes do not add up. */
class Coverage {
  readonly alpha: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.alpha = new Float32Array(width * height);
  }

  /** A segment with round ends and soft (anti-aliased) edges. */
  segment([x0, y0]: Point, [x1, y1]: Point, width: number): void {
    const r = width / 2;
    const minX = Math.max(0, Math.floor(Math.min(x0, x1) - r - 1));
    const maxX = Math.min(this.width - 1, Math.ceil(Math.max(x0, x1) + r + 1));
    const minY = Math.max(0, Math.floor(Math.min(y0, y1) - r - 1));
    const maxY = Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + r + 1));
    const [dx, dy] = [x1 - x0, y1 - y0];
    const len2 = dx * dx + dy * dy || 1;
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / len2));
        const [ex, ey] = [x - x0 - t * dx, y - y0 - t * dy];
        const a = r + 0.5 - Math.sqrt(ex * ex + ey * ey);
        const i = y * this.width + x;
        if (a > this.alpha[i]) this.alpha[i] = Math.min(1, a);
      }
    }
  }

  path(points: Point[], pen: Pen): void {
    for (let i = 1; i < points.length; i++) this.segment(points[i - 1], points[i], strokeWidth(pen, points[i - 1], points[i]));
  }
}

/**
 * A smooth bend of the whole picture: a long sine wave along each axis and a shorter one in a random
 * direction move each point by a few pixels. Applied to stroke points (not pixels), so strokes keep
 * their width and clean edges while every glyph is deformed a little differently.
 */
function bend(): (points: Point[]) => Point[] {
  const wave = (amplitude: number, length: number, direction: number) => {
    const [kx, ky, phase] = [(Math.cos(direction) * 2 * Math.PI) / length, (Math.sin(direction) * 2 * Math.PI) / length, rand(0, Math.PI * 2)];
    return (x: number, y: number) => amplitude * Math.sin(kx * x + ky * y + phase);
  };
  const shiftX = [wave(rand(2, 3.5), rand(50, 90), Math.PI / 2), wave(rand(0.5, 1), rand(25, 40), rand(0, Math.PI * 2))];
  const shiftY = [wave(rand(1.5, 2.5), rand(90, 150), 0), wave(rand(0.5, 1), rand(25, 40), rand(0, Math.PI * 2))];
  const sum = (waves: ((x: number, y: number) => number)[], x: number, y: number) => waves.reduce((total, w) => total + w(x, y), 0);
  return (points) => densify(points).map(([x, y]): Point => [x + sum(shiftX, x, y), y + sum(shiftY, x, y)]);
}

/** The polyline with points at most 3 px apart, so that bending curves its straight parts too. */
function densify(points: Point[]): Point[] {
  const out: Point[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const [[x0, y0], [x1, y1]] = [points[i - 1], points[i]];
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 3));
    for (let k = 1; k <= steps; k++) out.push([x0 + ((x1 - x0) * k) / steps, y0 + ((y1 - y0) * k) / steps]);
  }
  return out;
}

/** Points along a Catmull-Rom spline through `points` (closed when it ends where it starts). */
function spline(points: Point[]): Point[] {
  const closed = points.length > 2 && points[0][0] === points.at(-1)![0] && points[0][1] === points.at(-1)![1];
  const n = points.length;
  const at = (i: number): Point => (closed ? points[(i + n - 1) % (n - 1)] : points[Math.max(0, Math.min(n - 1, i))]);
  const out: Point[] = [points[0]];
  for (let i = 0; i < n - 1; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    for (let s = 1; s <= 4; s++) {
      const t = s / 4;
      const [t2, t3] = [t * t, t * t * t];
      const along = (k: 0 | 1) => 0.5 * (2 * p1[k] + (p2[k] - p0[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2 + (3 * p1[k] - p0[k] - 3 * p2[k] + p3[k]) * t3);
      out.push([along(0), along(1)]);
    }
  }
  return out;
}

/** One digit's strokes in pixels around its own centre, and how far they reach. */
interface Shape {
  strokes: Point[][];
  radius: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * A skeleton of `digit`, its points jittered (a point shared by two strokes moves once), its middle
 * moved up or down by up to 2/16 of its height (`waist`, the ends stay), narrowed at the top or the
 * bottom (`taper`), then stretched, skewed, rotated and scaled.
 */
function shape(digit: string, pen: Pen): Shape {
  const skeleton = pick(SKELETONS[digit]);
  const unit = rand(2.2, 3.1);
  // A 1 stretched wide or leaning far looks like a 7, and a 4 narrowed at the top like an A.
  const [stretchX, stretchY] = [rand(0.8, digit === '1' ? 1 : 1.3), rand(0.9, 1.05)];
  const angle = (rand(-20, 20) * (digit === '1' ? 0.3 : 1) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const skew = rand(-0.3, 0.3);
  const [waist, taper] = [rand(-2, 2), digit === '4' ? 0 : rand(-0.25, 0.25)];
  const jitter = new Map<string, Point>();
  const place = ([gx, gy]: Point): Point => {
    const key = `${gx},${gy}`;
    if (!jitter.has(key)) jitter.set(key, [rand(-0.8, 0.8), rand(-0.8, 0.8)]);
    const [jx, jy] = jitter.get(key)!;
    const level = (gy + jy - 8) / 8;
    const y = (gy + jy - 8 + waist * (1 - level * level)) * stretchY;
    const x = (gx + jx - 5) * stretchX * (1 + taper * level) + skew * y;
    return [unit * (x * cos - y * sin), unit * (x * sin + y * cos)];
  };
  const strokes = skeleton.strokes.map((stroke) => {
    const points = stroke.map(place);
    return skeleton.smooth && points.length > 2 ? spline(points) : points;
  });
  const all = strokes.flat();
  const r = pen.width / 2;
  return {
    strokes,
    radius: r,
    left: Math.min(...all.map((p) => p[0])) - r,
    right: Math.max(...all.map((p) => p[0])) + r,
    top: Math.min(...all.map((p) => p[1])) - r,
    bottom: Math.max(...all.map((p) => p[1])) + r,
  };
}

/** Per row of the picture, the leftmost and rightmost ink of a shape drawn centred at height `cy`, relative to its centre. */
function rowSpans(s: Shape, cy: number, height: number): { left: Float64Array; right: Float64Array } {
  const left = new Float64Array(height).fill(Infinity);
  const right = new Float64Array(height).fill(-Infinity);
  const mark = (x: number, y: number): void => {
    for (let row = Math.max(0, Math.ceil(cy + y - s.radius)); row <= Math.min(height - 1, cy + y + s.radius); row++) {
      const half = Math.sqrt(Math.max(0, s.radius ** 2 - (row - cy - y) ** 2));
      left[row] = Math.min(left[row], x - half);
      right[row] = Math.max(right[row], x + half);
    }
  };
  for (const stroke of s.strokes) {
    for (let i = 1; i < stroke.length; i++) {
      const [[x0, y0], [x1, y1]] = [stroke[i - 1], stroke[i]];
      const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
      for (let k = 0; k <= steps; k++) mark(x0 + ((x1 - x0) * k) / (steps || 1), y0 + ((y1 - y0) * k) / (steps || 1));
    }
  }
  return { left, right };
}

/**
 * Centres for the shapes, each at its own height. Each digit slides left until its ink meets the ink
 * already set (row by row, as a typesetter kerns), then back by up to 2.5 px or on by 0.5 px: the
 * digits nearly touch without covering each other, and where their shapes allow they interlock.
 */
function layout(shapes: Shape[], width: number, height: number): Point[] {
  const margin = 4; // room for the bend
  const ys = shapes.map((s) => Math.max(margin - s.top, Math.min(height - margin - s.bottom, height / 2 + rand(-5, 5))));
  const reach = new Float64Array(height).fill(-Infinity);
  const xs: number[] = [];
  shapes.forEach((s, i) => {
    const { left, right } = rowSpans(s, ys[i], height);
    let x = -s.left;
    if (i > 0) {
      let meets = -Infinity;
      for (let y = 0; y < height; y++) if (left[y] < Infinity && reach[y] > -Infinity) meets = Math.max(meets, reach[y] - left[y]);
      const previous = shapes[i - 1];
      const notPast = xs[i - 1] + (previous.left + previous.right) / 2 - s.left;
      x = Math.max(notPast, meets - rand(-2.5, 0.5));
    }
    xs.push(x);
    for (let y = 0; y < height; y++) reach[y] = Math.max(reach[y], x + right[y]);
  });
  const end = Math.max(...shapes.map((s, i) => xs[i] + s.right));
  const squeeze = Math.min(1, (width - 8) / end);
  const start = rand(4, Math.max(4, width - 4 - end * squeeze));
  return shapes.map((_, i) => [start + xs[i] * squeeze, ys[i]]);
}

/** A gentle curve from left of `from` to right of `to`, rising or falling by up to 2 x `spread` around `middle`. */
function crossing(from: number, to: number, middle: number, spread: number, rising: boolean): Point[] {
  const [high, low] = [middle - rand(spread / 2, spread), middle + rand(spread / 2, spread)];
  const [x0, y0, cx, cy, x1, y1] = [from - rand(0, 14), rising ? low : high, rand(from, to), middle + rand(-0.7, 0.7) * spread, to + rand(0, 14), rising ? high : low];
  return Array.from({ length: 25 }, (_, i): Point => {
    const t = i / 24;
    return [(1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * cx + t * t * x1, (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * cy + t * t * y1];
  });
}

export interface CaptchaRaster {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row by row. */
  pixels: Uint8Array;
}

/** The picture of `answer` (digits) as raw RGB pixels. */
export function captchaRaster(answer: string): CaptchaRaster {
  const [width, height] = [CAPTCHA_WIDTH, CAPTCHA_HEIGHT];
  const pen: Pen = { width: rand(2.4, 3), angle: rand(0, Math.PI), thin: rand(0.75, 0.95) };
  const pens = [...answer].map((): Pen => ({ ...pen, width: pen.width * rand(0.8, 1.2) }));
  const shapes = [...answer].map((d, i) => shape(d, pens[i]));
  const centres = layout(shapes, width, height);
  const bent = bend();
  const ink = new Coverage(width, height);
  shapes.forEach((s, i) => {
    const [cx, cy] = centres[i];
    for (const stroke of s.strokes) ink.path(bent(stroke.map(([x, y]): Point => [cx + x, cy + y])), pens[i]);
  });
  const from = Math.min(...shapes.map((s, i) => centres[i][0] + s.left));
  const to = Math.max(...shapes.map((s, i) => centres[i][0] + s.right));
  // Wider than the digits' strokes, so that people see it as a thing of its own.
  const band = crossing(from, to, height / 2, 14, randomInt(0, 2) === 0);
  ink.path(bent(band), { width: pen.width * rand(1.3, 1.6), angle: 0, thin: 1 });
  const faint = new Coverage(width, height);
  for (let i = 0; i < 3; i++) faint.path(crossing(0, width, height / 2, 14, i % 2 === 0), { width: rand(1, 1.6), angle: 0, thin: 1 });
  return { width, height, pixels: paint(ink, faint, tone(0, 90)) };
}

/** A light gradient, the faint curves in a mid tone, the ink on top. */
function paint(ink: Coverage, faint: Coverage, inkColour: Rgb): Uint8Array {
  const { width, height } = ink;
  const [left, right, faintColour] = [tone(205, 250), tone(205, 250), tone(150, 205)];
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const [a, f] = [ink.alpha[i], faint.alpha[i] * 0.8];
      for (let c = 0; c < 3; c++) {
        const background = left[c] + ((right[c] - left[c]) * x) / (width - 1);
        pixels[i * 3 + c] = Math.round((background * (1 - f) + faintColour[c] * f) * (1 - a) + inkColour[c] * a);
      }
    }
  }
  return pixels;
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
function encodePng({ width, height, pixels }: CaptchaRaster): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method variants, no interlace
  const stride = width * 3;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG of `answer` (digits). */
export function captchaPng(answer: string): Buffer {
  return encodePng(captchaRaster(answer));
}
