// `npm start`: builds the app into STATIC_DIR when it is missing or older than
// its sources (src/, contract/, locales/, schemas/…: server/build-stale.ts), then
// runs the server (server/main.ts). A failed build still starts the API.
// (`npm start` regenerates stale generated code first: scripts/gen/fresh.ts.)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isBuildStale } from './build-stale.ts';
import { main } from './main.ts';

const staticDir = resolve(process.env.STATIC_DIR ?? './dist');
const stale = isBuildStale(staticDir);
if (stale && existsSync('vite.config.ts')) {
  console.log('Building the app (npm run build)…');
  const result = spawnSync('npm', ['run', 'build', '--', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) console.error('The app build failed; starting the API only.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
