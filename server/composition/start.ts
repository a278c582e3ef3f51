// `npm start`: builds the app into STATIC_DIR when it is missing or older than
// its sources (src/, contract/, locales/, schemas/…: server/composition/build-stale.ts), then
// runs the server (server/composition/main.ts). A failed build still starts the API;
// STATIC_DIR='' means API only (no build).
// It first regenerates stale generated code (scripts/gen/fresh.ts, run as its own process:
// the server imports nothing from scripts/), so `npm start` is one process that signals reach.
//
// SIGINT and SIGTERM stop it cleanly: during the build the build is stopped (its whole
// process group) and nothing starts; once serving, server/composition/main.ts closes the server (no
// new connections, in-flight requests finish, websockets closed with 1001 "going away",
// the scheduler stopped, the database closed) and exits 0. A close that hangs is cut
// after SHUTDOWN_LIMIT_MS (exit 1).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isBuildStale } from './build-stale.ts';
import { main } from './main.ts';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const SHUTDOWN_LIMIT_MS = 15_000;

/** Runs the build in its own process group; resolves with its exit code, or 'stopped' on a signal. */
function build(staticDir: string): Promise<number | 'stopped'> {
  return new Promise((done) => {
    const child: ChildProcess = spawn('npm', ['run', 'build', '--', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit', detached: true });
    const stop = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      done('stopped');
    };
    for (const s of SIGNALS) process.once(s, stop);
    const settle = (code: number) => {
      for (const s of SIGNALS) process.removeListener(s, stop);
      done(code);
    };
    child.on('exit', (code) => settle(code ?? 1));
    child.on('error', () => settle(1));
  });
}

/** Schemas newer than the generated code: regenerate, or stop with the generator's message. */
function ensureGenerated(): void {
  const script = 'scripts/gen/fresh.ts';
  if (!existsSync(script)) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The generated code could not be brought up to date with the schemas; not starting.');
    process.exit(1);
  }
}

async function start(): Promise<void> {
  ensureGenerated();
  const staticDir = process.env.STATIC_DIR === '' ? undefined : resolve(process.env.STATIC_DIR ?? './dist');
  if (staticDir !== undefined && isBuildStale(staticDir) && existsSync('vite.config.ts')) {
    console.log('Building the app (npm run build)…');
    const result = await build(staticDir);
    if (result === 'stopped') {
      console.log('Stopped during the build.');
      process.exit(0);
    }
    if (result !== 0) console.error('The app build failed; starting the API only.');
  }
  await main();
  // main() closes the server on the first signal; this only bounds how long that may take
  for (const s of SIGNALS) {
    process.once(s, () => {
      setTimeout(() => {
        console.error(`The server did not close within ${SHUTDOWN_LIMIT_MS} ms; exiting.`);
        process.exit(1);
      }, SHUTDOWN_LIMIT_MS).unref();
    });
  }
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
