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
      {
        kind: 'layer',
        message: 'src/feed/bridge.ts: imports src/store/market.ts (layer src/feed may not import layer src/store)',
      },
    ]);
  });

  it('reports an import cycle with the files in loop order', () => {
    expect(checkImports(fixture('cycle'))).toEqual([
      {
        kind: 'cycle',
        message: 'import cycle: src/store/a.ts → src/store/b.ts → src/store/c.ts → src/store/a.ts',
      },
    ]);
  });

  it('reports a server domain importing another domain', () => {
    expect(checkImports(fixture('server-domains'))).toEqual([
      {
        kind: 'layer',
        message: 'server/funds/loans.ts: imports server/earn/staking.ts (layer server/funds may not import layer server/earn)',
      },
    ]);
  });

  it('reports the money core importing the http layer', () => {
    expect(checkImports(fixture('server-core'))).toEqual([
      {
        kind: 'layer',
        message: 'server/core/ledger.ts: imports server/platform/http/envelope.ts (layer server/core may not import layer server/platform)',
      },
    ]);
  });

  it('reports two folders that import each other though no file loop exists', () => {
    expect(checkImports(fixture('folder-cycle'))).toEqual([
      {
        kind: 'folder-cycle',
        message:
          'folder cycle: src/widgets → src/widgets/amount → src/widgets (src/widgets/theme.ts → src/widgets/amount/AmountWidget.tsx; src/widgets/amount/AmountWidget.tsx → src/widgets/formContext.ts)',
      },
    ]);
  });

  it('passes a server whose domains meet only in the composition files', () => {
    expect(checkImports(fixture('server-clean'))).toEqual([]);
  });

  it('passes a tree whose imports go down the layers', () => {
    expect(checkImports(fixture('clean'))).toEqual([]);
  });

  it('places files in their layers', () => {
    expect(layerOf('src/routes/routes.ts')).toBe('src/routes');
    expect(layerOf('src/app/Layout.tsx')).toBe('src/app');
    expect(layerOf('src/api/generated/manifest.ts')).toBe('src/api');
    expect(layerOf('src/main.tsx')).toBe('src/main');
    expect(layerOf('schemas/config/timings.json')).toBe('schemas');
    expect(layerOf('server/core/db/index.ts')).toBe('server/core');
    expect(layerOf('server/platform/http/auth.ts')).toBe('server/platform');
    expect(layerOf('server/funds/withdrawals/withdrawal-handlers.ts')).toBe('server/funds');
    expect(layerOf('server/earn/mining/mining-review.ts')).toBe('server/earn');
    expect(layerOf('server/composition/app.ts')).toBe('server/composition');
    expect(layerOf('server/ops/cli.ts')).toBe('server/ops');
    expect(layerOf('server/app.ts')).toBeNull();
    expect(layerOf('server/wallet/keys.ts')).toBeNull();
    expect(layerOf('src/wallet/Wallet.tsx')).toBeNull();
  });

  it('passes on this repository', () => {
    expect(checkImports(repo)).toEqual([]);
  });
});
