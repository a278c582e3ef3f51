// npm run build [-- --outDir <dir>] [vite options]: the generated code brought up to date, then the
// customer app (vite.config.ts) into <dir> (default dist) and the back office (vite.admin.config.ts)
// into <dir>/admin. Two builds, so that neither's chunking or service worker knows of the other.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--outDir');
const outDir = at >= 0 ? args[at + 1] : 'dist';
const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;

function run(command: string, commandArgs: string[]): void {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, ['--import', 'tsx', 'scripts/gen/fresh.ts']);
run('npx', ['vite', 'build', '--outDir', outDir, ...rest]);
run('npx', [
  'vite',
  'build',
  '--config',
  'vite.admin.config.ts',
  '--outDir',
  join(outDir, 'admin'),
  '--emptyOutDir',
  ...rest.filter((a) => a !== '--emptyOutDir'),
]);
