// Uploaded images in an S3-compatible bucket (S3_URL), against s3rver (a real S3 server on a
// loopback port; it checks the access key, not the Signature V4 itself): the bytes go to the
// bucket under the URL's prefix and the row says so; images stored in the database before S3_URL
// was set are still served; a bucket that stops answering gets a translated 503 and no row; a
// bucket that refuses the keys, or is not there, stops start-up with what to check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COINS } from '../../../../server/funds/coins/coins.ts';
import { runCli } from '../../../../server/ops/cli.ts';
import { listingPage, parseBucketUrl } from '../../../../server/platform/storage/bucket.ts';
import { importUploadFiles } from '../../../../server/platform/uploads/upload-files.ts';
import { MAX_UPLOAD_BYTES } from '../../../../server/platform/uploads/uploads.ts';
import { dataUrl, pngImage } from '../../../fixtures/images.ts';
import { S3_KEY, startS3, type TestS3 } from '../../../fixtures/s3.ts';
import { call, msg, registerByEmail, startServer, tempDir } from '../../helpers.ts';

const TRC20 = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;
let s3: TestS3;
const bucketUrl = (key?: string, bucket?: string) => s3.url(key, bucket);
const keysInBucket = () => s3.keys();

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
});

/** The object as the bucket has it, read with a client of our own */
async function objectInBucket(key: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await s3.fetch(key);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A deposit with `proofUrl` as its proof: `ops act deposit proof <id> <file>` (S3_URL set, as an operator's shell has it) saves `bytes`. */
async function operatorSavesTheProof(app: FastifyInstance, dataDir: string, token: string, proofUrl: string, bytes: Buffer): Promise<void> {
  const body = { coin: 'USDT', czline: 'TRC20', address: TRC20, num: '100', payimg: proofUrl, cate: 1 };
  const deposit = await call(app, 'POST', '/recharge/createRecharge', { token, body });
  expect(deposit.code, deposit.msg).toBe(0);
  const file = join(tempDir(), 'proof.png');
  process.env.S3_URL = bucketUrl();
  try {
    expect((await runCli(['act', 'deposit', 'proof', String(deposit.data.ID), file], dataDir)).out).toContain(`saved ${file}`);
  } finally {
    delete process.env.S3_URL;
  }
  expect(readFileSync(file)).toEqual(bytes);
}

describe('S3_URL', () => {
  it('stores new images in the bucket, serves them to their owner only, and still serves those the database kept before', async () => {
    const dataDir = tempDir();
    const before = await startServer({ dataDir, scheduler: false });
    const { token } = await registerByEmail(before.app, 'bucket_owner@example.com');
    const old = pngImage(20, 10);
    const oldUrl = (await call(before.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(old) } })).data.url;
    await before.app.close();

    const s = await startServer({ dataDir, scheduler: false, s3Url: bucketUrl() });
    try {
      const png = pngImage(40, 30);
      const r = await call(s.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(png) } });
      expect(r.code, r.msg).toBe(0);
      const name = r.data.url.slice('/uploads/'.length);
      expect(await objectInBucket(`uploads/${name}`)).toEqual({ status: 200, type: 'image/png', bytes: png });
      expect(await s.app.db.selectFrom('uploads').select('store').where('name', '=', name).executeTakeFirst()).toEqual({ store: 's3' });
      expect(await s.app.db.selectFrom('upload_blobs').select('name').where('name', '=', name).executeTakeFirst()).toBeUndefined();
      // what every start and every CLI command runs: an image in the bucket is not one whose file is missing
      expect(await importUploadFiles(s.app.db, s.dataDir)).toEqual({ imported: 0, missing: [] });

      const served = await s.app.inject({ method: 'GET', url: r.data.url, headers: { 'x-token': token } });
      expect([served.statusCode, served.headers['content-type'], served.rawPayload]).toEqual([200, 'image/png', png]);
      const oldServed = await s.app.inject({ method: 'GET', url: oldUrl, headers: { 'x-token': token } });
      expect([oldServed.statusCode, oldServed.rawPayload]).toEqual([200, old]);
      const stranger = (await registerByEmail(s.app, 'bucket_stranger@example.com')).token;
      expect((await s.app.inject({ method: 'GET', url: r.data.url, headers: { 'x-token': stranger } })).statusCode).toBe(404);
      await operatorSavesTheProof(s.app, s.dataDir, token, r.data.url, png);
    } finally {
      await s.app.close();
    }
  });

  it('refuses to start when the bucket refuses the keys or is not there, naming what to check', async () => {
    await expect(startServer({ scheduler: false, s3Url: bucketUrl('SOMEONE') })).rejects.toThrow(
      /HTTP 403 InvalidAccessKeyId; check the bucket's name and the keys/,
    );
    await expect(startServer({ scheduler: false, s3Url: bucketUrl(S3_KEY, 'no-such-bucket') })).rejects.toThrow(
      /HTTP 404 NoSuchBucket; check the bucket's name/,
    );
    await expect(startServer({ scheduler: false, s3Url: 'ftp://a:b@127.0.0.1/images' })).rejects.toThrow(/S3_URL must look like https:\/\/<access key>/);
  });

  it('puts nothing in the bucket for a refused image; parallel uploads each get an object of their own', async () => {
    const s = await startServer({ scheduler: false, s3Url: bucketUrl() });
    try {
      const { token } = await registerByEmail(s.app, 'bucket_parallel@example.com');
      const before = await keysInBucket();
      const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
      pngImage(1, 1).copy(big);
      for (const bytes of [Buffer.from('not an image'), big]) {
        const r = await call(s.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(bytes) } });
        expect(r.code).toBe(7);
      }
      expect(await keysInBucket()).toEqual(before);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call(s.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(10 + i, 10)) } })),
      );
      const names = answers.map((r) => r.data.url.slice('/uploads/'.length));
      expect(new Set(names).size).toBe(8);
      expect((await keysInBucket()).filter((key) => !before.includes(key)).sort()).toEqual(names.map((n: string) => `uploads/${n}`).sort());
    } finally {
      await s.app.close();
    }
  });

  it('answers a translated 503 and writes nothing when the bucket stops answering', async () => {
    const s = await startServer({ scheduler: false, s3Url: bucketUrl() });
    try {
      const { token } = await registerByEmail(s.app, 'bucket_outage@example.com');
      const stored = await call(s.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(8, 8)) } });
      await s3.close();
      const rows = async () => (await s.app.db.selectFrom('uploads').select('id').execute()).length;
      const before = await rows();
      const r = await call(s.app, 'POST', '/user/uploadBase64', { token, lang: 'de', body: { base64Str: dataUrl(pngImage(9, 9)) } });
      expect([r.status, r.code, r.msg]).toEqual([503, 7, msg('de', 'errors.serviceUnavailable')]);
      expect(await rows()).toBe(before);
      const served = await s.app.inject({ method: 'GET', url: stored.data.url, headers: { 'x-token': token } });
      expect(served.statusCode).toBe(503);
    } finally {
      await s.app.close();
    }
  });
});

describe('parseBucketUrl', () => {
  it('reads percent-encoded keys, a prefix and the region; falls back to the AWS_ variables', () => {
    expect(parseBucketUrl('https://AKIA1:a%2Fb%2Bc@s3.eu-central-1.amazonaws.com/my-bucket/img/?region=eu-central-1', {})).toEqual({
      base: 'https://s3.eu-central-1.amazonaws.com/my-bucket/img',
      bucket: 'https://s3.eu-central-1.amazonaws.com/my-bucket',
      prefix: 'img/',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'a/b+c',
      region: 'eu-central-1',
    });
    const env = { AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret', AWS_REGION: 'eu-west-1' };
    expect(parseBucketUrl('http://minio:9000/b', env)).toEqual({
      base: 'http://minio:9000/b',
      bucket: 'http://minio:9000/b',
      prefix: '',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'eu-west-1',
    });
  });

  it('refuses what it cannot use, with the format it expects', () => {
    expect(() => parseBucketUrl('not a url', {})).toThrow(/S3_URL must look like .* \(it is not a URL\)/);
    expect(() => parseBucketUrl('https://a:b@host/', {})).toThrow(/it names no bucket/);
    expect(() => parseBucketUrl('https://host/bucket', {})).toThrow(/it has no keys/);
  });
});

describe('listingPage', () => {
  it("reads a ListObjectsV2 page's keys after the prefix, their size and date, and the next page's token", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>images</Name><Prefix>img/</Prefix><KeyCount>2</KeyCount>
      <IsTruncated>true</IsTruncated><NextContinuationToken>t&amp;2</NextContinuationToken>
      <Contents><Key>img/a.png</Key><LastModified>2026-11-29T10:00:00.000Z</LastModified><Size>12</Size></Contents>
      <Contents><Key>img/b&amp;c.jpg</Key><LastModified>2026-11-29T11:30:00.000Z</LastModified><ETag>"x"</ETag><Size>3</Size></Contents></ListBucketResult>`;
    expect(listingPage(xml, 'img/')).toEqual({
      objects: [
        { name: 'a.png', size: 12, storedAt: Date.parse('2026-11-29T10:00:00.000Z') },
        { name: 'b&c.jpg', size: 3, storedAt: Date.parse('2026-11-29T11:30:00.000Z') },
      ],
      next: 't&2',
    });
    expect(listingPage('<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>', 'img/')).toEqual({ objects: [], next: undefined });
  });
});
