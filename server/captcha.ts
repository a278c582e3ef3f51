// Image captchas: digits drawn as jittered strokes (no text in the SVG) under noise lines,
// sent as a data: URL. Each captcha is single use (consumed by its first check, right or
// wrong) and expires after 5 minutes.
import { randomInt } from 'node:crypto';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MS } from './config.ts';
import type { Db } from './db/index.ts';
import { randomDigits, randomId } from './security/tokens.ts';

/** Stroke skeletons of the digits in a 10 x 16 box. */
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

const WIDTH = 120;
const HEIGHT = 40;

function rand(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

function color(dark: boolean): string {
  const [lo, hi] = dark ? [20, 120] : [120, 220];
  return `rgb(${randomInt(lo, hi)},${randomInt(lo, hi)},${randomInt(lo, hi)})`;
}

const f = (n: number) => n.toFixed(1);

function digitPaths(digit: string, x: number, step: number): string {
  const size = Math.min(1.75, step / 10.5);
  const scale = rand(size * 0.85, size);
  const transform = `translate(${f(x)} ${f(rand(3, 8))}) rotate(${f(rand(-18, 18))} 5 8) skewX(${f(rand(-12, 12))}) scale(${scale.toFixed(2)})`;
  const paths = GLYPHS[digit].map((stroke) => {
    const d = stroke.map(([px, py], i) => `${i ? 'L' : 'M'}${f(px + rand(-0.6, 0.6))} ${f(py + rand(-0.6, 0.6))}`).join('');
    return `<path d="${d}"/>`;
  });
  return `<g transform="${transform}" stroke="${color(true)}" stroke-width="${rand(1.3, 1.8).toFixed(2)}" fill="none" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</g>`;
}

/** An SVG picture of `answer` as a base64 data: URL. */
export function captchaSvg(answer: string): string {
  const parts = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="rgb(${randomInt(225, 250)},${randomInt(225, 250)},${randomInt(225, 250)})"/>`];
  for (let i = 0; i < 30; i++) parts.push(`<circle cx="${f(rand(0, WIDTH))}" cy="${f(rand(0, HEIGHT))}" r="${f(rand(0.5, 1.5))}" fill="${color(false)}"/>`);
  const step = (WIDTH - 16) / answer.length;
  [...answer].forEach((digit, i) => {
    parts.push(digitPaths(digit, 8 + i * step + rand(-2, 2), step));
  });
  for (let i = 0; i < 5; i++) {
    const d = `M${f(rand(0, 20))} ${f(rand(0, HEIGHT))}Q${f(rand(30, 90))} ${f(rand(-10, HEIGHT + 10))} ${f(rand(100, WIDTH))} ${f(rand(0, HEIGHT))}`;
    parts.push(`<path d="${d}" stroke="${color(i % 2 === 0)}" stroke-width="${rand(0.8, 1.6).toFixed(2)}" fill="none"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

export interface NewCaptcha {
  captchaId: string;
  picPath: string;
  captchaLength: number;
}

export async function createCaptcha(db: Db, now: number, length = CAPTCHA_LENGTH): Promise<NewCaptcha> {
  const captchaId = randomId();
  const answer = randomDigits(length);
  // Old captchas are of no use to anyone; keep the table small.
  await db.deleteFrom('captchas').where('expires_at', '<', now - 24 * 3_600_000).execute();
  await db.insertInto('captchas').values({ id: captchaId, answer, created_at: now, expires_at: now + CAPTCHA_TTL_MS, used_at: null }).execute();
  return { captchaId, picPath: captchaSvg(answer), captchaLength: length };
}

/** Consumes the captcha and tells whether `answer` was right. Unknown, used or expired: false. */
export async function checkCaptcha(db: Db, id: string, answer: string, now: number): Promise<boolean> {
  const row = await db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer')
    .executeTakeFirst();
  return row !== undefined && row.answer === answer.trim();
}

/** The answer of a captcha (for the operator CLI and tests), used or not. */
export async function captchaAnswer(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('captchas').select('answer').where('id', '=', id).executeTakeFirst();
  return row?.answer;
}
