// npm run gen             writes src/api/generated from schemas/
// npm run gen -- --check  fails when any generated file is stale, missing or extra
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEntities, loadHandWrittenScreens, loadMetaSchema, loadScreens } from '../../contract/loader.ts';
import { generate } from './generate.ts';
import { missingLocaleKeys } from './missing-keys.ts';
import { syncGenerated } from './sync.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const check = process.argv.includes('--check');
const files = await generate(loadScreens(), loadEntities(), loadHandWrittenScreens(), loadMetaSchema());
const problems = syncGenerated(files, root, check);
if (problems.length) {
  console.error(`Generated code is out of date. Run \`npm run gen\`.\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(check ? `gen --check: ${files.size} files up to date` : `gen: ${files.size} files written`);
const missing = check ? [] : missingLocaleKeys(loadScreens());
if (missing.length) console.warn(`Warning: locale keys missing (npm run check:schemas fails on them):\n${missing.join('\n')}`);
