// SQLite serves one server instance: the first one to start on a data dir writes its process id
// to DATA_DIR/server.pid, and another start on that data dir is refused while that process lives
// (several instances run on PostgreSQL with Redis). A file left by a process that has died
// (killed, crashed) is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const servedHere = new Set<string>();

function processLives(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // a process id is reused after its process has died: only a Node.js process can be a server
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

function refuse(dataDir: string, who: string): never {
  throw new Error(
    `Another server (${who}) is serving ${dataDir}. SQLite serves one instance; several instances need PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).`,
  );
}

/** Claims the data dir for this process; returns its release. */
export function claimDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'server.pid');
  if (servedHere.has(dataDir)) refuse(dataDir, 'in this process');
  let pid = NaN;
  try {
    pid = Number(readFileSync(file, 'utf8').trim());
  } catch {
    // no file: nobody serves it
  }
  if (Number.isSafeInteger(pid) && pid !== process.pid && processLives(pid)) refuse(dataDir, `process ${pid}`);
  writeFileSync(file, `${process.pid}\n`);
  servedHere.add(dataDir);
  return () => {
    servedHere.delete(dataDir);
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file);
    } catch {
      // already gone
    }
  };
}
