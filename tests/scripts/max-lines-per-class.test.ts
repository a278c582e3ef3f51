// lint's `local/max-lines-per-class` (scripts/lint/max-lines-per-class.js, on in eslint.config.js
// for contract/, src/, server/ and scripts/ at 150 lines): ESLint with the repo's own config on a
// planted class in server/ fails it past the limit and passes it at the limit; blank and
// comment-only lines do not count, and a class expression counts as a declaration does.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const RULE = 'local/max-lines-per-class';
const LIMIT = 150;

/** A class of `lines` lines (the class line and the closing brace included), each line code unless `filler` says otherwise. */
function plantedClass(lines: number, filler = (i: number) => `  m${i}(): number { return ${i}; }`): string {
  const body = Array.from({ length: lines - 2 }, (_, i) => filler(i));
  return [`export class Planted {`, ...body, `}`, ''].join('\n');
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function classErrors(code: string, path = 'server/platform/planted.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('max-lines-per-class', { timeout: 60_000 }, () => {
  it(`a class over ${LIMIT} lines fails lint, naming the class and its count`, async () => {
    expect(await classErrors(plantedClass(LIMIT + 1))).toEqual([
      `Class 'Planted' has too many lines (${LIMIT + 1}). Maximum allowed is ${LIMIT}: split it into modules along its jobs.`,
    ]);
  });

  it(`a class of ${LIMIT} lines passes`, async () => {
    expect(await classErrors(plantedClass(LIMIT))).toEqual([]);
  });

  it('blank lines and comment-only lines do not count', async () => {
    const code = plantedClass(LIMIT + 40, (i) => (i < LIMIT - 2 ? `  m${i}(): number { return ${i}; }` : i % 2 ? '' : `  // note ${i}`));
    expect(await classErrors(code)).toEqual([]);
  });

  it('a class expression over the limit fails too', async () => {
    const code = plantedClass(LIMIT + 1).replace('export class Planted {', 'export const Planted = class {');
    expect(await classErrors(code)).toEqual([`Class has too many lines (${LIMIT + 1}). Maximum allowed is ${LIMIT}: split it into modules along its jobs.`]);
  });

  it('applies where max-lines-per-function does, not to tests', async () => {
    expect(await classErrors(plantedClass(LIMIT + 1), 'src/planted.ts')).toHaveLength(1);
    expect(await classErrors(plantedClass(LIMIT + 1), 'tests/planted.ts')).toEqual([]);
  });
});
