// Runs first in `npm run build` and `npm start`: when schemas/ changed since the last
// `npm run gen`, regenerates (the same generator, in-process) so that a forgotten
// `gen` never ships a client and a server that disagree. A schema the generator
// rejects stops the build or start with the generator's message.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEntities, loadHandWrittenScreens, loadMetaSchema, loadScreens } from '../../contract/loader.ts';
import { generate } from './generate.ts';
import { syncGenerated } from './sync.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Makes the generated folders under `root` match `files`: returns how many files
 * were stale, missing or extra (0: nothing written) and says so through `log`.
 */
export function freshen(files: Map<string, string>, root: string, log: (line: string) => void = console.log): number {
  const stale = syncGenerated(files, root, true);
  if (stale.length === 0) return 0;
  syncGenerated(files, root, false);
  log(`Schemas changed since the last \`npm run gen\`: regenerated ${stale.length} files.`);
  return stale.length;
}

/** Generates from schemas/ (as `npm run gen` does) and regenerates under `root` if stale. */
export async function ensureFresh(root = ROOT, log: (line: string) => void = console.log): Promise<number> {
  return freshen(await generate(loadScreens(), loadEntities(), loadHandWrittenScreens(), loadMetaSchema()), root, log);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await ensureFresh();
  } catch (err) {
    console.error(`The schemas do not generate (fix them, then run \`npm run gen\`):\n${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
