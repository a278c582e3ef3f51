import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { GENERATED_DIRS } from './generate.ts';

function listFiles(root: string, dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listFiles(root, join(dir, d.name)) : [relative(root, join(dir, d.name))],
  );
}

/**
 * Makes the generated folders under `root` hold exactly `files`. With check, writes
 * nothing and returns what is stale, missing or extra.
 */
export function syncGenerated(files: Map<string, string>, root: string, check: boolean): string[] {
  const existing = new Set(GENERATED_DIRS.flatMap((dir) => listFiles(root, join(root, dir))));
  const problems: string[] = [];
  for (const [path, content] of files) {
    const abs = join(root, path);
    const current = existing.has(path) ? readFileSync(abs, 'utf8') : undefined;
    existing.delete(path);
    if (current === content) continue;
    if (check) problems.push(`${current === undefined ? 'missing' : 'stale'}: ${path}`);
    else {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
  }
  for (const extra of existing) {
    if (check) problems.push(`not generated from any schema: ${extra}`);
    else rmSync(join(root, extra));
  }
  return problems;
}
