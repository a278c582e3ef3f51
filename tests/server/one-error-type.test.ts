// The server says no one way: an ApiError (server/core/errors.ts) with a locale key. A new error
// class carrying its own English sentence would be a second way, untranslated; the only other
// error class is the cluster's FencedOutError, an infrastructure failure no one is answered with.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../../server');
const ALLOWED = ['server/core/errors.ts: ApiError', 'server/platform/cluster/fenced-db.ts: FencedOutError'];

/** "file: Class" for every class of `dir` that extends Error directly. */
function errorClasses(dir: string, root = join(dir, '..')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return errorClasses(path, root);
    if (!entry.name.endsWith('.ts')) return [];
    const found = [...readFileSync(path, 'utf8').matchAll(/class (\w+) extends Error\b/g)];
    return found.map((m) => `${relative(root, path)}: ${m[1]}`);
  });
}

describe('saying no', () => {
  it('has one error type in the server besides the fencing failure', () => {
    expect(errorClasses(SERVER).sort()).toEqual(ALLOWED);
  });
});
