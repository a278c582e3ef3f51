// The ops CLI's backup, restore and verify commands (the work is in server/platform/backup/backup.ts).
import { resolve } from 'node:path';
import type { Db } from '../core/db/index.ts';
import { bucketFromEnv } from '../platform/storage/bucket.ts';
import { backupInstall, restoreInstall, verifyInstall } from '../platform/backup/backup.ts';

export const BACKUP_HELP = `  backup <file>       a consistent copy of the database (uploaded images included) while the server
                      serves: SQLite's online backup, or pg_dump on PostgreSQL; the server secret is not in it
  restore <file>      load a backup into an empty DATA_DIR (or an empty PostgreSQL schema); refuses any other
  verify              check this install: the ledger sums to the balances, the audit chain is whole, every
                      upload has its bytes; exit 0 when all hold, else 1 naming each problem`;

interface CliResult {
  code: number;
  out: string;
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KiB` : `${(bytes / (1024 * 1024)).toFixed(1)} MiB`);

export async function backupCommand([file]: string[], dataDir: string): Promise<CliResult> {
  if (!file) return { code: 1, out: 'Usage: backup <file>: where to write the backup.' };
  const manifest = await backupInstall(dataDir, resolve(file), Date.now());
  const bytes = manifest.parts.reduce((n, p) => n + p.bytes, 0);
  return {
    code: 0,
    out: `Backup of ${manifest.createdAt} written to ${resolve(file)} (${manifest.kind}, ${sizeText(bytes)}, parts: ${manifest.parts.map((p) => p.name).join(', ')}).`,
  };
}

export async function restoreCommand([file]: string[], dataDir: string): Promise<CliResult> {
  if (!file) return { code: 1, out: 'Usage: restore <file>: the backup to load into the empty DATA_DIR.' };
  return { code: 0, out: await restoreInstall(dataDir, resolve(file)) };
}

export async function verifyCommand(db: Db): Promise<CliResult> {
  const check = await verifyInstall(db, bucketFromEnv());
  return { code: check.ok ? 0 : 1, out: check.lines.join('\n') };
}
