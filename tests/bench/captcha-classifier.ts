// Captcha classifier benchmark: plays the attacker against the image captcha
// (server/platform/codes/captcha-image.ts). It asks the real generator for labelled captchas (600 to learn from,
// 200 to read), decodes their PNGs (what an attacker gets), binarises them, cuts each into four
// glyphs with several segmenters (fixed cells, column projection, connected blobs, colour
// clusters; on the ink and on the ink with thin lines opened away) and reads each glyph by
// k-nearest-neighbour (k = 1 and 3) on its pixels, normalised to a fixed size. Prints the
// per-digit and whole-captcha read rate of each attack and exits 1 when the best attack reads
// 5 % or more of whole captchas. The captchas are random, so the rates move by a point or two
// from run to run. A trained convolutional network is a stronger attacker than any of these.
//
//   npx tsx tests/bench/captcha-classifier.ts [train=600] [test=200]
import { inflateSync } from 'node:zlib';
import { captchaPng } from '../../server/platform/codes/captcha-image.ts';

const TRAIN = Number(process.argv[2] ?? 600);
const TEST = Number(process.argv[3] ?? 200);
const LIMIT = 0.05;
const DIGITS = 4;
const FEATURE_W = 14;
const FEATURE_H = 18;
/** Connected ink smaller than this (in pixels) is taken for speckle noise. */
const SPECK = 12;

interface Picture {
  width: number;
  height: number;
  rgb: Uint8Array;
  /** Binarised ink, speckles removed. */
  ink: Uint8Array;
  /** `ink` after a 2 x 2 opening: lines thinner than 2 px gone. */
  core: Uint8Array;
}

/** Pixel indices of one glyph; `box` fixes the frame it is normalised in (else its own bounds). */
interface Glyph {
  pixels: number[];
  box?: Box;
}

interface Box {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

type Segmenter = (picture: Picture, mask: Uint8Array) => Glyph[];

interface Attack {
  name: string;
  mask: 'ink' | 'core';
  segment: Segmenter;
}

// ---- the pictures ------------------------------------------------------------------------

function randomAnswer(): string {
  return Array.from({ length: DIGITS }, () => Math.floor(Math.random() * 10)).join('');
}

/** Pixels of an 8-bit, non-interlaced grey or RGB PNG, as RGB. */
function decodePng(png: Buffer): { width: number; height: number; rgb: Uint8Array } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colourType, , , interlace] = png.subarray(24, 29);
  if (bitDepth !== 8 || (colourType !== 0 && colourType !== 2) || interlace !== 0) throw new Error('unsupported PNG');
  const channels = colourType === 2 ? 3 : 1;
  const data: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const px = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const at = y * stride + x;
      const a = x >= channels ? px[at - channels] : 0;
      const b = y > 0 ? px[at - stride] : 0;
      const c = x >= channels && y > 0 ? px[at - stride - channels] : 0;
      px[at] = raw[y * (stride + 1) + 1 + x] + predict(filter, a, b, c);
    }
  }
  if (channels === 3) return { width, height, rgb: px };
  const rgb = new Uint8Array(width * height * 3);
  px.forEach((v, i) => rgb.fill(v, i * 3, i * 3 + 3));
  return { width, height, rgb };
}

function predict(filter: number, a: number, b: number, c: number): number {
  if (filter === 1) return a;
  if (filter === 2) return b;
  if (filter === 3) return (a + b) >> 1;
  if (filter === 4) {
    const [pa, pb, pc] = [Math.abs(b - c), Math.abs(a - c), Math.abs(a + b - 2 * c)];
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
  }
  return 0;
}

function prepare(png: Buffer): Picture {
  const { width, height, rgb } = decodePng(png);
  const darkness = new Uint8Array(width * height);
  for (let i = 0; i < darkness.length; i++) darkness[i] = 255 - Math.round(0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2]);
  const threshold = otsu(darkness);
  const ink = withoutSpecks(
    darkness.map((d) => (d > threshold ? 1 : 0)),
    width,
    height,
  );
  const core = withoutSpecks(dilate(erode(ink, width, height), width, height), width, height);
  return { width, height, rgb, ink, core };
}

/** The threshold that best splits the histogram into two classes (Otsu's method). */
function otsu(values: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of values) histogram[v]++;
  const total = values.length;
  const sum = histogram.reduce((s, n, v) => s + n * v, 0);
  let [below, belowSum, best, threshold] = [0, 0, -1, 0];
  for (let t = 0; t < 256; t++) {
    below += histogram[t];
    belowSum += t * histogram[t];
    const above = total - below;
    if (below === 0 || above === 0) continue;
    const between = below * above * (belowSum / below - (sum - belowSum) / above) ** 2;
    if (between > best) [best, threshold] = [between, t];
  }
  return threshold;
}

/** A pixel stays when it and its right, lower and lower-right neighbours are ink. */
function erode(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height - 1; y++)
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      out[i] = mask[i] & mask[i + 1] & mask[i + width] & mask[i + width + 1];
    }
  return out;
}

function dilate(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      out[i] = mask[i] | (x > 0 ? mask[i - 1] : 0) | (y > 0 ? mask[i - width] : 0) | (x > 0 && y > 0 ? mask[i - width - 1] : 0);
    }
  return out;
}

/** 8-connected components of the set pixels of `mask` (restricted to `allowed` when given). */
function components(mask: Uint8Array, width: number, height: number, allowed?: (i: number) => boolean): number[][] {
  const seen = new Uint8Array(mask.length);
  const found: number[][] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start] || (allowed && !allowed(start))) continue;
    const pixels = [start];
    seen[start] = 1;
    for (let k = 0; k < pixels.length; k++) {
      const [x, y] = [pixels[k] % width, Math.floor(pixels[k] / width)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          const n = ny * width + nx;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height || !mask[n] || seen[n] || (allowed && !allowed(n))) continue;
          seen[n] = 1;
          pixels.push(n);
        }
    }
    found.push(pixels);
  }
  return found;
}

function withoutSpecks(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (const part of components(mask, width, height)) if (part.length >= SPECK) for (const i of part) out[i] = 1;
  return out;
}

// ---- segmenters ---------------------------------------------------------------------------

function columnCounts(mask: Uint8Array, width: number): number[] {
  const counts = new Array<number>(width).fill(0);
  mask.forEach((v, i) => (counts[i % width] += v));
  return counts;
}

/** The columns holding the digits: where a column has a fair share of the ink (not just a line). */
function inkExtent(mask: Uint8Array, width: number): [number, number] {
  const counts = columnCounts(mask, width);
  const used = counts.filter((n) => n > 0);
  const floor = used.length ? (0.3 * used.reduce((s, n) => s + n, 0)) / used.length : 0;
  const first = counts.findIndex((n) => n > floor);
  const last = counts.length - 1 - [...counts].reverse().findIndex((n) => n > floor);
  return first < 0 ? [0, width - 1] : [first, last];
}

function pixelsInColumns(mask: Uint8Array, width: number, from: number, to: number): number[] {
  const pixels: number[] = [];
  mask.forEach((v, i) => v && i % width >= from && i % width < to && pixels.push(i));
  return pixels;
}

/** Four equal cells over a span learnt from the training pictures, not cropped: the attack that read 81 %. */
function fixedCells(span: [number, number]): Segmenter {
  return (p, mask) => {
    const cell = (span[1] - span[0] + 1) / DIGITS;
    return Array.from({ length: DIGITS }, (_, k) => {
      const [from, to] = [Math.round(span[0] + k * cell), Math.round(span[0] + (k + 1) * cell)];
      return { pixels: pixelsInColumns(mask, p.width, from, to), box: { minX: from, maxX: to - 1, minY: 0, maxY: p.height - 1 } };
    });
  };
}

/** Cuts the picture's own ink extent at the emptiest column near each quarter. */
const projection: Segmenter = (p, mask) => {
  const counts = columnCounts(mask, p.width);
  const [first, last] = inkExtent(mask, p.width);
  const span = last - first + 1;
  const cuts = [first];
  for (let k = 1; k < DIGITS; k++) {
    const expected = first + (k * span) / DIGITS;
    let best = Math.round(expected);
    for (let x = Math.round(expected - span / 10); x <= expected + span / 10; x++)
      if (counts[x] < counts[best] || (counts[x] === counts[best] && Math.abs(x - expected) < Math.abs(best - expected))) best = x;
    cuts.push(best);
  }
  cuts.push(last + 1);
  return cuts.slice(1).map((to, k) => ({ pixels: mainParts(pixelsInColumns(mask, p.width, cuts[k], to), p) }));
};

/** Drops the small fragments of a slice (bits of lines and neighbours), keeps the glyph. */
function mainParts(pixels: number[], p: Picture): number[] {
  const slice = new Uint8Array(p.width * p.height);
  for (const i of pixels) slice[i] = 1;
  const parts = components(slice, p.width, p.height);
  const largest = Math.max(0, ...parts.map((part) => part.length));
  return parts.filter((part) => part.length >= 0.2 * largest).flat();
}

/** Connected blobs, the smallest merged into its nearest neighbour, the widest split, until four. */
const blobs: Segmenter = (p, mask) => {
  const parts = components(mask, p.width, p.height).filter((part) => part.length >= SPECK);
  const xs = (part: number[]) => part.map((i) => i % p.width);
  while (parts.length > DIGITS) {
    parts.sort((a, b) => a.length - b.length);
    const small = parts.shift()!;
    const [lo, hi] = [Math.min(...xs(small)), Math.max(...xs(small))];
    const gap = (part: number[]) => Math.max(lo, Math.min(...xs(part))) - Math.min(hi, Math.max(...xs(part)));
    parts.sort((a, b) => gap(a) - gap(b))[0].push(...small);
  }
  while (parts.length > 0 && parts.length < DIGITS) {
    const width = (part: number[]) => Math.max(...xs(part)) - Math.min(...xs(part));
    parts.sort((a, b) => width(b) - width(a));
    parts.push(...splitAtThinnest(parts.shift()!, p.width));
  }
  const centre = (part: number[]) => xs(part).reduce((s, x) => s + x, 0) / part.length;
  return parts.sort((a, b) => centre(a) - centre(b)).map((pixels) => ({ pixels }));
};

function splitAtThinnest(part: number[], width: number): [number[], number[]] {
  const xs = part.map((i) => i % width);
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  const counts = new Array<number>(hi - lo + 1).fill(0);
  for (const x of xs) counts[x - lo]++;
  const mid = (hi - lo) / 2;
  let cut = Math.round(mid);
  for (let x = Math.round(mid / 2); x <= mid * 1.5; x++) if (counts[x] < counts[cut]) cut = x;
  return [part.filter((i) => i % width < lo + cut), part.filter((i) => i % width >= lo + cut)];
}

/** k-means over (r, g, b, x) of the ink: digits drawn in different colours fall apart. */
const colourClusters: Segmenter = (p, mask) => {
  const pixels = pixelsInColumns(mask, p.width, 0, p.width).sort((a, b) => (a % p.width) - (b % p.width));
  if (pixels.length < DIGITS) return [];
  const points = pixels.map((i) => [p.rgb[i * 3], p.rgb[i * 3 + 1], p.rgb[i * 3 + 2], i % p.width]);
  const quarter = Math.ceil(points.length / DIGITS);
  let owner = points.map((_, k) => Math.floor(k / quarter));
  for (let round = 0; round < 10; round++) {
    const centres = means(points, owner);
    owner = points.map((q) => nearest(centres, q));
  }
  const clusters = Array.from({ length: DIGITS }, (_, c) => pixels.filter((_, k) => owner[k] === c));
  const centre = (part: number[]) => part.reduce((s, i) => s + (i % p.width), 0) / (part.length || 1);
  return clusters.sort((a, b) => centre(a) - centre(b)).map((part) => ({ pixels: part }));
};

function means(points: number[][], owner: number[]): number[][] {
  const sums = Array.from({ length: DIGITS }, () => [0, 0, 0, 0]);
  const counts = new Array<number>(DIGITS).fill(0);
  points.forEach((q, k) => {
    counts[owner[k]]++;
    for (let d = 0; d < 4; d++) sums[owner[k]][d] += q[d];
  });
  return sums.map((sum, c) => (counts[c] ? sum.map((v) => v / counts[c]) : [Infinity, Infinity, Infinity, Infinity]));
}

function nearest(centres: number[][], q: number[]): number {
  let [best, bestDistance] = [0, Infinity];
  centres.forEach((c, k) => {
    const distance = (c[0] - q[0]) ** 2 + (c[1] - q[1]) ** 2 + (c[2] - q[2]) ** 2 + (c[3] - q[3]) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [k, distance];
  });
  return best;
}

// ---- features and k-nearest-neighbour ----------------------------------------------------

/** The glyph scaled (aspect kept) and centred into FEATURE_W x FEATURE_H, bilinear splats, unit length. */
function features(glyph: Glyph, width: number): Float32Array {
  const out = new Float32Array(FEATURE_W * FEATURE_H);
  if (glyph.pixels.length === 0) return out;
  const xs = glyph.pixels.map((i) => i % width);
  const ys = glyph.pixels.map((i) => Math.floor(i / width));
  const box = glyph.box ?? { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  const [w, h] = [box.maxX - box.minX + 1, box.maxY - box.minY + 1];
  const scale = Math.min((FEATURE_W - 1) / w, (FEATURE_H - 1) / h);
  const [offX, offY] = [(FEATURE_W - 1 - w * scale) / 2, (FEATURE_H - 1 - h * scale) / 2];
  xs.forEach((x, k) => {
    const [fx, fy] = [offX + (x - box.minX + 0.5) * scale, offY + (ys[k] - box.minY + 0.5) * scale];
    const [cx, cy] = [Math.min(FEATURE_W - 2, Math.floor(fx)), Math.min(FEATURE_H - 2, Math.floor(fy))];
    const [ax, ay] = [fx - cx, fy - cy];
    out[cy * FEATURE_W + cx] += (1 - ax) * (1 - ay);
    out[cy * FEATURE_W + cx + 1] += ax * (1 - ay);
    out[(cy + 1) * FEATURE_W + cx] += (1 - ax) * ay;
    out[(cy + 1) * FEATURE_W + cx + 1] += ax * ay;
  });
  const norm = Math.hypot(...out) || 1;
  return out.map((v) => v / norm);
}

/** The labels of the k nearest training glyphs voted (ties: the nearer wins), for k = 1 and 3. */
function knn(train: Float32Array, labels: string[], q: Float32Array): { k1: string; k3: string } {
  const size = q.length;
  const top = [-Infinity, -Infinity, -Infinity];
  const topLabels = ['', '', ''];
  for (let n = 0; n < labels.length; n++) {
    let similarity = 0;
    for (let d = 0, at = n * size; d < size; d++, at++) similarity += train[at] * q[d];
    if (similarity <= top[2]) continue;
    let slot = 2;
    for (; slot > 0 && similarity > top[slot - 1]; slot--) [top[slot], topLabels[slot]] = [top[slot - 1], topLabels[slot - 1]];
    [top[slot], topLabels[slot]] = [similarity, labels[n]];
  }
  const votes = (label: string) => topLabels.filter((l) => l === label).length;
  const k3 = topLabels.reduce((best, label) => (votes(label) > votes(best) ? label : best), topLabels[0]);
  return { k1: topLabels[0], k3 };
}

// ---- the run ------------------------------------------------------------------------------

interface Sample {
  answer: string;
  picture: Picture;
}

function generate(count: number): { samples: Sample[]; ms: number } {
  const samples: Sample[] = [];
  let ms = 0;
  for (let n = 0; n < count; n++) {
    const answer = randomAnswer();
    const t0 = performance.now();
    const png = captchaPng(answer);
    ms += performance.now() - t0;
    samples.push({ answer, picture: prepare(png) });
  }
  return { samples, ms };
}

/** The mean ink extent of the training pictures: where a fixed-cell attacker puts the cells. */
function learnSpan(samples: Sample[]): [number, number] {
  const extents = samples.map((s) => inkExtent(s.picture.core, s.picture.width));
  const average = (k: 0 | 1) => Math.round(extents.reduce((s, e) => s + e[k], 0) / extents.length);
  return [average(0), average(1)];
}

function glyphFeatures(attack: Attack, s: Sample): Float32Array[] {
  const glyphs = attack.segment(s.picture, s.picture[attack.mask]);
  return Array.from({ length: DIGITS }, (_, k) => features(glyphs[k] ?? { pixels: [] }, s.picture.width));
}

interface Score {
  attack: string;
  k: number;
  digits: number;
  captchas: number;
}

function evaluate(attack: Attack, train: Sample[], test: Sample[]): Score[] {
  const glyphs = train.flatMap((s) => glyphFeatures(attack, s));
  const trainFeatures = new Float32Array(glyphs.length * FEATURE_W * FEATURE_H);
  glyphs.forEach((f, n) => trainFeatures.set(f, n * f.length));
  const trainLabels = train.flatMap((s) => [...s.answer]);
  const right = { k1: { digits: 0, captchas: 0 }, k3: { digits: 0, captchas: 0 } };
  for (const s of test) {
    const reads = glyphFeatures(attack, s).map((f) => knn(trainFeatures, trainLabels, f));
    for (const k of ['k1', 'k3'] as const) {
      const hits = reads.filter((r, i) => r[k] === s.answer[i]).length;
      right[k].digits += hits;
      if (hits === DIGITS) right[k].captchas++;
    }
  }
  return (['k1', 'k3'] as const).map((k) => ({
    attack: `${attack.name} (${attack.mask})`,
    k: k === 'k1' ? 1 : 3,
    digits: right[k].digits / (test.length * DIGITS),
    captchas: right[k].captchas / test.length,
  }));
}

function main(): void {
  const started = performance.now();
  const train = generate(TRAIN);
  const test = generate(TEST);
  const perImage = (train.ms + test.ms) / (TRAIN + TEST);
  const attacks: Attack[] = [
    { name: 'fixed cells', mask: 'ink', segment: fixedCells(learnSpan(train.samples)) },
    { name: 'column projection', mask: 'ink', segment: projection },
    { name: 'column projection', mask: 'core', segment: projection },
    { name: 'connected blobs', mask: 'ink', segment: blobs },
    { name: 'connected blobs', mask: 'core', segment: blobs },
    { name: 'colour clusters', mask: 'core', segment: colourClusters },
  ];
  const scores = attacks.flatMap((a) => evaluate(a, train.samples, test.samples));
  const percent = (x: number) => `${(100 * x).toFixed(1).padStart(5)} %`;
  console.log(`captcha classifier: ${TRAIN} training and ${TEST} test captchas, generator ${perImage.toFixed(2)} ms per PNG`);
  console.log(`${'attack'.padEnd(26)} k   digit    captcha`);
  for (const s of scores) console.log(`${s.attack.padEnd(26)} ${s.k}  ${percent(s.digits)}  ${percent(s.captchas)}`);
  const best = scores.reduce((a, b) => (b.captchas > a.captchas ? b : a));
  const verdict = best.captchas < LIMIT ? 'ok' : 'TOO EASY';
  console.log(`best: ${best.attack} k=${best.k} reads ${percent(best.captchas).trim()} of captchas (limit < ${LIMIT * 100} %): ${verdict} [${((performance.now() - started) / 1000).toFixed(1)} s]`);
  if (best.captchas >= LIMIT) process.exitCode = 1;
}

main();
