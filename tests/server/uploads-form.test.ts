// POST /user/uploadBase64 in form encoding (spec §7: "uploads use form encoding"): the same
// {base64Str} as multipart/form-data (a text field, or the image as a file part) or as
// application/x-www-form-urlencoded, beside JSON. Bad forms get a translated message and store
// nothing; other endpoints still answer a form-encoded body 415.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FORM_FIELDS } from '../../server/platform/http/body.ts';
import { dataUrl, pngImage, TEXT_BYTES } from '../fixtures/images.ts';
import { msg, registerByEmail, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
const PNG = pngImage(20, 10);

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  token = (await registerByEmail(s.app, 'form_upload@example.com')).token;
});
afterAll(() => s.app.close());

async function stored(): Promise<number> {
  const { n } = await s.app.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A FormData as the bytes and content type a browser would send. */
async function multipart(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function send(url: string, payload: string | Buffer, contentType: string, lang = 'en') {
  const res = await s.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { 'x-token': token, 'content-type': contentType, lang } });
  return {
    status: res.statusCode,
    ...(res.json() as { code: number; msg: string; data: { url?: string; mime?: string; size?: number; field?: string } | null }),
  };
}

const URLENCODED = 'application/x-www-form-urlencoded';

describe('POST /user/uploadBase64 form-encoded', () => {
  it('takes base64Str as a multipart text field', async () => {
    const form = new FormData();
    form.set('base64Str', dataUrl(PNG));
    const { payload, contentType } = await multipart(form);
    const r = await send('/user/uploadBase64', payload, contentType);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/), mime: 'image/png', size: PNG.length });
  });

  it('takes the image as a multipart file part named base64Str', async () => {
    const form = new FormData();
    form.set('base64Str', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'proof.png');
    const { payload, contentType } = await multipart(form);
    const r = await send('/user/uploadBase64', payload, contentType);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ mime: 'image/png', size: PNG.length });
  });

  it('takes base64Str url-encoded (a data URL or bare base64)', async () => {
    for (const value of [dataUrl(PNG), PNG.toString('base64')]) {
      const r = await send('/user/uploadBase64', new URLSearchParams({ base64Str: value }).toString(), URLENCODED);
      expect(r.code, r.msg).toBe(0);
      expect(r.data).toMatchObject({ mime: 'image/png', size: PNG.length });
    }
  });

  it('refuses bad forms with a translated message and stores nothing (valid session)', async () => {
    const before = await stored();
    const tooMany = new URLSearchParams(Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => [`f${i}`, 'x'])).toString();
    const cases: [string | Buffer, string, number, string, Record<string, number>?][] = [
      ['', URLENCODED, 200, 'upload.required'],
      [`base64Str=${encodeURIComponent(dataUrl(TEXT_BYTES))}`, URLENCODED, 200, 'upload.notImage'],
      [`base64Str=${encodeURIComponent(dataUrl(PNG))}&base64Str=x`, URLENCODED, 400, 'errors.badForm', { max: MAX_FORM_FIELDS }],
      [tooMany, URLENCODED, 400, 'errors.badForm', { max: MAX_FORM_FIELDS }],
      [`base64Str=${encodeURIComponent(dataUrl(PNG))}&name=x.png`, URLENCODED, 200, 'validation.unknownField'],
      [Buffer.from('--xyz\r\nnot a part\r\n'), 'multipart/form-data; boundary=xyz', 400, 'errors.badForm', { max: MAX_FORM_FIELDS }],
      [Buffer.from('no boundary'), 'multipart/form-data', 400, 'errors.badForm', { max: MAX_FORM_FIELDS }],
    ];
    for (const [payload, type, status, key, params] of cases) {
      const r = await send('/user/uploadBase64', payload, type, 'de');
      expect({ status: r.status, code: r.code }, String(payload).slice(0, 60)).toEqual({ status, code: 7 });
      expect(r.msg).toBe(msg('de', key, params ?? { field: r.data?.field ?? '' }));
    }
    expect(await stored()).toBe(before);
  });

  it('other endpoints still answer a form-encoded body 415, translated', async () => {
    const r = await send('/user/changePassword', 'password=a&newPassword=b', URLENCODED, 'de');
    expect(r).toEqual({ status: 415, code: 7, msg: msg('de', 'errors.unsupportedType'), data: null });
    const form = new FormData();
    form.set('password', 'a');
    const { payload, contentType } = await multipart(form);
    expect((await send('/user/changePassword', payload, contentType)).status).toBe(415);
  });
});
