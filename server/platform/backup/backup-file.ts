// The backup file: one line "COINAPP-BACKUP 1", one line of JSON (the manifest: what kind of
// database, when, and each part's name, size and SHA-256), then the parts' bytes one after the
// other. Written under a temporary name and renamed when complete, so a file with the final name
// is always whole; each part is checked against its hash when it is read back.
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, fsyncSync, openSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { refusal } from '../../core/errors.ts';

const MAGIC = 'COINAPP-BACKUP 1\n';
/** The manifest is one line of JSON; a longer first 64 KiB is not a backup. */
const HEADER_MAX = 64 * 1024;

export type BackupKind = 'sqlite' | 'postgres';

export interface BackupPart {
  name: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  kind: BackupKind;
  createdAt: string;
  /** PostgreSQL: the schema that was dumped */
  schema?: string;
  parts: BackupPart[];
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes `file` from the part files given by name; returns the manifest written. */
export async function writeBackupFile(
  file: string,
  kind: BackupKind,
  createdAt: number,
  parts: { name: string; path: string }[],
  schema?: string,
): Promise<BackupManifest> {
  const manifest: BackupManifest = {
    kind,
    createdAt: new Date(createdAt).toISOString(),
    ...(schema === undefined ? {} : { schema }),
    parts: await Promise.all(parts.map(async (p) => ({ name: p.name, bytes: statSync(p.path).size, sha256: await sha256Of(p.path) }))),
  };
  const partial = `${file}.partial`;
  writeFileSync(partial, `${MAGIC}${JSON.stringify(manifest)}\n`, { mode: 0o600 });
  try {
    for (const p of parts) await pipeline(createReadStream(p.path), createWriteStream(partial, { flags: 'a' }));
    const fd = openSync(partial, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, file);
  } catch (error) {
    unlinkSync(partial);
    throw error;
  }
  return manifest;
}

/** The manifest of `file` and where its parts start; refuses (ApiError) a file that is not a whole backup. */
export function readBackupManifest(file: string): { manifest: BackupManifest; offsets: Map<string, number> } {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(HEADER_MAX);
  const read = readSync(fd, head, 0, HEADER_MAX, 0);
  closeSync(fd);
  const text = head.subarray(0, read).toString('latin1');
  const end = text.indexOf('\n', MAGIC.length);
  if (!text.startsWith(MAGIC) || end < 0) throw refusal('refusals.backup.notBackup', { file });
  const manifest = JSON.parse(Buffer.from(text.slice(MAGIC.length, end), 'latin1').toString('utf8')) as BackupManifest;
  const offsets = new Map<string, number>();
  let at = end + 1;
  for (const p of manifest.parts) {
    offsets.set(p.name, at);
    at += p.bytes;
  }
  if (statSync(file).size !== at) throw refusal('refusals.backup.notWhole', { file });
  return { manifest, offsets };
}

/** Copies part `name` of `file` to `dest` and checks its hash; refuses (ApiError) when it does not match. */
export async function extractPart(file: string, name: string, dest: string): Promise<void> {
  const { manifest, offsets } = readBackupManifest(file);
  const part = manifest.parts.find((p) => p.name === name);
  if (!part) throw refusal('refusals.backup.noPart', { file, part: name });
  const start = offsets.get(name)!;
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  if (part.bytes === 0) writeFileSync(dest, '', { mode: 0o600 });
  else await pipeline(createReadStream(file, { start, end: start + part.bytes - 1 }), hashing, createWriteStream(dest, { mode: 0o600 }));
  if (part.bytes === 0) hash.update('');
  if (hash.digest('hex') !== part.sha256) {
    unlinkSync(dest);
    throw refusal('refusals.backup.damaged', { file, part: name });
  }
}
