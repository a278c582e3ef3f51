// Scheduled backups, taken by the leader: BACKUP_DIR (where; unset: none), BACKUP_EVERY_HOURS
// (default 24) and BACKUP_KEEP (how many of the newest to keep, default 7).
import { readdirSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ScheduledJob } from '../jobs/job.ts';
import { backupInstall } from './backup.ts';

/** Where scheduled backups go and how often, from the environment; undefined without BACKUP_DIR. */
export interface BackupSchedule {
  dir: string;
  everyMs: number;
  keep: number;
}

function positiveWhole(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, not ${text}`);
  return n;
}

export function backupSchedule(env: NodeJS.ProcessEnv = process.env): BackupSchedule | undefined {
  const dir = env.BACKUP_DIR?.trim();
  if (!dir) return undefined;
  return { dir: resolve(dir), everyMs: positiveWhole(env, 'BACKUP_EVERY_HOURS', 24) * 3_600_000, keep: positiveWhole(env, 'BACKUP_KEEP', 7) };
}

const NAME = /^coinapp-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.backup$/;

/** When a scheduled backup was taken, by its name (the server's clock, which tests inject). */
function timeOfName(name: string): number {
  const [, y, mo, d, h, mi, s] = NAME.exec(name)!.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** The scheduled backups in `dir`, newest first. */
export function scheduledBackups(dir: string): { name: string; at: number }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => NAME.test(n))
    .map((name) => ({ name, at: timeOfName(name) }))
    .sort((a, b) => b.at - a.at);
}

const fileName = (now: number) =>
  `coinapp-${new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.backup`;

/** Takes a backup into the schedule's dir when the newest there is older than its interval, then keeps the newest `keep`; returns 1 when it took one. */
export async function runScheduledBackup(dataDir: string, schedule: BackupSchedule, now: number): Promise<number> {
  const newest = scheduledBackups(schedule.dir)[0];
  if (newest && newest.at > now - schedule.everyMs) return 0;
  await backupInstall(dataDir, join(schedule.dir, fileName(now)), now);
  for (const old of scheduledBackups(schedule.dir).slice(schedule.keep)) unlinkSync(join(schedule.dir, old.name));
  return 1;
}

export const SCHEDULED_BACKUP = 'backup';

/**
 * The leader's backup job (none without BACKUP_DIR). A backup runs beside the other jobs rather
 * than inside their pass, so a large database never delays settlement; one at a time.
 */
export function backupJobs(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  onError: (error: unknown) => void = (e) => console.error('backup:', e),
): ScheduledJob[] {
  const schedule = backupSchedule(env);
  if (!schedule) return [];
  let running: Promise<unknown> | undefined;
  return [
    {
      name: SCHEDULED_BACKUP,
      everyMs: 60_000,
      run: async ({ now }) => {
        if (running) return 0;
        running = runScheduledBackup(dataDir, schedule, now())
          .catch(onError)
          .finally(() => {
            running = undefined;
          });
        return 0;
      },
    },
  ];
}
