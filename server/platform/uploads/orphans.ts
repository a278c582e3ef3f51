// Images in the bucket that no upload row names. An upload puts its bytes in the bucket first and
// writes its row after (uploads.ts), so a crash or a failed insert between the two leaves an
// object nobody can name or be served. Operators list and remove them with `npm run ops --
// uploads orphans | sweep`. Only names of the upload shape count, and only objects stored at
// least ORPHAN_AGE_MS ago: an upload in progress has its object for a moment before its row.
import type { Db } from '../../core/db/index.ts';
import type { Bucket, StoredObject } from '../storage/bucket.ts';
import { isUploadName } from './uploads.ts';

/** How long an object must have been in the bucket, without a row, to count as left over. */
export const ORPHAN_AGE_MS = 60 * 60_000;

/** How many names one row lookup asks for. */
const LOOKUP_BATCH = 500;

/** The bucket's images stored before `now - ORPHAN_AGE_MS` that no row of `uploads` names, in listing order. */
export async function bucketOrphans(db: Db, bucket: Bucket, now: number): Promise<StoredObject[]> {
  const orphans: StoredObject[] = [];
  let batch: StoredObject[] = [];
  const lookUp = async () => {
    const rows = await db
      .selectFrom('uploads')
      .select('name')
      .where(
        'name',
        'in',
        batch.map((o) => o.name),
      )
      .execute();
    const named = new Set(rows.map((r) => r.name));
    orphans.push(...batch.filter((o) => !named.has(o.name)));
    batch = [];
  };
  for await (const object of bucket.list()) {
    // a date that did not parse (NaN) is never old enough
    const old = object.storedAt <= now - ORPHAN_AGE_MS;
    if (!old || !isUploadName(object.name)) continue;
    batch.push(object);
    if (batch.length === LOOKUP_BATCH) await lookUp();
  }
  if (batch.length > 0) await lookUp();
  return orphans;
}

/** Removes the bucket's orphans (bucketOrphans) and returns them. */
export async function sweepOrphans(db: Db, bucket: Bucket, now: number): Promise<StoredObject[]> {
  const orphans = await bucketOrphans(db, bucket, now);
  for (const orphan of orphans) await bucket.remove(orphan.name);
  return orphans;
}
