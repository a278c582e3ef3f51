// No API path is written by hand: server/ and src/ reach endpoints by their schema file,
// so a path lives in exactly one place (schemas/) and in generated output.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScreens } from '../../contract/loader';

const ROOT = join(import.meta.dirname, '../..');
const GENERATED = ['src/api/generated', 'contract/generated'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (GENERATED.some((g) => relative(ROOT, p).startsWith(g))) return [];
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

const paths = [
  ...new Set(loadScreens().flatMap(({ screen }) => [screen.endpoint.path, ...(screen.list?.rowActions ?? []).flatMap((a) => (a.endpoint ? [a.endpoint.path] : []))])),
];

/** Every place in `files` where an API path appears inside a string literal. */
export function handWrittenPaths(files: string[], known: string[]): string[] {
  const hits: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const path of known) {
      const quoted = new RegExp(`['"\`]${path.replace(/[/]/g, '\\/')}(['"\`?/])`);
      if (quoted.test(text)) hits.push(`${relative(ROOT, file)}: ${path}`);
    }
  }
  return hits;
}

describe('API paths', () => {
  it('the schema files declare paths to look for', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths).toContain('/user_qianbao/createUser_qianbao');
  });

  it('appear in no hand-written file of server/ or src/', () => {
    const files = [...sourceFiles(join(ROOT, 'server')), ...sourceFiles(join(ROOT, 'src'))];
    expect(files.length).toBeGreaterThan(50);
    expect(handWrittenPaths(files, paths)).toEqual([]);
  });

  it('would be found if one were written by hand', () => {
    const file = join(ROOT, 'tests/scripts/fixtures/hand-written-path.ts.txt');
    expect(handWrittenPaths([file], paths)).toEqual(['tests/scripts/fixtures/hand-written-path.ts.txt: /bborder/myBborderList']);
  });
});
