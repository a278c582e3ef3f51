// Images left in the bucket without an upload row (a crash between storing an image and recording
// it), against a real S3 server: `npm run ops -- uploads orphans` lists those stored over an hour
// ago that no upload names and `uploads sweep` removes them, audited; images with rows, keys that
// are not upload names and keys outside the URL's prefix are never touched.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../../server/ops/cli.ts';
import { openBucket } from '../../../../server/platform/storage/bucket.ts';
import { bucketOrphans, ORPHAN_AGE_MS } from '../../../../server/platform/uploads/orphans.ts';
import { dataUrl, pngImage } from '../../../fixtures/images.ts';
import { startS3, type TestS3 } from '../../../fixtures/s3.ts';
import { call, registerByEmail, startServer } from '../../helpers.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
});

const uploadName = () => `${randomBytes(16).toString('hex')}.png`;

async function putObject(key: string): Promise<void> {
  const res = await s3.fetch(key, { method: 'PUT', body: new Uint8Array(pngImage(2, 2)), headers: { 'content-type': 'image/png' } });
  expect(res.status, key).toBe(200);
}

/** runCli with S3_URL set, as an operator's shell has it, at the time `now` */
async function opsAt(now: number, ...args: string[]) {
  process.env.S3_URL = s3.url();
  // s3rver runs in this process and reads the same clock, so signed requests are not "skewed"
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  try {
    return await runCli(args, dataDir);
  } finally {
    vi.useRealTimers();
    delete process.env.S3_URL;
  }
}
let dataDir: string;

describe('uploads orphans and sweep', () => {
  it('lists and removes only images stored over an hour ago that no upload names, and audits the removal', async () => {
    const s = await startServer({ scheduler: false, s3Url: s3.url() });
    dataDir = s.dataDir;
    try {
      const { token } = await registerByEmail(s.app, 'orphan_owner@example.com');
      const keptUrl: string = (await call(s.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(6, 6)) } })).data.url;
      const kept = keptUrl.slice('/uploads/'.length);
      const orphan = uploadName();
      const outside = `elsewhere/${uploadName()}`;
      for (const key of [`uploads/${orphan}`, 'uploads/notes.txt', outside]) await putObject(key);
      const before = await s3.keys();

      const bucket = openBucket(s3.url());
      expect(await bucketOrphans(s.app.db, bucket, Date.now())).toEqual([]);
      const later = Date.now() + ORPHAN_AGE_MS + 60_000;
      expect((await bucketOrphans(s.app.db, bucket, later)).map((o) => o.name)).toEqual([orphan]);

      const listed = await opsAt(later, 'uploads', 'orphans');
      expect(listed.code, listed.out).toBe(0);
      expect(listed.out.split('\n')).toEqual([expect.stringMatching(/^name +bytes +stored$/), expect.stringMatching(new RegExp(`^${orphan} +\\d+ +\\d{4}-`))]);
      expect(await s3.keys()).toEqual(before);

      const swept = await opsAt(later, 'uploads', 'sweep');
      expect(swept.out).toMatch(new RegExp(`^Removed 1 image\\(s\\) that no upload names\\.\\n.*\\n${orphan} `));
      expect((await s3.keys()).sort()).toEqual(before.filter((key) => key !== `uploads/${orphan}`).sort());
      expect(await s3.keys()).toEqual(expect.arrayContaining([`uploads/${kept}`, 'uploads/notes.txt', outside]));
      expect((await opsAt(later, 'uploads', 'orphans')).out).toBe('No image in the bucket is without an upload.');
      expect((await s.app.inject({ method: 'GET', url: keptUrl, headers: { 'x-token': token } })).statusCode).toBe(200);

      const audited = await s.app.db.selectFrom('audit_log').select('action').where('action', 'like', 'cli.uploads.%').execute();
      expect(audited).toEqual([{ action: 'cli.uploads.sweep' }]);
    } finally {
      await s.app.close();
    }
  });

  it('reads a listing of several pages, asking for each next one with its token', async () => {
    // s3rver cannot page (its continuation token is DES, which OpenSSL 3 no longer has): a server
    // of ListObjectsV2 pages of two keys stands in for it
    const keys = Array.from({ length: 5 }, uploadName).sort();
    const asked: Record<string, string>[] = [];
    const server = createServer((req, res) => {
      const query = Object.fromEntries(new URL(req.url!, 'http://x').searchParams);
      asked.push(query);
      const from = Number(query['continuation-token'] ?? 0);
      const page = keys.slice(from, from + Number(query['max-keys']));
      const more = from + page.length < keys.length;
      res.end(
        `<ListBucketResult><IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${from + page.length}</NextContinuationToken>` : ''}` +
          page.map((k) => `<Contents><Key>paged/${k}</Key><LastModified>2026-11-29T10:00:00.000Z</LastModified><Size>7</Size></Contents>`).join('') +
          '</ListBucketResult>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const listed: string[] = [];
      for await (const object of openBucket(`http://k:s@127.0.0.1:${port}/images/paged`).list(2)) listed.push(object.name);
      expect(listed).toEqual(keys);
      expect(asked.map((q) => [q.prefix, q['max-keys'], q['continuation-token']])).toEqual([
        ['paged/', '2', undefined],
        ['paged/', '2', '2'],
        ['paged/', '2', '4'],
      ]);
    } finally {
      server.close();
    }
  });

  it('says what is missing without S3_URL, or with a subcommand it does not know', async () => {
    const s = await startServer({ scheduler: false });
    try {
      expect(await runCli(['uploads', 'orphans'], s.dataDir)).toEqual({
        code: 1,
        out: 'uploads: S3_URL is not set. Without a bucket every image is kept in the database with its row, so none is left over.',
      });
      const unknown = await runCli(['uploads', 'purge'], s.dataDir);
      expect([unknown.code, unknown.out.split('\n')[0]]).toEqual([1, 'uploads: orphans or sweep, not "purge".']);
    } finally {
      await s.app.close();
    }
  });
});
