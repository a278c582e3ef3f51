// The endpoint registry: start-up refuses schema files and handlers that disagree, and a
// form's live limits (x-limits over its data sources) are enforced by the server from the
// same declaration the engine reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenFile } from '../../contract/screen.ts';
import { buildServer } from '../../server/composition/app.ts';
import type { HandlerTable } from '../../server/platform/http/handler.ts';
import { loadedFixture, transferDemo } from '../fixtures/transfer-demo.ts';
import { call, login, msg, startServer, tempDir, type TestServer } from './helpers.ts';

const transfer = transferDemo;
const loaded = loadedFixture;

let s: TestServer;
let token: string;
const accepted: unknown[] = [];
beforeAll(async () => {
  const handlers = { transferDemo: async (input: unknown) => (accepted.push(input), null) } as unknown as HandlerTable;
  s = await startServer({ extra: { screens: [loaded(transfer)], handlers } });
  token = (await login(s.app, 'demo@coinapp.test', 'demo123456')).data.token;
});
afterAll(() => s.app.close());

describe('live limits on the server', () => {
  it('refuses more than the available balance of the chosen coin, naming the field and the limit, and runs no handler', async () => {
    const usdt = await call(s.app, 'POST', '/test/transfer', { token, lang: 'de', body: { coin: 'USDT', num: '10000.000001' } });
    expect(usdt).toMatchObject({ code: 7, data: { field: 'num' } });
    // the limit reads by the display rule (USDT 2 decimals, rounded down, German separators), as the form's hint
    expect(usdt.msg).toBe(msg('de', 'validation.available', { limit: '10000.00' }));
    expect(usdt.msg).toContain('10.000,00');
    const btc = await call(s.app, 'POST', '/test/transfer', { token, body: { coin: 'BTC', num: '0.6' } });
    expect(btc).toMatchObject({ code: 7, data: { field: 'num' } });
    expect(accepted).toEqual([]);
  });

  it('lets an amount within the limit through to the handler', async () => {
    const ok = await call(s.app, 'POST', '/test/transfer', { token, body: { coin: 'BTC', num: '0.5' } });
    expect(ok.code, ok.msg).toBe(0);
    expect(accepted).toEqual([{ coin: 'BTC', num: '0.5' }]);
  });
});

describe('start-up', () => {
  it('fails with a clear message when a schema endpoint has no handler', async () => {
    const orphan: ScreenFile = { ...transfer, id: 'orphan', endpoint: { name: 'orphanDemo', method: 'POST', path: '/test/orphan' } };
    await expect(buildServer({ dataDir: tempDir(), scheduler: false, extra: { screens: [loaded(orphan)], handlers: {} } })).rejects.toThrow(
      /fixture\/orphan\.json: endpoint "orphanDemo" \(POST \/test\/orphan\) has no handler/,
    );
  });

  it('fails when a handler names no endpoint of any schema file', async () => {
    const handlers = { noSuchEndpoint: async () => null } as unknown as HandlerTable;
    await expect(buildServer({ dataDir: tempDir(), scheduler: false, extra: { screens: [], handlers } })).rejects.toThrow(
      /handler "noSuchEndpoint" has no endpoint/,
    );
  });

  it('fails when a form reads a source no schema file declares', async () => {
    const broken: ScreenFile = {
      ...transfer,
      id: 'broken',
      endpoint: { name: 'brokenDemo', method: 'POST', path: '/test/broken' },
      sources: { asset: { endpoint: 'nope' } },
    };
    const handlers = { brokenDemo: async () => null } as unknown as HandlerTable;
    await expect(buildServer({ dataDir: tempDir(), scheduler: false, extra: { screens: [loaded(broken)], handlers } })).rejects.toThrow(
      /source "asset" names endpoint "nope"/,
    );
  });
});
