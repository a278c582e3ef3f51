// No API path is written by hand: server/ and src/ reach endpoints by their schema file,
// so a path lives in exactly one place (schemas/) and in generated output.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
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

/** The text of every string literal, template part and JSX text of a source file (comments are not code). */
function literalTexts(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const escape = (p: string) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Every place in `files` where an API path appears inside a string literal: alone
 * ('/bborder/myBborderList'), after the API prefix ('/api/bborder/…') or within a sentence
 * ('a token of POST /admin/login'). A longer path or a file name that merely ends like one is not one.
 */
export function handWrittenPaths(files: string[], known: string[]): string[] {
  const hits: string[] = [];
  const one = new RegExp(`(?:^|[^\\w./-]|/api)(${[...known].sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\w-])`, 'g');
  for (const file of files) {
    const found = new Set<string>();
    for (const literal of literalTexts(file.replace(/\.txt$/, ''), readFileSync(file, 'utf8'))) for (const m of literal.matchAll(one)) found.add(m[1]);
    for (const path of [...found].sort()) hits.push(`${relative(ROOT, file)}: ${path}`);
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

  it('would be found inside a sentence or after the API prefix, and not in a comment', () => {
    const file = join(ROOT, 'tests/scripts/fixtures/hand-written-path-in-text.ts.txt');
    expect(handWrittenPaths([file], paths)).toEqual([
      'tests/scripts/fixtures/hand-written-path-in-text.ts.txt: /admin/login',
      'tests/scripts/fixtures/hand-written-path-in-text.ts.txt: /user/session',
    ]);
  });
});
