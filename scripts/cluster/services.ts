// The cluster's shared services from Debian's packages: a throwaway PostgreSQL cluster (initdb
// into a temporary directory, run as the `postgres` user when we are root, as .ci/run does) and
// a redis-server without persistence. Both on free loopback ports.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, logTail, portOpen, spawnLogged, stopGroup, waitUntil } from './processes.ts';

export interface Service {
  url: string;
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin directory (/usr/lib/postgresql/<version>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  versions.sort((a, b) => Number(a) - Number(b));
  return join(root, versions[versions.length - 1], 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as `postgres` when we are root (PostgreSQL refuses to run as root). */
function pgTool(bin: string, tool: string, args: string[]): void {
  const [command, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout || result.error?.message}`);
}

export async function startPostgres(): Promise<Service> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'coinapp-cluster-pg-'));
  if (asRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), 0);
  const port = await freePort();
  const data = join(dir, 'data');
  const stop = async () => {
    if (existsSync(join(data, 'postmaster.pid'))) pgTool(bin, 'pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pgTool(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    // each instance's pool holds up to 10 connections, and the leader a few more
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`;
    pgTool(bin, 'pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

export async function startRedisServer(logDir: string): Promise<Service & { process: ChildProcess }> {
  const port = await freePort();
  const log = join(logDir, 'redis.log');
  const child = spawnLogged('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], log);
  child.once('error', () => {});
  try {
    await waitUntil('redis-server', child, 10_000, () => portOpen(port));
  } catch (error) {
    await stopGroup(child, 1_000);
    throw new Error(`${String(error)} (Debian's redis-server; its log ends:)\n${logTail(log)}`, { cause: error });
  }
  return { url: `redis://127.0.0.1:${port}`, process: child, stop: () => stopGroup(child, 5_000) };
}
