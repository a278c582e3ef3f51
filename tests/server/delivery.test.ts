// Compressed, cached delivery: the build's .br/.gz copies are sent to browsers that accept
// them, hashed assets are immutable, index.html (and the SPA fallback) is revalidated.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDir, compressText } from '../../vite.config.ts';
import { startServer, type TestServer, tempDir } from './helpers.ts';

const JS = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const HTML = `<!doctype html><html><head><title>CoinApp</title><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<div></div>'.repeat(50)}</body></html>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let s: TestServer;
let dist: string;
beforeAll(async () => {
  dist = tempDir('dist-');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), HTML);
  writeFileSync(join(dist, 'assets/app-abc123.js'), JS);
  writeFileSync(join(dist, 'assets/logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  compressDir(dist);
  s = await startServer({ staticDir: dist });
});
afterAll(() => s.app.close());

const get = (url: string, encoding?: string) => s.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('pre-compressed assets', () => {
  it('the build step writes .br and .gz beside text assets only, and they decode to the original', () => {
    const { br, gz } = compressText(Buffer.from(JS));
    expect(brotliDecompressSync(br).toString()).toBe(JS);
    expect(gunzipSync(gz).toString()).toBe(JS);
    expect(br.length).toBeLessThan(JS.length / 4);
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets/app-abc123.js.br'))).toString()).toBe(JS);
    expect(gunzipSync(readFileSync(join(dist, 'index.html.gz'))).toString()).toBe(HTML);
    expect(() => readFileSync(join(dist, 'assets/logo-abc123.png.br'))).toThrow();
  });

  it('Accept-Encoding br gets the brotli copy, gzip the gzip copy, none the file itself; all Vary on it', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
    expect(br.rawPayload.length).toBe(readFileSync(join(dist, 'assets/app-abc123.js.br')).length);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);

    for (const r of [br, gz, plain]) expect(String(r.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('hashed files under /assets/ are immutable for a year, whatever the encoding', async () => {
    for (const enc of ['br', 'gzip', undefined]) expect((await get('/assets/app-abc123.js', enc)).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/assets/logo-abc123.png')).headers['cache-control']).toBe(IMMUTABLE);
  });

  it('index.html is revalidated (no-cache) and compressed', async () => {
    for (const url of ['/', '/index.html']) {
      const r = await get(url, 'br');
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(r.rawPayload).toString()).toBe(HTML);
    }
  });

  it('the SPA fallback for unknown non-API GETs is index.html, no-cache, compressed', async () => {
    const br = await get('/home/home', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HTML);
    const plain = await get('/user/addBank');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(HTML);
  });

  it('a missing asset and an unknown API path stay 404 envelopes', async () => {
    const asset = await get('/assets/missing-abc123.js', 'br');
    expect(asset.statusCode).toBe(404);
    expect(asset.json().code).toBe(404);
    const api = await get('/api/unknown', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(404);
  });
});

describe('locale chunks', () => {
  it('leave out only keys that exist and that the server translates itself', async () => {
    const { SERVER_ONLY_KEYS } = await import('../../vite.config.ts');
    const en = JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/en-US.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    for (const [group, keys] of Object.entries(SERVER_ONLY_KEYS)) for (const key of keys) expect(en[group][key], `${group}.${key}`).toBeDefined();
    const serverDir = join(import.meta.dirname, '../../server');
    const serverCode = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(serverDir, f), 'utf8'))
      .join('\n');
    for (const group of ['errors', 'checks', 'idempotency', 'trade']) for (const key of SERVER_ONLY_KEYS[group]) expect(serverCode, `${group}.${key}`).toContain(`'${group}.${key}'`);
  });
});
