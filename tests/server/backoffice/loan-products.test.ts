// Loan products in the back office (role product): list, detail, create, update, open and
// close, a name per language. Customers' loan screens follow at once; each write is one audit
// row with the product before and after; bad input from a signed-in product operator is refused
// with a translated message stating the limit, and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Loose, msg, registerByEmail, startServer, type TestServer, verifyIdentity } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let product: SignedInOperator;
let token: string;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  product = await operator(s, 'loans-op', ['product']);
  const customer = await registerByEmail(s.app, 'borrower@example.com');
  token = customer.token;
  await verifyIdentity(s.app.db, customer.user.ID);
});
afterAll(() => s.app.close());

const as = (method: string, path: string, body?: Record<string, unknown>, lang?: string) =>
  call(s.app, method, path, { adminToken: product.token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }), lang });

const offered = async (lang?: string) => (await call(s.app, 'GET', '/loan/getLoanList', { token, lang })).data.list as Loose[];

const snapshot = async () =>
  JSON.stringify([
    await s.app.db.selectFrom('loan_products').selectAll().orderBy('id').execute(),
    await s.app.db.selectFrom('audit_log').select('id').execute(),
  ]);

const auditOf = (id: number) =>
  s.app.db.selectFrom('audit_log').selectAll().where('target_kind', '=', 'loanProduct').where('target_id', '=', String(id)).orderBy('id').execute();

const weekend = { name: 'Weekend loan', coin: 'usdt', min: '50', max: '500.5', freeDays: 0, dailyRate: '0.00100', termDays: 14 };

describe('loan products in the back office', () => {
  it('lists every product and shows one', async () => {
    const list = await as('GET', '/admin/loanProducts');
    expect(list.data.list[0]).toEqual({
      id: 1,
      name: 'Quick USDT loan',
      names: expect.stringContaining('de: USDT-Schnellkredit'),
      coin: 'USDT',
      min: '100.000000',
      max: '5000.000000',
      freeDays: 7,
      dailyRate: '0.0005',
      termDays: 30,
      open: true,
    });
    expect((await as('GET', '/admin/loanProducts/detail', { id: 3 })).data).toMatchObject({ name: 'BTC loan', coin: 'BTC', min: '0.01000000' });
    expect(await as('GET', '/admin/loanProducts/detail', { id: 999 }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.loanProductUnknown') });
  });

  it('creates a product customers can apply for, changes it, closes and opens it, names it per language', async () => {
    const created = await as('POST', '/admin/loanProducts/create', weekend);
    expect(created.data).toMatchObject({ name: 'Weekend loan', coin: 'USDT', min: '50.000000', max: '500.500000', dailyRate: '0.001', open: true });
    const id = created.data.id as number;
    expect((await call(s.app, 'GET', '/loan/findLoan', { token, query: { ID: id } })).data).toMatchObject({
      max: '500.500000',
      dailyRate: '0.001',
      termDays: 14,
    });

    const updated = await as('POST', '/admin/loanProducts/update', { id, max: '800', name: 'Weekend loan XL' });
    expect(updated.data).toMatchObject({ name: 'Weekend loan XL', max: '800.000000', min: '50.000000', termDays: 14 });
    expect((await offered()).map((p) => p.name)).toContain('Weekend loan XL');

    expect((await as('POST', '/admin/loanProducts/setOpen', { id, state: 'closed' })).data.open).toBe(false);
    expect((await offered()).map((p) => p.name)).not.toContain('Weekend loan XL');
    // closing a closed product writes nothing
    expect((await as('POST', '/admin/loanProducts/setOpen', { id, state: 'closed' })).data.open).toBe(false);
    expect((await as('POST', '/admin/loanProducts/setOpen', { id, state: 'open' })).data.open).toBe(true);

    expect((await as('POST', '/admin/loanProducts/name', { id, lang: 'de', name: 'Wochenendkredit' })).data.names).toBe('de: Wochenendkredit');
    expect((await offered('de')).map((p) => p.name)).toContain('Wochenendkredit');
    expect((await as('POST', '/admin/loanProducts/name', { id, lang: 'de', name: '-' })).data.names).toBe('');
    expect((await offered('de')).map((p) => p.name)).toContain('Weekend loan XL');

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual([
      'loanProduct.create',
      'loanProduct.update',
      'loanProduct.close',
      'loanProduct.open',
      'loanProduct.name',
      'loanProduct.name',
    ]);
    expect(audit.every((a) => a.actor === 'operator loans-op')).toBe(true);
    expect(JSON.parse(audit[1].before_json!)).toMatchObject({ name: 'Weekend loan', max: '500.500000' });
    expect(JSON.parse(audit[1].after_json!)).toMatchObject({ name: 'Weekend loan XL', max: '800.000000' });
  });

  it('refuses bad input with a message that states the limit, and writes nothing', async () => {
    const create = (change: Record<string, unknown>) => ['/admin/loanProducts/create', { ...weekend, ...change }] as const;
    // path and body, the message's key and parameters ('': any code-7 message)
    const cases: [readonly [string, Record<string, unknown>], string, Record<string, string | number>?][] = [
      [create({ min: '600' }), 'admin.minAboveMax', { min: '600', max: '500.5' }],
      [create({ min: '0.1234567' }), 'admin.amountDecimals', { field: 'min', coin: 'USDT', decimals: 6 }],
      [create({ min: '0' }), 'admin.amountPositive', { field: 'min' }],
      [create({ max: 'abc' }), 'admin.decimalFormat', { field: 'max' }],
      [create({ dailyRate: '0.5' }), 'admin.dailyRateMax', { max: '0.05', percent: '5' }],
      [create({ dailyRate: '0.000000001' }), 'admin.dailyRateFormat'],
      [create({ freeDays: 20 }), 'admin.freeDaysAboveTerm', { free: 20, term: 14 }],
      [create({ termDays: 0 }), 'admin.loanDays', { field: 'termDays' }],
      [create({ freeDays: 1.5 }), 'admin.loanDays', { field: 'freeDays' }],
      [create({ name: 'X' }), 'admin.loanNameFormat'],
      [create({ coin: 'DOGE' }), 'admin.coinUnknown', { coin: 'DOGE' }],
      [create({ coin: ['USDT'] }), 'admin.coinCodeFormat'],
      [create({ extra: { nested: [1, 2] } }), ''],
      [['/admin/loanProducts/update', { id: 999, max: '5' }], 'admin.loanProductUnknown'],
      [['/admin/loanProducts/update', { id: 1 }], 'admin.nothingToChange'],
      [['/admin/loanProducts/update', { id: 1, min: '6000' }], 'admin.minAboveMax', { min: '6000', max: '5000.000000' }],
      [['/admin/loanProducts/setOpen', { id: 1, state: 'paused' }], 'admin.loanStateChoice'],
      [['/admin/loanProducts/setOpen', { id: 'one', state: 'open' }], 'admin.loanProductUnknown'],
      [['/admin/loanProducts/name', { id: 1, lang: 'xx', name: 'Name' }], 'admin.loanLanguage', { allowed: 'de, es, ru, pt, fr, it, jp, kr, tr, vn, zh, tw' }],
      [['/admin/loanProducts/name', { id: 1, lang: 'de', name: 'x'.repeat(65) }], 'admin.loanLocalNameFormat'],
    ];
    const before = await snapshot();
    for (const [[path, body], key, params] of cases) {
      const r = await as('POST', path, body, 'de');
      expect(r.code, `${path} ${JSON.stringify(body)}: ${r.msg}`).toBe(7);
      if (key) expect(r.msg, JSON.stringify(body)).toBe(msg('de', key, { field: r.data.field, ...params }));
    }
    expect(await snapshot()).toBe(before);
  });
});
