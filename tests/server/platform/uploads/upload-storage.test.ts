// Uploaded images live in the database: two servers on one database (one PostgreSQL schema, or
// one SQLite file) serve an image either received, with no file in the data dir; and an
// installation upgraded from the version that kept images under DATA_DIR/uploads serves them
// after the upgrade (the files are copied in at start and left in place), while an image whose
// file went missing answers 404 without stopping the start.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../server/core/db/index.ts';
import { migrationProvider } from '../../../../server/core/db/migrations/index.ts';
import { postgresSchemaOf } from '../../../../server/core/db/postgres.ts';
import { createFakeMarket } from '../../../../server/composition/money.ts';
import { dataUrl, JPEG_BYTES, pngImage } from '../../../fixtures/images.ts';
import { call, clock, registerByEmail, startServer, type TestServer, tempDir } from '../../helpers.ts';

const PNG = pngImage(24, 16);
const started: TestServer[] = [];
afterAll(async () => {
  for (const s of started.reverse()) await s.app.close();
});

/** A server on `dataDir` with a market of its own that writes nothing, so two can share a database. */
async function server(dataDir: string): Promise<TestServer> {
  const c = clock();
  const s = await startServer({ dataDir, market: createFakeMarket(c.now), scheduler: false }, c);
  started.push(s);
  return s;
}

const fetchUpload = (s: TestServer, url: string, token: string) => s.app.inject({ method: 'GET', url, headers: { 'x-token': token } });

describe('two servers on one database', () => {
  it('serve an image uploaded on the other; neither keeps a file', async () => {
    const dataDir = tempDir();
    const [a, b] = [await server(dataDir), await server(dataDir)];
    const { token } = await registerByEmail(a.app, 'shared_upload@example.com');
    const onA = await call(a.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(PNG) } });
    const onB = await call(b.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(JPEG_BYTES) } });
    expect([onA.code, onB.code]).toEqual([0, 0]);
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);

    const fromB = await fetchUpload(b, onA.data.url, token);
    expect([fromB.statusCode, fromB.headers['content-type'], fromB.headers['cache-control']]).toEqual([200, 'image/png', 'private, no-store']);
    expect(fromB.rawPayload).toEqual(PNG);
    const fromA = await fetchUpload(a, onB.data.url, token);
    expect([fromA.statusCode, fromA.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(fromA.rawPayload).toEqual(JPEG_BYTES);
  });
});

/** Takes the database of `dataDir` back to before upload_blobs, as the previous version left it. */
async function downgrade(dataDir: string): Promise<void> {
  const db = openDatabase(dataDir);
  try {
    const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: postgresSchemaOf(db) });
    const { error } = await migrator.migrateTo('0020_broadcast_keys');
    if (error) throw error;
  } finally {
    await db.destroy();
  }
}

describe('upgrade from images on disk', () => {
  it('serves an image the previous version stored as a file; a lost file is 404 and does not stop the start', async () => {
    const dataDir = tempDir();
    const first = await server(dataDir);
    const { token, user } = await registerByEmail(first.app, 'old_upload@example.com');
    await first.app.close();
    started.pop();

    await downgrade(dataDir);
    // what the previous version wrote: a row in uploads and the file under DATA_DIR/uploads
    const [kept, lost] = [`${'1'.repeat(32)}.png`, `${'2'.repeat(32)}.png`];
    mkdirSync(join(dataDir, 'uploads'));
    writeFileSync(join(dataDir, 'uploads', kept), PNG);
    const db = openDatabase(dataDir);
    const row = { user_id: user.ID as number, mime: 'image/png', size: PNG.length, created_at: Date.now() };
    await db
      .insertInto('uploads')
      .values([
        { ...row, name: kept },
        { ...row, name: lost },
      ])
      .execute();
    await db.destroy();

    const upgraded = await server(dataDir);
    const served = await fetchUpload(upgraded, `/uploads/${kept}`, token);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect(served.rawPayload).toEqual(PNG);
    expect((await fetchUpload(upgraded, `/uploads/${lost}`, token)).statusCode).toBe(404);
    // copied, not moved: the previous version could still be started on this data dir
    expect(existsSync(join(dataDir, 'uploads', kept))).toBe(true);
  });
});
