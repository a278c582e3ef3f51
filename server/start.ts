// `npm start`: builds the app into STATIC_DIR when it has not been built yet, then runs
// the server (server/main.ts). A failed build still starts the API.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from './main.ts';

const staticDir = resolve(process.env.STATIC_DIR ?? './dist');
if (!existsSync(join(staticDir, 'index.html')) && existsSync('vite.config.ts')) {
  console.log('Building the app (npm run build)…');
  const result = spawnSync('npm', ['run', 'build', '--', '--outDir', staticDir], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) console.error('The app build failed; starting the API only.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
