// Images an older version stored as files under DATA_DIR/uploads, copied into the database at
// start (after the migrations), so an upgraded installation serves them from every instance.
//
// The files are left where they are: the copy is only known good once committed, a rollback to
// the older version still finds its files, and the server never reads them again. The operator
// may delete DATA_DIR/uploads once satisfied. A file missing on disk is counted and skipped (its
// image answers 404, as it did before), never a reason not to start; the next start looks again.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../core/db/index.ts';
import { isUploadName } from './uploads.ts';

/** Where an older version kept the uploads of a data dir. */
export function legacyUploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

export interface UploadImport {
  imported: number;
  missing: string[];
}

async function fileBytes(dataDir: string, name: string): Promise<Buffer | undefined> {
  if (!isUploadName(name)) return undefined;
  try {
    return await readFile(join(legacyUploadsDir(dataDir), name));
  } catch {
    return undefined;
  }
}

/** Copies the file of every upload kept in the database (not a bucket's) that has no bytes there; one file in memory at a time. */
export async function importUploadFiles(db: Db, dataDir: string): Promise<UploadImport> {
  const names = await db
    .selectFrom('uploads')
    .select('name')
    .where('store', '=', 'db')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('upload_blobs').select('upload_blobs.name').whereRef('upload_blobs.name', '=', 'uploads.name'))),
    )
    .orderBy('id')
    .execute();
  const result: UploadImport = { imported: 0, missing: [] };
  for (const { name } of names) {
    const bytes = await fileBytes(dataDir, name);
    if (!bytes) {
      result.missing.push(name);
      continue;
    }
    // another instance starting on the same data dir may copy it first
    await db
      .insertInto('upload_blobs')
      .values({ name, bytes })
      .onConflict((c) => c.column('name').doNothing())
      .execute();
    result.imported++;
  }
  if (result.missing.length > 0) {
    console.warn(`${result.missing.length} uploaded image(s) have no file in ${legacyUploadsDir(dataDir)} to copy into the database; they answer 404.`);
  }
  return result;
}
