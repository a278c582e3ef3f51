// Whether the built app in a static folder is older than its sources (used by
// `npm start`, server/composition/start.ts): then it is rebuilt, so a changed schema, locale
// or contract is never served by a stale bundle. Plain file mtimes; no imports from scripts/.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Folders and files the client bundle is built from, relative to the project root. */
export const BUILD_SOURCES = ['src', 'contract', 'locales', 'schemas', 'index.html', 'admin.html', 'vite.config.ts', 'vite.admin.config.ts', 'package.json'];

/** The newest mtime of `path` and everything under it; 0 when it does not exist. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, f) => Math.max(max, newestMtime(join(path, f))), s.mtimeMs);
}

/** True when `staticDir` holds no built app or one older than a file of `sources` under `root`. */
export function isBuildStale(staticDir: string, root = '.', sources: readonly string[] = BUILD_SOURCES): boolean {
  // the customer app and the back office (scripts/build.ts builds both): the older of the two
  const builtAt = Math.min(newestMtime(join(staticDir, 'index.html')), newestMtime(join(staticDir, 'admin', 'admin.html')));
  return builtAt === 0 || sources.some((s) => newestMtime(resolve(root, s)) > builtAt);
}
