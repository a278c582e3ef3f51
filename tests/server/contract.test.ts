// Every endpoint a schema file declares is served and validates its input from that file:
// a bad body or query, sent WITH a valid session (so authentication cannot answer first),
// gets code 7 with the field and a translated message, and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, loadScreens } from '../../contract/loader.ts';
import { routesOf } from '../../server/platform/http/endpoints.ts';
import { Validator } from '../../server/platform/http/validation.ts';
import { OPERATOR_ROLES } from '../../server/platform/operators/operators.ts';
import { operator } from './backoffice/operators.ts';
import { call, login, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
/** An operator holding every role, for the back-office endpoints */
let adminToken: string;
beforeAll(async () => {
  s = await startServer();
  const r = await login(s.app, 'demo@coinapp.test', 'demo123456');
  expect(r.code, r.msg).toBe(0);
  token = r.data.token;
  adminToken = (await operator(s, 'every-role', [...OPERATOR_ROLES])).token;
});
afterAll(() => s.app.close());

/** Every table the migrations made, read from the database's catalogue (a new table is counted without being listed here). */
async function tableNames(): Promise<string[]> {
  const tables = await s.app.db.introspection.getTables({ withInternalKyselyTables: true });
  // on PostgreSQL each test server has a schema of its own, and the catalogue lists every schema's: the names are the same
  return [...new Set(tables.filter((t) => !t.isView).map((t) => t.name))];
}

/** Written by the market's recorder on its own clock (a flush can fall inside any request), never by a request */
const MARKET_RECORDER_TABLES = new Set(['market_ticks', 'market_bars', 'market_state']);

async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await tableNames()) {
    if (MARKET_RECORDER_TABLES.has(table)) continue;
    const { n } = await s.app.db.selectFrom(table as 'users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(n);
  }
  return out;
}

const routes = routesOf(
  loadScreens(),
  new Validator(),
  {
    coins: loadConfig<{ coins: { coin: string }[] }>('coins').coins.map((c) => c.coin),
    pairs: loadConfig<{ markets: { symbol: string }[] }>('markets').markets.map((m) => m.symbol),
  },
);

describe('every endpoint of the schema files', () => {
  it("counts every table, the money requests' among them", async () => {
    const tables = await tableNames();
    expect(tables.length).toBeGreaterThan(40);
    for (const t of ['users', 'ledger', 'balances', 'deposits', 'withdrawals', 'bank_withdrawals', 'wire_transfers', 'loan_orders', 'mining_orders'])
      expect(tables).toContain(t);
  });

  const withInput = routes.filter((r) => r.endpoints.some((e) => e.check));

  it('there are endpoints to check, public and authenticated', () => {
    expect(withInput.length).toBeGreaterThanOrEqual(25);
    expect(withInput.some((r) => r.auth)).toBe(true);
    expect(withInput.some((r) => !r.auth)).toBe(true);
  });

  for (const route of withInput) {
    it(`${route.method} ${route.path} (${route.endpoints.map((e) => e.source).join(', ')}) refuses a bad payload with a valid session`, async () => {
      const before = await rowCounts();
      const bad = { notAField: 1 };
      const r = await call(s.app, route.method, route.path, {
        ...(route.operator ? { adminToken } : { token }),
        lang: 'de',
        ...(route.method === 'GET' || route.method === 'DELETE' ? { query: bad } : { body: bad }),
      });
      expect(r.status).toBe(200);
      expect(r.code, r.msg).toBe(7);
      expect(typeof r.data?.field).toBe('string');
      // a translated sentence, not a key or an Ajv message
      expect(r.msg).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$|must (have|NOT|be)/);
      expect(await rowCounts()).toEqual(before);
    });
  }

  it('a bad filter value names the field and what is allowed, in the caller language', async () => {
    const r = await call(s.app, 'GET', '/bborder/myBborderList', { token, lang: 'de', query: { status: 99 } });
    expect(r).toMatchObject({ code: 7, data: { field: 'status' }, msg: 'status muss einer dieser Werte sein: 1, 2, 3' });
  });
});
