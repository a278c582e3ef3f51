// The products customers buy in the back office (product operators): IEO projects, financing
// products and mining machines created, changed, closed, opened and named per language, each
// visible at once on the customer endpoints and audited once with the product before and after;
// bad input answers a translated message naming the limit and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let product: SignedInOperator;
let customer: string;
const DAY = 86_400_000;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  product = await operator(s, 'shelf', ['product']);
  customer = (await registerByEmail(s.app, 'shopper@example.com')).token;
});
afterAll(() => s.app.close());

const as = (method: string, path: string, body?: unknown, lang?: string) =>
  call(s.app, method, path, { adminToken: product.token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }), lang });
const shop = (path: string, query: Record<string, string | number> = {}, lang?: string) => call(s.app, 'GET', path, { token: customer, query, lang });

async function rows(table: 'audit_log' | 'ieo_projects' | 'financing_products' | 'mining_machines') {
  return s.app.db.selectFrom(table).selectAll().execute();
}
const lastAudit = async () =>
  (await s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()) as Record<string, unknown>;
const json = (text: unknown) => JSON.parse(String(text)) as Record<string, unknown>;

/** Each write: code 0 and exactly one new audit row naming the action, the product before and after. */
async function audited(method: string, path: string, body: Record<string, unknown>, action: string) {
  const before = (await rows('audit_log')).length;
  const r = await as(method, path, body);
  expect(r.code, r.msg).toBe(0);
  expect((await rows('audit_log')).length).toBe(before + 1);
  const row = await lastAudit();
  expect(row).toMatchObject({ actor: 'operator shelf', action, target_id: String(r.data.id) });
  expect(json(row.after_json)).toEqual(r.data);
  return { data: r.data, before: row.before_json === null ? null : json(row.before_json) };
}

/** Every bad input: code 7 with the message the locale says, the field named, nothing written. */
async function refusesAll(
  table: 'ieo_projects' | 'financing_products' | 'mining_machines',
  cases: [string, Record<string, unknown>, string, string, Record<string, string | number>?][],
) {
  const products = await rows(table);
  const audit = (await rows('audit_log')).length;
  for (const [path, body, field, key, params] of cases) {
    const r = await as('POST', path, body, 'de');
    expect(r, `${path} ${JSON.stringify(body)}`).toMatchObject({ code: 7, msg: msg('de', key, params ?? {}) });
    expect(r.data?.field, `${path} ${JSON.stringify(body)}`).toBe(field);
  }
  expect(await rows(table)).toEqual(products);
  expect((await rows('audit_log')).length).toBe(audit);
}

describe('financing products', () => {
  const fields = { name: 'Console staking', coin: 'usdt', min: '10', max: '500', dailyRate: '0.002', termDays: 5, penaltyRate: '0.01' };
  let id: number;

  it('creates, lists, changes, closes, opens and names a product; customers see each change', async () => {
    const made = await audited('POST', '/admin/financing/create', fields, 'financing.create');
    id = made.data.id;
    expect(made.before).toBeNull();
    expect(made.data).toMatchObject({
      name: 'Console staking',
      coin: 'USDT',
      min: '10.000000',
      max: '500.000000',
      dailyRateShown: '0.002 (0.2 %)',
      status: 'open',
    });
    const listed = await as('GET', '/admin/financing/products');
    expect(listed.data.list.find((p: { id: number }) => p.id === id)).toEqual(made.data);
    expect((await as('GET', '/admin/financing/product', { id: String(id) })).data).toEqual(made.data);
    const seen = async () => (await shop('/financing/getFinancingList')).data.list.find((p: { ID: number }) => p.ID === id);
    expect(await seen()).toMatchObject({ name: 'Console staking', dailyRate: '0.002', termDays: 5 });

    const changed = await audited('POST', '/admin/financing/update', { id, dailyRate: '0.003', termDays: 9 }, 'financing.update');
    expect(changed.before).toMatchObject({ dailyRate: '0.002', termDays: 5 });
    expect(await seen()).toMatchObject({ dailyRate: '0.003', termDays: 9, min: '10.000000' });

    expect((await audited('POST', '/admin/financing/open', { id, status: 'closed' }, 'financing.close')).data.status).toBe('closed');
    expect(await seen()).toBeUndefined();
    await audited('POST', '/admin/financing/open', { id, status: 'open' }, 'financing.open');
    expect(await seen()).toBeDefined();

    expect((await audited('POST', '/admin/financing/name', { id, lang: 'de', localName: 'Konsolen-Staking' }, 'financing.name')).data.localNames).toBe(
      'de: Konsolen-Staking',
    );
    expect((await shop('/financing/findFinancing', { ID: id }, 'de')).data.name).toBe('Konsolen-Staking');
    await audited('POST', '/admin/financing/name', { id, lang: 'de', localName: '-' }, 'financing.name');
    expect((await shop('/financing/findFinancing', { ID: id }, 'de')).data.name).toBe('Console staking');
  });

  it('refuses bad input with the limit in the message and writes nothing', async () => {
    await refusesAll('financing_products', [
      ['/admin/financing/create', { ...fields, min: '600' }, 'min', 'admin.product.minAboveMax', { min: '600', max: '500' }],
      ['/admin/financing/create', { ...fields, min: '0.0000001' }, 'min', 'admin.product.amountDecimals', { decimals: 6 }],
      ['/admin/financing/create', { ...fields, min: '0' }, 'min', 'admin.product.positive'],
      ['/admin/financing/create', { ...fields, dailyRate: '0.5' }, 'dailyRate', 'admin.product.ratioMax', { max: '0.05', percent: '5' }],
      ['/admin/financing/create', { ...fields, dailyRate: '0' }, 'dailyRate', 'admin.product.positive'],
      ['/admin/financing/create', { ...fields, penaltyRate: '0.6' }, 'penaltyRate', 'admin.product.ratioMax', { max: '0.5', percent: '50' }],
      ['/admin/financing/create', { ...fields, dailyRate: '-0.1' }, 'dailyRate', 'admin.product.dailyRateFormat'],
      ['/admin/financing/create', { ...fields, termDays: 0 }, 'termDays', 'admin.product.daysFrom1'],
      ['/admin/financing/create', { ...fields, termDays: 2.5 }, 'termDays', 'admin.product.daysFrom1'],
      ['/admin/financing/create', { ...fields, coin: 'NOPE' }, 'coin', 'admin.product.coinUnknown', { coin: 'NOPE' }],
      ['/admin/financing/create', { ...fields, name: 'x'.repeat(65) }, 'name', 'admin.product.nameLength'],
      ['/admin/financing/create', { ...fields, min: { $gt: 1 } }, 'min', 'admin.product.amountFormat'],
      ['/admin/financing/create', { ...fields, max: '1'.repeat(40) }, 'max', 'admin.product.amountFormat'],
      ['/admin/financing/update', { id: 999999, min: '1' }, 'id', 'admin.product.unknown', { id: 999999 }],
      ['/admin/financing/update', { id }, 'id', 'admin.product.nothingToChange'],
      ['/admin/financing/update', { id, min: '501' }, 'min', 'admin.product.minAboveMax', { min: '501', max: '500.000000' }],
      ['/admin/financing/open', { id, status: 'maybe' }, 'status', 'admin.product.statusChoice'],
      ['/admin/financing/name', { id, lang: 'en', localName: 'x' }, 'lang', 'admin.product.language'],
      ['/admin/financing/name', { id, lang: 'de', localName: 'x'.repeat(65) }, 'localName', 'admin.product.localNameLength'],
    ]);
  });
});

describe('IEO projects', () => {
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  let fields: Record<string, unknown>;
  let id: number;
  beforeAll(() => {
    const now = s.clock.now();
    fields = {
      coin: 'cnsl',
      name: 'Console round',
      start: iso(now - DAY),
      end: iso(now + 10 * DAY),
      total: '1000',
      price: '0.5',
      lockDays: 3,
      userCap: '100',
      min: '1',
      max: '50',
      decimals: 2,
    };
  });

  it('creates, lists, changes, closes, opens and names a project; customers see each change', async () => {
    const made = await audited('POST', '/admin/ieo/create', fields, 'ieo.create');
    id = made.data.id;
    expect(made.data).toMatchObject({
      coin: 'CNSL',
      soldOfTotal: '0.00/1000.00',
      priceShown: '0.500000 USDT',
      state: 'live',
      status: 'open',
      order: '1.00–50.00',
    });
    expect((await as('GET', '/admin/ieo/projects')).data.list.find((p: { id: number }) => p.id === id)).toEqual(made.data);
    expect((await as('GET', '/admin/ieo/project', { id: String(id) })).data).toEqual(made.data);
    const seen = async (lang?: string) => (await shop('/issue/detail', { ID: id }, lang)).data;
    expect(await seen()).toMatchObject({ coin: 'CNSL', price: '0.500000', open: true });

    const changed = await audited('POST', '/admin/ieo/update', { id, price: '0.75', max: '60', coin: 'CNSL', decimals: 2 }, 'ieo.update');
    expect(changed.before).toMatchObject({ price: '0.500000', max: '50.00' });
    expect(await seen()).toMatchObject({ price: '0.750000' });

    await audited('POST', '/admin/ieo/open', { id, status: 'closed' }, 'ieo.close');
    expect(await seen()).toMatchObject({ open: false });
    await audited('POST', '/admin/ieo/open', { id, status: 'open' }, 'ieo.open');
    expect(await seen()).toMatchObject({ open: true });

    await audited('POST', '/admin/ieo/name', { id, lang: 'jp', localName: 'コンソール' }, 'ieo.name');
    expect((await seen('jp')).name).toBe('コンソール');
  });

  it('refuses bad input with the limit in the message and writes nothing', async () => {
    await refusesAll('ieo_projects', [
      ['/admin/ieo/create', { ...fields, end: fields.start }, 'end', 'admin.product.endBeforeStart'],
      ['/admin/ieo/create', { ...fields, start: 'tomorrow' }, 'start', 'admin.product.timeFormat'],
      ['/admin/ieo/create', { ...fields, min: '60' }, 'min', 'admin.product.minAboveMax', { min: '60', max: '50' }],
      ['/admin/ieo/create', { ...fields, max: '2000' }, 'max', 'admin.product.maxAboveTotal', { max: '2000', total: '1000' }],
      ['/admin/ieo/create', { ...fields, userCap: '0.5' }, 'min', 'admin.product.minAboveCap', { min: '1', cap: '0.5' }],
      ['/admin/ieo/create', { ...fields, total: '1.005' }, 'total', 'admin.product.amountDecimals', { decimals: 2 }],
      ['/admin/ieo/create', { ...fields, priceCoin: 'CNSL' }, 'priceCoin', 'admin.product.coinUnknown', { coin: 'CNSL' }],
      ['/admin/ieo/create', { ...fields, coin: 'USDT' }, 'priceCoin', 'admin.product.priceCoinSame', { coin: 'USDT' }],
      ['/admin/ieo/create', { ...fields, lockDays: 3651 }, 'lockDays', 'admin.product.daysFrom0'],
      ['/admin/ieo/create', { ...fields, decimals: 9 }, 'decimals', 'admin.product.decimalsRange'],
      ['/admin/ieo/create', { ...fields, logo: 'x'.repeat(201) }, 'logo', 'admin.product.logoLength'],
      ['/admin/ieo/create', { ...fields, extra: 1 }, 'extra', 'validation.unknownField'],
      ['/admin/ieo/update', { id, total: '0' }, 'total', 'admin.product.positive'],
      ['/admin/ieo/update', { id: 'one', total: '5' }, 'id', 'admin.reviewIdInvalid'],
    ]);
  });
});

describe('mining machines', () => {
  const fields = {
    name: 'Console rig',
    type: 'shared',
    price: '800',
    outputCoin: 'btc',
    incomeType: 'coin',
    dailyOutput: '0.0001',
    termDays: 20,
    maxPerOrder: '25',
    frozenRatio: '0.1',
    releaseDays: 3,
  };
  let id: number;

  it('creates, lists, changes, closes, opens and names a machine; customers see each change', async () => {
    const made = await audited('POST', '/admin/mining/create', fields, 'mining.create');
    id = made.data.id;
    expect(made.data).toMatchObject({
      type: 'shared',
      price: '800',
      priceShown: '800.000000 USDT',
      priceCoin: 'USDT',
      outputCoin: 'BTC',
      maxPerOrder: '25',
      rewardRatio: '0',
      status: 'open',
    });
    expect((await as('GET', '/admin/mining/machines')).data.list.find((m: { id: number }) => m.id === id)).toEqual(made.data);
    expect((await as('GET', '/admin/mining/machine', { id: String(id) })).data).toEqual(made.data);
    const seen = async () => (await shop('/mining_machine/getMining_machineList')).data.list.find((m: { ID: number }) => m.ID === id);
    expect(await seen()).toMatchObject({ name: 'Console rig', maxPerOrder: '25' });

    await audited('POST', '/admin/mining/update', { id, maxPerOrder: '40', dailyOutput: '0.0002' }, 'mining.update');
    expect(await seen()).toMatchObject({ maxPerOrder: '40', dailyOutput: '0.0002' });

    await audited('POST', '/admin/mining/open', { id, status: 'closed' }, 'mining.close');
    expect(await seen()).toBeUndefined();
    await audited('POST', '/admin/mining/open', { id, status: 'open' }, 'mining.open');
    await audited('POST', '/admin/mining/name', { id, lang: 'ru', localName: 'Консольная ферма' }, 'mining.name');
    expect((await shop('/mining_machine/getMining_machineList', {}, 'ru')).data.list.find((m: { ID: number }) => m.ID === id).name).toBe('Консольная ферма');
  });

  it('refuses bad input with the limit in the message and writes nothing', async () => {
    await refusesAll('mining_machines', [
      ['/admin/mining/create', { ...fields, maxPerOrder: '150' }, 'maxPerOrder', 'admin.product.sharePercent'],
      ['/admin/mining/create', { ...fields, type: 'sole', maxPerOrder: '1.5' }, 'maxPerOrder', 'admin.product.amountDecimals', { decimals: 0 }],
      ['/admin/mining/create', { ...fields, frozenRatio: '2' }, 'frozenRatio', 'admin.product.ratioMax', { max: '1', percent: '100' }],
      ['/admin/mining/create', { ...fields, type: 'both' }, 'type', 'admin.product.typeChoice'],
      ['/admin/mining/create', { ...fields, incomeType: 'gold' }, 'incomeType', 'admin.product.incomeChoice'],
      ['/admin/mining/create', { ...fields, dailyOutput: '0.000000001' }, 'dailyOutput', 'admin.product.amountFormat'],
      ['/admin/mining/create', { ...fields, outputCoin: 'NOPE' }, 'outputCoin', 'admin.product.coinUnknown', { coin: 'NOPE' }],
      ['/admin/mining/create', { ...fields, termDays: undefined }, 'termDays', 'admin.product.daysFrom1'],
      ['/admin/mining/update', { id, releaseDays: -1 }, 'releaseDays', 'admin.product.daysFrom0'],
      ['/admin/mining/update', { id: 999999, price: '1' }, 'id', 'admin.product.unknown', { id: 999999 }],
    ]);
  });
});
