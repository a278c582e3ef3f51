// `npm start`: builds the app into STATIC_DIR when it is missing or older than
// its sources, then runs the server (server/main.ts). A failed build still starts the API.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from './main.ts';

const SOURCES = ['src', 'locales', 'schemas', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, f) => Math.max(max, newestMtime(join(path, f))), s.mtimeMs);
}

const staticDir = resolve(process.env.STATIC_DIR ?? './dist');
const builtAt = newestMtime(join(staticDir, 'index.html'));
const stale = builtAt === 0 || SOURCES.some((s) => newestMtime(s) > builtAt);
if (stale && existsSync('vite.config.ts')) {
  console.log('Building the app (npm run build)…');
  const result = spawnSync('npm', ['run', 'build', '--', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) console.error('The app build failed; starting the API only.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
