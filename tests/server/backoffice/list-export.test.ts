// The console's CSV export of any list (issue 41): POST /admin/export reads the named list page by
// page as the asking operator and answers every matching row (past the list's page size and the
// export's own page of 100), one audit row per export; a list without an export, a role the list
// refuses, a bad filter, too many or nested filters are refused with a translated message and
// write no audit row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../../contract/decimal.ts';
import { applyChanges } from '../../../server/core/ledger.ts';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let finance: SignedInOperator;
let content: SignedInOperator;
let customerId = 0;
const ENTRIES = 130;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  finance = await operator(s, 'exporter', ['finance']);
  content = await operator(s, 'writer', ['content']);
  customerId = (await registerByEmail(s.app, 'many-rows@example.com')).user.ID;
  const changes = Array.from({ length: ENTRIES }, (_, i) => ({
    userId: customerId,
    coin: 'USDT',
    available: units(`${i + 1}.5`),
    frozen: 0n,
    type: 'admin_deposit' as const,
    refId: null,
  }));
  for (const change of changes) await s.app.db.transaction().execute((trx) => applyChanges(trx, [change], s.clock.now()));
});
afterAll(() => s.app.close());

const exportOf = (op: SignedInOperator, body: unknown, lang?: string) => call(s.app, 'POST', '/admin/export', { adminToken: op.token, body, lang });
const exports = () => s.app.db.selectFrom('audit_log').select(['actor', 'target_id', 'after_json']).where('action', '=', 'list.export').execute();

describe('POST /admin/export', () => {
  it("answers every row of a customer's ledger, past the list's pages, and records the export", async () => {
    const r = await exportOf(finance, { endpoint: 'adminCustomerLedger', filters: { uid: String(customerId) } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.rows).toBe(ENTRIES);
    const lines = (r.data.csv as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('coinname,type,amount,frozen,balance,CreatedAt');
    expect(lines).toHaveLength(ENTRIES + 1);
    // each deposit once: 1.5, 2.5 … 130.5
    const amounts = lines.slice(1).map((l) => l.split(',')[2]);
    expect(new Set(amounts).size).toBe(ENTRIES);
    expect(amounts).toContain('130.500000');
    const audit = await exports();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'operator exporter', target_id: 'adminCustomerLedger' });
    expect(JSON.parse(String(audit[0].after_json))).toEqual({ filters: { uid: String(customerId) }, rows: ENTRIES });
  });

  it("keeps the list's filters: one coin, nothing of another", async () => {
    const none = await exportOf(finance, { endpoint: 'adminCustomerLedger', filters: { uid: String(customerId), coinname: 'BTC' } });
    expect(none.data.rows).toBe(0);
  });

  it('refuses what cannot be exported with a translated message, and records nothing', async () => {
    const before = (await exports()).length;
    const refused: [SignedInOperator, unknown, string, string][] = [
      [finance, { endpoint: 'adminNoSuchList' }, 'admin.exportUnknown', 'endpoint'],
      [finance, { endpoint: 'adminDecideReview' }, 'admin.exportUnknown', 'endpoint'],
      [finance, { endpoint: '../admin/users' }, 'admin.exportUnknown', 'endpoint'],
      [finance, {}, 'admin.exportUnknown', 'endpoint'],
      [
        finance,
        { endpoint: 'adminCustomerLedger', filters: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'x'])) },
        'admin.exportFilters',
        'filters',
      ],
      [finance, { endpoint: 'adminCustomerLedger', filters: { uid: { $gt: 0 } } }, 'admin.exportFilters', 'filters'],
      [finance, { endpoint: 'adminCustomerLedger', filters: { uid: 'x'.repeat(201) } }, 'admin.exportFilters', 'filters'],
    ];
    for (const [op, body, key, field] of refused) {
      const r = await exportOf(op, body, 'de');
      expect(r, JSON.stringify(body).slice(0, 60)).toMatchObject({ code: 7, msg: msg('de', key) });
      expect(String(r.data.field)).toMatch(new RegExp(`^${field}\\b`));
    }
    // the list's own refusals: a bad filter value, a role the list does not serve
    const badFilter = await exportOf(finance, { endpoint: 'adminCustomerLedger', filters: { uid: String(customerId), from: 'yesterday' } }, 'de');
    const direct = await call(s.app, 'GET', '/admin/users/ledger', { adminToken: finance.token, query: { uid: customerId, from: 'yesterday' }, lang: 'de' });
    expect(direct.code).not.toBe(0);
    expect(badFilter).toMatchObject({ code: direct.code, msg: direct.msg });
    const otherRole = await exportOf(content, { endpoint: 'adminCustomerLedger', filters: { uid: String(customerId) } }, 'de');
    const directRole = await call(s.app, 'GET', '/admin/users/ledger', { adminToken: content.token, query: { uid: customerId }, lang: 'de' });
    expect(directRole.code).not.toBe(0);
    expect(otherRole).toMatchObject({ code: directRole.code, msg: directRole.msg });
    expect((await exports()).length).toBe(before);
  });

  it('is refused to a customer', async () => {
    const customer = await registerByEmail(s.app, 'nosy@example.com');
    const r = await call(s.app, 'POST', '/admin/export', { token: customer.token, body: { endpoint: 'adminUsers' } });
    expect(r.code).not.toBe(0);
  });
});
