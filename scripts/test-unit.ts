// `npm run test:unit [-- vitest args]`: the unit suite (vitest.config.ts) with the server's answer
// recorder on (API_ANSWERS_DIR), then scripts/check-answers.ts over what it recorded: every answer
// the server tests got must be one the OpenAPI document declares. The suite's own exit code wins.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'answers-'));
const env = { ...process.env, API_ANSWERS_DIR: dir };
const run = (args: string[]) => spawnSync(process.execPath, args, { env, stdio: 'inherit' }).status ?? 1;
let code = run([join('node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.config.ts', ...process.argv.slice(2)]);
if (code === 0) code = run(['--import', 'tsx', 'scripts/check-answers.ts', dir]);
rmSync(dir, { recursive: true, force: true });
process.exit(code);
