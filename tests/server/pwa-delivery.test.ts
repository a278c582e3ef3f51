// The installable app's files (issue 11 part 5): the service worker script and the web manifest
// are revalidated on every start (never immutable, or a phone would keep an old worker for a year),
// sent compressed with their own content types and the CSP that lets them work; a missing one is
// a 404, never the app's index.html.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDir } from '../../vite.config.ts';
import { startServer, type TestServer, tempDir } from './helpers.ts';

const SW = `self.addEventListener('fetch', () => {});\n${'// precache list\n'.repeat(40)}`;
const MANIFEST = JSON.stringify({ name: 'CoinApp', start_url: '/#/home/home', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }], padding: 'x'.repeat(400) });

let s: TestServer;
beforeAll(async () => {
  const dist = tempDir('dist-pwa-');
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>CoinApp</title></head><body></body></html>');
  writeFileSync(join(dist, 'sw.js'), SW);
  writeFileSync(join(dist, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(join(dist, 'icons/icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dist, 'assets/app-abc123.js'), 'export {};\n');
  compressDir(dist);
  s = await startServer({ staticDir: dist });
});
afterAll(() => s.app.close());

const get = (url: string, encoding = 'br') => s.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('service worker and manifest delivery', () => {
  it("sw.js is revalidated, JavaScript, compressed, and may run as this origin's worker", async () => {
    const r = await get('/sw.js');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(r.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(SW);
    expect(String(r.headers['content-security-policy'])).toContain("worker-src 'self'");
  });

  it('the manifest is revalidated, application/manifest+json and compressed; the page may load it', async () => {
    const r = await get('/manifest.webmanifest');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(r.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(r.rawPayload).toString())).toEqual(JSON.parse(MANIFEST));
    expect(String((await get('/')).headers['content-security-policy'])).toContain("manifest-src 'self'");
  });

  it('icons are served as PNG and revalidated (their names carry no hash)', async () => {
    const r = await get('/icons/icon-192.png');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it('a missing worker script or manifest is a 404, not the app shell', async () => {
    for (const url of ['/sw-old.js', '/manifest.json']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });
});
