// Runs an npm script as a child process: its output to this terminal, or to `logFile` to be
// printed later (when several run at once); with `tee`, to both; resolves with its exit code.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export function runScript(script: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = process.env, logFile?: string, tee = false): Promise<number> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
      env,
      stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (logFile) {
      const log = createWriteStream(logFile);
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
      if (tee) {
        child.stdout!.pipe(process.stdout, { end: false });
        child.stderr!.pipe(process.stderr, { end: false });
      }
    }
    child.on('close', (code) => done(code ?? 1));
  });
}
