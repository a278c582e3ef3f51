// `npm run checks` (a step of npm test): the static checks in two lanes, one per core — the type
// check beside the linter and then the import, generated-code, schema and locale checks. Each
// step's output is printed in this order once both lanes have ended; exit 1 when any failed (a
// lane stops at its first failure).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript } from './lib/run-script.ts';

type Step = { script: string; args?: string[] };

const LANES: Step[][] = [
  [{ script: 'typecheck' }, { script: 'check:api' }],
  [{ script: 'lint' }, { script: 'check:imports' }, { script: 'gen', args: ['--check'] }, { script: 'check:schemas' }, { script: 'check:locales' }],
];

const logDir = mkdtempSync(join(tmpdir(), 'checks-'));
const logOf = (step: Step) => join(logDir, `${step.script.replace(':', '-')}.log`);
const failed = (
  await Promise.all(
    LANES.map(async (lane) => {
      for (const step of lane) if ((await runScript(step.script, step.args, process.env, logOf(step))) !== 0) return [step.script];
      return [];
    }),
  )
).flat();
for (const step of LANES.flat()) if (existsSync(logOf(step))) process.stdout.write(readFileSync(logOf(step), 'utf8'));
rmSync(logDir, { recursive: true, force: true });
if (failed.length) console.error(`\nfailed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
