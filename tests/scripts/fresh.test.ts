// `npm run build` / `npm start` regenerate stale generated code (scripts/gen/fresh.ts),
// and `npm start` rebuilds a dist/ older than its sources (server/composition/build-stale.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshen } from '../../scripts/gen/fresh';
import { GENERATED_DIR } from '../../scripts/gen/generate';
import { isBuildStale, newestMtime } from '../../server/composition/build-stale';

const temp = (): string => mkdtempSync(join(tmpdir(), 'fresh-'));

describe('regenerating before build and start', () => {
  const files = new Map([
    [`${GENERATED_DIR}/a.ts`, '// a\n'],
    [`${GENERATED_DIR}/screens/b.ts`, '// b\n'],
  ]);

  it('writes missing files and says how many', () => {
    const root = temp();
    const lines: string[] = [];
    expect(freshen(files, root, (l) => lines.push(l))).toBe(2);
    expect(lines).toEqual(['Schemas changed since the last `npm run gen`: regenerated 2 files.']);
    expect(readFileSync(join(root, GENERATED_DIR, 'screens/b.ts'), 'utf8')).toBe('// b\n');
  });

  it('does nothing and says nothing when up to date', () => {
    const root = temp();
    freshen(files, root, () => {});
    const lines: string[] = [];
    expect(freshen(files, root, (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual([]);
  });

  it('rewrites a stale file and removes one no schema generates', () => {
    const root = temp();
    freshen(files, root, () => {});
    writeFileSync(join(root, GENERATED_DIR, 'a.ts'), '// edited by hand\n');
    writeFileSync(join(root, GENERATED_DIR, 'old.ts'), '// from a deleted schema\n');
    const lines: string[] = [];
    expect(freshen(files, root, (l) => lines.push(l))).toBe(2);
    expect(lines[0]).toMatch(/regenerated 2 files/);
    expect(readFileSync(join(root, GENERATED_DIR, 'a.ts'), 'utf8')).toBe('// a\n');
    expect(existsSync(join(root, GENERATED_DIR, 'old.ts'))).toBe(false);
  });
});

describe('rebuilding dist/ when older than its sources', () => {
  const at = (path: string, seconds: number): void => utimesSync(path, seconds, seconds);

  function project(): { root: string; dist: string; schema: string } {
    const root = temp();
    for (const d of ['src', 'contract', 'locales', 'schemas/screens', 'dist/admin']) mkdirSync(join(root, d), { recursive: true });
    const schema = join(root, 'schemas/screens/login.json');
    writeFileSync(join(root, 'src/main.tsx'), '');
    writeFileSync(join(root, 'contract/limits.ts'), '');
    writeFileSync(join(root, 'locales/en-US.json'), '{}');
    writeFileSync(schema, '{}');
    for (const p of ['src', 'src/main.tsx', 'contract', 'contract/limits.ts', 'locales', 'locales/en-US.json', 'schemas', 'schemas/screens']) at(join(root, p), 1000);
    at(schema, 1000);
    const dist = join(root, 'dist');
    for (const page of ['index.html', 'admin/admin.html']) {
      writeFileSync(join(dist, page), '<!doctype html>');
      at(join(dist, page), 2000);
    }
    return { root, dist, schema };
  }

  it('builds when the back office was not built with the app', () => {
    const { root, dist } = project();
    rmSync(join(dist, 'admin'), { recursive: true });
    expect(isBuildStale(dist, root)).toBe(true);
  });

  it('builds when there is no built app', () => {
    const { root } = project();
    expect(isBuildStale(join(root, 'nowhere'), root)).toBe(true);
  });

  it('keeps a build newer than every source', () => {
    const { root, dist } = project();
    expect(isBuildStale(dist, root)).toBe(false);
  });

  it.each(['schemas/screens/login.json', 'contract/limits.ts', 'locales/en-US.json', 'src/main.tsx'])('rebuilds when %s changed after the build', (file) => {
    const { root, dist } = project();
    at(join(root, file), 3000);
    expect(isBuildStale(dist, root)).toBe(true);
  });

  it('looks into nested folders and ignores missing sources', () => {
    const { root, schema } = project();
    at(schema, 4000);
    expect(newestMtime(join(root, 'schemas'))).toBe(4_000_000);
    expect(newestMtime(join(root, 'missing'))).toBe(0);
  });
});
