// POST /user/uploadBase64 and GET /uploads/<name>: an image is judged by its bytes (JPEG, PNG,
// WebP), whatever the data-URL prefix says; at most 10 MB decoded with a message that states the
// limit; stored in the database (`upload_blobs`) with a random name and a row in `uploads`, no
// file in the data dir; served back to its owner only, with its content type and nosniff. Every
// refusal writes nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../server/platform/uploads/uploads.ts';
import { ledgerMismatches } from '../../server/core/ledger.ts';
import { dataUrl, GIF_BYTES, JPEG_BYTES, pngImage, SVG_BYTES, TEXT_BYTES, WEBP_BYTES } from '../fixtures/images.ts';
import { call, msg, registerByEmail, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let alice: string;
let bob: string;
const PNG = pngImage(40, 30);

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  alice = (await registerByEmail(s.app, 'alice_upload@example.com')).token;
  bob = (await registerByEmail(s.app, 'bob_upload@example.com')).token;
});
afterAll(() => s.app.close());

async function count(table: 'uploads' | 'upload_blobs'): Promise<number> {
  const { n } = await s.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
const rows = () => count('uploads');
const blobs = () => count('upload_blobs');
const upload = (token: string, body: unknown, lang = 'en') => call(s.app, 'POST', '/user/uploadBase64', { token, body, lang });
const fetchUpload = (url: string, token?: string) => s.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });

/** Runs `act`, then checks nothing was stored. */
async function refusedWithoutWriting(act: () => Promise<void>): Promise<void> {
  const before = { rows: await rows(), blobs: await blobs() };
  await act();
  expect({ rows: await rows(), blobs: await blobs() }).toEqual(before);
}

describe('POST /user/uploadBase64', () => {
  it('stores a PNG in the database with a random name and returns its URL; nothing on disk', async () => {
    const r = await upload(alice, { base64Str: dataUrl(PNG) });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/), mime: 'image/png', size: PNG.length });
    const name = r.data.url.slice('/uploads/'.length);
    const blob = await s.app.db.selectFrom('upload_blobs').select('bytes').where('name', '=', name).executeTakeFirstOrThrow();
    expect(Buffer.from(blob.bytes)).toEqual(PNG);
    expect(existsSync(join(s.dataDir, 'uploads'))).toBe(false);
    const row = await s.app.db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'image/png', size: PNG.length, created_at: s.clock.now() });
    // another upload of the same bytes gets another name
    const again = await upload(alice, { base64Str: dataUrl(PNG) });
    expect(again.data.url).not.toBe(r.data.url);
  });

  it('judges the bytes, not the prefix: a JPEG sent as image/png is a JPEG, bare base64 and WebP are taken', async () => {
    const jpeg = await upload(alice, { base64Str: dataUrl(JPEG_BYTES, 'image/png') });
    expect(jpeg.data).toMatchObject({ url: expect.stringMatching(/\.jpg$/), mime: 'image/jpeg' });
    const bare = await upload(alice, { base64Str: PNG.toString('base64') });
    expect(bare.data).toMatchObject({ url: expect.stringMatching(/\.png$/), mime: 'image/png' });
    const webp = await upload(alice, { base64Str: dataUrl(WEBP_BYTES, 'application/octet-stream') });
    expect(webp.data).toMatchObject({ url: expect.stringMatching(/\.webp$/), mime: 'image/webp' });
  });

  it('refuses a text file renamed .png, GIF and SVG, in the caller’s language, writing nothing', async () => {
    for (const [bytes, mime] of [
      [TEXT_BYTES, 'image/png'],
      [GIF_BYTES, 'image/gif'],
      [SVG_BYTES, 'image/svg+xml'],
      [SVG_BYTES, 'image/png'],
    ] as const) {
      await refusedWithoutWriting(async () => {
        const r = await upload(alice, { base64Str: dataUrl(bytes, mime) }, 'de');
        expect(r).toEqual({ status: 200, code: 7, msg: msg('de', 'upload.notImage'), data: { field: 'base64Str' } });
      });
    }
  });

  it('refuses more than 10 MB decoded with a message that states the limit; exactly 10 MB is taken', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    PNG.copy(big);
    await refusedWithoutWriting(async () => {
      const r = await upload(alice, { base64Str: dataUrl(big) });
      expect(r).toEqual({ status: 200, code: 7, msg: msg('en', 'upload.tooLarge', { max: 10 }), data: { field: 'base64Str' } });
      expect(r.msg).toContain('10 MB');
      const fr = await upload(alice, { base64Str: big.toString('base64') }, 'fr');
      expect(fr.msg).toBe(msg('fr', 'upload.tooLarge', { max: 10 }));
      expect(fr.msg).toContain('10 Mo');
    });
    const exact = await upload(alice, { base64Str: dataUrl(big.subarray(0, MAX_UPLOAD_BYTES)) });
    expect(exact.code, exact.msg).toBe(0);
    expect(exact.data.size).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses a missing field, a wrong type, empty or malformed base64 and an unknown field (valid session)', async () => {
    const cases: [unknown, string][] = [
      [{}, 'upload.required'],
      [{ base64Str: '' }, 'upload.required'],
      [{ base64Str: 'data:image/png;base64,' }, 'upload.required'],
      [{ base64Str: 12345 }, 'upload.invalid'],
      [{ base64Str: ['iVBOR'] }, 'upload.invalid'],
      [{ base64Str: 'data:image/png;base64,iVBOR*w0K!!' }, 'upload.invalid'],
      [{ base64Str: 'A' }, 'upload.invalid'],
      [{ base64Str: dataUrl(PNG), name: 'x.png' }, 'validation.unknownField'],
    ];
    for (const [body, key] of cases) {
      await refusedWithoutWriting(async () => {
        const r = await upload(alice, body, 'de');
        expect(r.code, JSON.stringify(body).slice(0, 60)).toBe(7);
        expect(r.data.field).toBe(key === 'validation.unknownField' ? 'name' : 'base64Str');
        expect(r.msg).toBe(msg('de', key, { field: r.data.field }));
      });
    }
  });

  it('needs a session', async () => {
    await refusedWithoutWriting(async () => {
      const r = await call(s.app, 'POST', '/user/uploadBase64', { body: { base64Str: dataUrl(PNG) } });
      expect(r.code).toBe(4015);
    });
  });

  it('a double-submitted upload (same Idempotency-Key) stores one image', async () => {
    const before = { rows: await rows(), blobs: await blobs() };
    const send = () =>
      s.app.inject({ method: 'POST', url: '/api/user/uploadBase64', headers: { 'x-token': alice, 'idempotency-key': 'proof-upload-1' }, payload: { base64Str: dataUrl(PNG) } });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.json().code).toBe(0);
    expect(b.json()).toEqual(a.json());
    expect({ rows: await rows(), blobs: await blobs() }).toEqual({ rows: before.rows + 1, blobs: before.blobs + 1 });
  });
});

describe('GET /uploads/<name>', () => {
  let url = '';
  beforeAll(async () => {
    url = (await upload(alice, { base64Str: dataUrl(PNG) })).data.url;
  });

  it('serves the image to its owner with its content type, nosniff and no shared caching', async () => {
    const res = await fetchUpload(url, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload).toEqual(PNG);
    const jpeg = (await upload(alice, { base64Str: dataUrl(JPEG_BYTES, 'image/png') })).data.url;
    expect((await fetchUpload(jpeg, alice)).headers['content-type']).toBe('image/jpeg');
  });

  it('answers another user’s upload like a missing one, and nothing without a valid session', async () => {
    const other = await fetchUpload(url, bob);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/^application\/json/);
    expect(other.json()).toEqual({ code: 7, msg: msg('en', 'errors.notFound'), data: null });
    const missing = await fetchUpload(`/uploads/${'0'.repeat(32)}.png`, alice);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(other.json());
    const none = await fetchUpload(url);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(4015);
    const bad = await fetchUpload(url, 'f'.repeat(64));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe(4016);
  });

  it('answers a name that is not an upload name 404, whatever it points at', async () => {
    for (const path of ['/uploads/..%2Fapp.db', '/uploads/%2e%2e%2fapp.db', '/uploads/app.db', `/uploads/${'a'.repeat(32)}.svg`]) {
      const res = await fetchUpload(path, alice);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('the ledger is untouched by uploads', async () => {
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });
});

describe('upload rate', () => {
  it('more than 30 uploads in 10 minutes answer 4024 and store nothing', async () => {
    const carol = (await registerByEmail(s.app, 'carol_upload@example.com')).token;
    for (let i = 0; i < 30; i++) expect((await upload(carol, { base64Str: dataUrl(PNG) })).code).toBe(0);
    await refusedWithoutWriting(async () => {
      expect((await upload(carol, { base64Str: dataUrl(PNG) })).code).toBe(4024);
    });
    s.clock.advance(10 * 60_000 + 1);
    expect((await upload(carol, { base64Str: dataUrl(PNG) })).code).toBe(0);
  });
});
