// Every repo path a doc names exists: README.md, docs/*.md and each server domain's README.md.
// A path is a backticked name with a slash or a file extension; one that starts at a top-level
// folder is read from the repo's root, a shorter one (`platform/http/body.ts`, `funds/bank/wire.ts`,
// `handlers/`) from the doc's folder or the folders the docs abbreviate (server/, server/platform/,
// server/core/, src/). Placeholders (`<id>`, `*`), routes (`/admin/…`) and environment paths
// (`DATA_DIR/app.db`) are not paths of the repo.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const TOP = ['contract', 'docs', 'locales', 'public', 'schemas', 'scripts', 'server', 'src', 'tests'];
const ABBREVIATED = ['', 'server', 'server/platform', 'server/core', 'src'];
/** Made by the build or at run time, not kept in the repo */
const BUILT = /^(dist|node_modules|coverage|\.ci)\//;
const FILE = /\.(ts|tsx|js|mjs|json|md|css|html|svg|webmanifest|yml|yaml)$/;

/** The backticked names of a doc that are repo paths; `bare` also takes file names without a folder (`spot.ts`). */
export function namedPaths(text: string, bare = false): string[] {
  const out = new Set<string>();
  for (const [, token] of text.matchAll(/`([^`\n]+)`/g)) {
    const name = token.trim().replace(/[.,;:]$/, '');
    if (/[\s<>*{}$|()'"=?#@]/.test(name) || name.startsWith('/') || name.startsWith('.') || /^[A-Z_]+\//.test(name)) continue;
    if (!/^[\w./-]+$/.test(name) || BUILT.test(name)) continue;
    if (!name.includes('/') && !FILE.test(name)) continue;
    // a bare file name (`hub.ts`) in the architecture doc says where only with its sentence; a domain's README names its own files
    if (!name.includes('/') && !bare) continue;
    if (/^[a-z]+\.[a-z]+\//.test(name)) continue; // a host (`docs.rs/…`)
    out.add(name);
  }
  return [...out];
}

/** Every file under a folder, relative to it */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

/** Where a named path is: its place in the repo, or undefined when it is nowhere. */
export function resolvePath(name: string, docDir: string, root = ROOT): string | undefined {
  if (!name.includes('/')) return filesUnder(docDir).find((f) => f === name || f.endsWith(`/${name}`));
  const top = name.split('/')[0];
  const bases = TOP.includes(top) ? [''] : [relative(root, docDir), ...ABBREVIATED];
  for (const base of bases) if (existsSync(join(root, base, name))) return join(base, name);
  return undefined;
}

export function docs(root = ROOT): string[] {
  const domainReadmes = readdirSync(join(root, 'server'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'server', d.name, 'README.md')))
    .map((d) => `server/${d.name}/README.md`);
  const docsDir = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  return ['README.md', ...docsDir, ...domainReadmes];
}

/** A server domain's README, which names its own files without their folder */
const isDomainReadme = (doc: string) => /^server\/[a-z]+\/README\.md$/.test(doc);

export function missingPaths(doc: string, text: string, root = ROOT): string[] {
  return namedPaths(text, isDomainReadme(doc))
    .filter((name) => resolvePath(name, dirname(join(root, doc)), root) === undefined)
    .map((name) => `${doc}: \`${name}\` does not exist`);
}

describe('paths the docs name', () => {
  it('reads README.md, docs/*.md and a README in every server domain', () => {
    const list = docs();
    expect(list).toContain('README.md');
    expect(list).toContain('docs/architecture.md');
    for (const domain of ['account', 'backoffice', 'content', 'earn', 'funds', 'support', 'trading']) expect(list).toContain(`server/${domain}/README.md`);
  });

  it('every path named exists', () => {
    const problems = docs().flatMap((doc) => missingPaths(doc, readFileSync(join(ROOT, doc), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('names a path that does not exist (planted), and not placeholders, routes or bare words', () => {
    const text = [
      'The reviews are in `server/funds/reviews.ts`, the wire in `funds/bank/wire.ts`, the body in `platform/http/body.ts`.',
      'See `DESIGN.md`, `docs/DESIGN.md`, `schemas/screens/<id>.json`, `/admin/reviews?kind=wire`, `DATA_DIR/app.db`, `dist/admin/`, `hub.ts`.',
    ].join('\n');
    expect(namedPaths(text)).toEqual(['server/funds/reviews.ts', 'funds/bank/wire.ts', 'platform/http/body.ts', 'docs/DESIGN.md']);
    expect(missingPaths('docs/architecture.md', text)).toEqual([
      'docs/architecture.md: `server/funds/reviews.ts` does not exist',
      'docs/architecture.md: `docs/DESIGN.md` does not exist',
    ]);
    // a domain's README names its own files without the folder
    expect(missingPaths('server/funds/README.md', 'Reviews: `withdrawals.ts`, `reviews.ts`, `bank/wire.ts`.')).toEqual([
      'server/funds/README.md: `reviews.ts` does not exist',
    ]);
  });

  it('every doc a source file cites exists (a comment citing DESIGN.md, which the repo does not have)', () => {
    const cited = (text: string) => [...text.matchAll(/(?:^|[\s(`'"])((?:[\w.-]+\/)*[\w-]+\.md)\b/g)].map((m) => m[1]).filter((md) => !/^[\w-]+\.[a-z]+\//i.test(md)); // not a host's (github.com/…)
    const sources = ['contract', 'src', 'server', 'scripts', 'tests']
      .flatMap((d) => filesUnder(join(ROOT, d)).map((f) => join(d, f)))
      .filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes('/generated/') && f !== 'tests/scripts/doc-paths.test.ts');
    const problems = sources.flatMap((f) =>
      cited(readFileSync(join(ROOT, f), 'utf8'))
        .filter((md) => !existsSync(join(ROOT, md)) && !existsSync(join(ROOT, dirname(f), md)))
        .map((md) => `${f} cites ${md}`),
    );
    expect(sources.length).toBeGreaterThan(500);
    expect(problems).toEqual([]);
    expect(cited('// See DESIGN.md (src/feed).')).toEqual(['DESIGN.md']);
  });
});
