import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImports, layerOf } from '../../scripts/check-imports';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => path.join(here, 'fixtures/imports', name);
const repo = path.resolve(here, '../..');

describe('check-imports', () => {
  it('reports an import against the layer table', () => {
    expect(checkImports(fixture('forbidden'))).toEqual([
      { kind: 'layer', message: 'src/feed/bridge.ts: imports src/store/market.ts (layer src/feed may not import layer src/store)' },
    ]);
  });

  it('reports an import cycle with the files in loop order', () => {
    expect(checkImports(fixture('cycle'))).toEqual([
      { kind: 'cycle', message: 'import cycle: src/store/a.ts → src/store/b.ts → src/store/c.ts → src/store/a.ts' },
    ]);
  });

  it('passes a tree whose imports go down the layers', () => {
    expect(checkImports(fixture('clean'))).toEqual([]);
  });

  it('places files in their layers', () => {
    expect(layerOf('src/app/routes.ts')).toBe('src/app/routes');
    expect(layerOf('src/app/Layout.tsx')).toBe('src/app');
    expect(layerOf('src/api/generated/manifest.ts')).toBe('src/api');
    expect(layerOf('src/main.tsx')).toBe('src/main');
    expect(layerOf('schemas/config/timings.json')).toBe('schemas');
  });

  it('passes on this repository', () => {
    expect(checkImports(repo)).toEqual([]);
  });
});
