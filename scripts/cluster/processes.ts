// Child processes of a local cluster: each in its own process group (so a signal to the group
// reaches what it started too, and the terminal's Ctrl-C reaches only the launcher, which stops
// them in order), its output appended to a log file, and waits for a port or an HTTP answer.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Starts `command` detached (its own process group), stdout and stderr appended to `logFile`. */
export function spawnLogged(command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = process.env, cwd?: string): ChildProcess {
  const out = openSync(logFile, 'a');
  try {
    return spawn(command, args, { detached: true, stdio: ['ignore', out, out], env, cwd });
  } finally {
    // the child holds its own copy of the descriptor
    closeSync(out);
  }
}

export const isRunning = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

/** Sends `signal` to the child's whole process group; resolves when the child has exited. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (!isRunning(child)) return Promise.resolve();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is already gone
  }
  return exited;
}

/** SIGTERM to the group, SIGKILL after `graceMs` if it has not exited by then. */
export async function stopGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
  const stopped = signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => void signalGroup(child, 'SIGKILL'), graceMs);
  await stopped;
  clearTimeout(timer);
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The last lines of a log, to show with a failure. */
export function logTail(logFile: string, lines = 20): string {
  try {
    return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Polls until `ready()` holds; fails when the child exits first, `timeoutMs` passes or `abort` fires. */
export async function waitUntil(
  what: string,
  child: ChildProcess | undefined,
  timeoutMs: number,
  ready: () => Promise<boolean>,
  abort?: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    abort?.throwIfAborted();
    if (child && !isRunning(child)) throw new Error(`${what} exited (code ${child.exitCode ?? child.signalCode}) before it was ready`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s`);
    await pause(200);
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** The HTTP status of a GET, or 0 when nothing answers. */
export async function httpStatus(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
