// check-imports' two newer refusals: a folder (or a loose file) the layer table does not list,
// and a package its layer does not list, each planted in a fixture of tests/scripts/fixtures/imports.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImports, LAYERS, packageOf } from '../../scripts/check-imports';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => path.join(here, 'fixtures/imports', name);
const messages = (name: string, kind: string) =>
  checkImports(fixture(name))
    .filter((p) => p.kind === kind)
    .map((p) => p.message);

describe('check-imports: folders outside the layer table', () => {
  it('refuses an unlisted server folder once, however many files it holds', () => {
    const refused = messages('unlisted', 'folder');
    expect(refused.filter((m) => m.startsWith('server/wallet/'))).toEqual([
      'server/wallet/: a folder outside the layer table: add it to LAYERS in scripts/check-imports.ts with what it may import, or move its files into a listed folder',
    ]);
  });

  it('refuses an unlisted top-level folder of src/', () => {
    expect(messages('unlisted', 'folder')).toContain(
      'src/wallet/: a folder outside the layer table: add it to LAYERS in scripts/check-imports.ts with what it may import, or move its files into a listed folder',
    );
  });

  it("refuses a file loose at server/'s root: the composition has its folder", () => {
    expect(messages('unlisted', 'folder')).toContain(
      "server/loose.ts: a file outside the layer table: move it into a listed folder (the server's composition is server/composition/)",
    );
  });

  it("takes a domain's feature folder (server/funds/loans/) as the domain, not as an unlisted folder", () => {
    expect(messages('unlisted', 'folder').filter((m) => m.startsWith('server/funds'))).toEqual([]);
    expect(checkImports(fixture('unlisted')).filter((p) => p.message.startsWith('server/funds'))).toEqual([]);
  });

  it('refuses an import from a listed layer into the unlisted folder', () => {
    expect(messages('unlisted', 'layer')).toEqual(['server/composition/app.ts: imports server/wallet/keys.ts (outside the layer table)']);
  });
});

describe('check-imports: packages', () => {
  const refused = messages('packages', 'package');

  it('refuses node:fs and a server database package in src/engine', () => {
    expect(refused.filter((m) => m.startsWith('src/engine/'))).toEqual([
      `src/engine/export.ts: imports package node:fs (layer src/engine may use only: ${LAYERS['src/engine'].packages.join(', ')})`,
      `src/engine/export.ts: imports package better-sqlite3 (layer src/engine may use only: ${LAYERS['src/engine'].packages.join(', ')})`,
    ]);
  });

  it('refuses fastify in contract/ and keeps its pure library', () => {
    expect(refused.filter((m) => m.startsWith('contract/'))).toEqual(['contract/request.ts: imports package fastify (layer contract may use only: libphonenumber-js)']);
  });

  it('refuses a server package outside the layer that lists it (fastify in the money core)', () => {
    expect(refused.filter((m) => m.startsWith('server/core/'))).toEqual([
      `server/core/db.ts: imports package fastify (layer server/core may use only: ${LAYERS['server/core'].packages.join(', ')})`,
    ]);
  });

  it('passes the packages a layer lists, builtins whole and packages without their subpath', () => {
    expect(refused.filter((m) => m.startsWith('server/platform/'))).toEqual([]);
    expect(packageOf('node:fs/promises')).toBe('node:fs/promises');
    expect(packageOf('react-dom/client')).toBe('react-dom');
    expect(packageOf('@rjsf/utils/lib/x')).toBe('@rjsf/utils');
  });

  it('gives the browser no node: builtin and contract/ no server package', () => {
    const browser = Object.entries(LAYERS).filter(([name]) => name.startsWith('src/'));
    expect(browser.flatMap(([, l]) => l.packages.filter((p) => p.startsWith('node:')))).toEqual([]);
    const serverOnly = ['fastify', 'better-sqlite3', 'pg', 'kysely', 'ioredis', 'argon2'];
    expect([...browser, ['contract', LAYERS.contract] as const].flatMap(([, l]) => l.packages.filter((p) => serverOnly.includes(p)))).toEqual([]);
  });
});
