// Crypto deposits: the coins open for deposit, POST /recharge/createRecharge (under review, no
// balance change; every claim checked, nothing written on a refusal; one record per
// Idempotency-Key), the customer's list and detail (another user's id reads as missing), and
// the operator's review (`ops approve|reject deposit`, atomic with the deposit_success ledger
// row; deciding twice changes nothing and says so; `ops act deposit proof`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineRefs } from '../../../../contract/loader.ts';
import { SEED_COINS } from '../../../../server/funds/coins/coins.ts';
import { approveDeposit, recordAdminDeposit, rejectDeposit } from '../../../../server/funds/deposits/deposits.ts';
import { runCli } from '../../../../server/ops/cli.ts';
import { applyChanges, balanceOf, ledgerMismatches } from '../../../../server/core/ledger.ts';
import { dataUrl, pngImage } from '../../../fixtures/images.ts';
import { call, type CallOptions, msg, registerByEmail, ROOT, startServer, tempDir, type TestServer } from '../../helpers.ts';

let s: TestServer;
let alice: { token: string; id: number };
let bob: { token: string; id: number };

const addressOf = (coin: string, network: string) => SEED_COINS.find((c) => c.coin === coin)!.networks.find((n) => n.network === network)!.address;
const TRC20 = addressOf('USDT', 'TRC20');

const validateDeposit = new Ajv({ strict: false }).compile(
  inlineRefs(JSON.parse(readFileSync(join(ROOT, 'schemas/entities/deposit.json'), 'utf8')), join(ROOT, 'schemas/entities')) as object,
);

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  const a = await registerByEmail(s.app, 'alice_deposit@example.com');
  const b = await registerByEmail(s.app, 'bob_deposit@example.com');
  alice = { token: a.token, id: a.user.ID };
  bob = { token: b.token, id: b.user.ID };
});
afterAll(() => s.app.close());

let pictures = 0;
/** A new proof upload of the user's: its URL. */
async function proof(token = alice.token): Promise<string> {
  // uploads are rate limited (30 in 10 minutes a user): these come one every 21 s
  s.clock.advance(21_000);
  const r = await call(s.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(20 + (pictures++ % 50), 20)) } });
  expect(r.code, r.msg).toBe(0);
  return r.data.url as string;
}

const create = (body: Record<string, unknown>, o: CallOptions = {}) => call(s.app, 'POST', '/recharge/createRecharge', { token: alice.token, body, ...o });
const usdt = async (extra: Record<string, unknown> = {}) => ({
  coin: 'USDT',
  czline: 'TRC20',
  address: TRC20,
  num: '100',
  payimg: await proof(),
  cate: 1,
  ...extra,
});

async function state() {
  const { n: deposits } = await s.app.db
    .selectFrom('deposits')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const { n: ledger } = await s.app.db
    .selectFrom('ledger')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const balances = await s.app.db.selectFrom('balances').select(['user_id', 'coin', 'available', 'frozen']).orderBy('user_id').orderBy('coin').execute();
  return { deposits: Number(deposits), ledger: Number(ledger), balances };
}

describe('GET /coin/getCoinList: the deposit coin list beside the coin table', () => {
  it('lists the coins open for deposit with the page fields a list reads, and what getCoinList answers (the forms’ sources read it)', async () => {
    const r = await call(s.app, 'GET', '/coin/getCoinList', { query: { czstatus: 1 } });
    expect(r.code).toBe(0);
    expect(r.data.list.map((c: { coin: string }) => c.coin)).toEqual(['USDT', 'BTC', 'ETH', 'USDC', 'TRX', 'BNB']);
    expect(r.data.networks).toHaveLength(10);
    expect(r.data).toMatchObject({ total: 6, page: 1, pageSize: 6 });
    const all = await call(s.app, 'GET', '/coin/getCoinList', {});
    expect(all.data.list).toEqual(r.data.list);
  });
});

describe('POST /recharge/createRecharge', () => {
  it('records the deposit under review without touching any balance', async () => {
    const before = await state();
    const body = await usdt();
    const r = await create(body);
    expect(r.code, r.msg).toBe(0);
    expect(validateDeposit(r.data), JSON.stringify(validateDeposit.errors)).toBe(true);
    expect(r.data).toMatchObject({
      coin: 'USDT',
      czline: 'TRC20',
      address: TRC20,
      num: '100.000000',
      fee: '0.000000',
      received: '',
      status: 1,
      cate: 1,
      payimg: body.payimg,
      reason: '',
      reviewedAt: '',
    });
    const after = await state();
    expect(after).toEqual({ ...before, deposits: before.deposits + 1 });
  });

  it('takes the amount as a JSON number too, and the coin and network in any case', async () => {
    const r = await create(await usdt({ num: 25.5, coin: 'usdt', czline: 'trc20' }));
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ coin: 'USDT', czline: 'TRC20', num: '25.500000' });
    const btc = await create({ coin: 'BTC', czline: 'BTC', address: addressOf('BTC', 'BTC'), num: '0.00012345', payimg: await proof(), cate: 1 });
    expect(btc.data).toMatchObject({ coin: 'BTC', num: '0.00012345' });
  });

  it('refuses bad input with a clear code and translated message, and writes nothing', async () => {
    const t = (key: string, params: Record<string, string | number> = {}) => msg('de', key, params);
    const bobsProof = await proof(bob.token);
    const cases: [string, Record<string, unknown>, number, string, string?][] = [
      ['missing amount', { num: undefined }, 7, t('deposit.amountRequired'), 'num'],
      ['missing proof', { payimg: undefined }, 7, t('deposit.proofRequired'), 'payimg'],
      ['missing network', { czline: undefined }, 7, t('deposit.networkRequired'), 'czline'],
      ['missing coin', { coin: undefined }, 7, t('funds.chooseCoin'), 'coin'],
      ['amount of the wrong type', { num: true }, 7, t('deposit.amountInvalid'), 'num'],
      ['proof of the wrong type', { payimg: 5 }, 7, t('deposit.proofRequired'), 'payimg'],
      ['an administrator deposit', { cate: 2 }, 7, t('deposit.userOnly'), 'cate'],
      ['an unknown field', { extra: 1 }, 7, t('validation.unknownField', { field: 'extra' }), 'extra'],
      ['an unknown coin', { coin: 'DOGE' }, 4019, t('errors.4019')],
      [
        'a coin on a network it has not',
        { coin: 'BTC', address: addressOf('BTC', 'BTC') },
        7,
        t('funds.networkMismatch', { coin: 'BTC', networks: 'BTC' }),
        'czline',
      ],
      ['an unknown network', { czline: 'SOLANA' }, 7, t('funds.networkMismatch', { coin: 'USDT', networks: 'TRC20, ERC20, BEP20' }), 'czline'],
      ['another address', { address: addressOf('USDC', 'TRC20') }, 7, t('deposit.addressMismatch'), 'address'],
      ['the address of another network', { address: addressOf('USDT', 'ERC20') }, 7, t('deposit.addressMismatch'), 'address'],
      ['below the network minimum', { num: '9.99' }, 7, t('deposit.belowMinimum', { limit: '10.00' }), 'num'],
      ['zero', { num: '0' }, 7, t('deposit.belowMinimum', { limit: '10.00' }), 'num'],
      ['zero as a number', { num: 0 }, 7, t('deposit.belowMinimum', { limit: '10.00' }), 'num'],
      ['negative', { num: '-100' }, 7, t('deposit.amountInvalid'), 'num'],
      ['negative as a number', { num: -100 }, 7, t('deposit.belowMinimum', { limit: '10.00' }), 'num'],
      ['an exponent', { num: '1e3' }, 7, t('deposit.amountInvalid'), 'num'],
      ['an exponent as a number', { num: 1e21 }, 7, t('trade.plainDecimal', { field: 'num' }), 'num'],
      ['NaN', { num: 'NaN' }, 7, t('deposit.amountInvalid'), 'num'],
      ['more decimals than the coin has', { num: '100.1234567' }, 7, t('validation.decimals', { limit: '6' }), 'num'],
      ['more decimals as a number', { num: 100.1234567 }, 7, t('validation.decimals', { limit: '6' }), 'num'],
      ['above the largest deposit', { num: '1000000000001' }, 7, t('deposit.aboveMaximum', { limit: '1000000000000' }), 'num'],
      ['another user’s upload as proof', { payimg: bobsProof }, 7, t('deposit.proofNotYours'), 'payimg'],
      ['an unknown upload as proof', { payimg: `/uploads/${'a'.repeat(32)}.png` }, 7, t('deposit.proofNotYours'), 'payimg'],
      ['a URL elsewhere as proof', { payimg: 'https://example.com/proof.png' }, 7, t('deposit.proofRequired'), 'payimg'],
    ];
    for (const [what, change, code, text, field] of cases) {
      const body: Record<string, unknown> = await usdt(change);
      for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
      const before = await state();
      const r = await create(body, { lang: 'de' });
      expect({ what, code: r.code, msg: r.msg }).toEqual({ what, code, msg: text });
      if (field) expect(r.data, what).toEqual({ field });
      expect(await state(), what).toEqual(before);
    }
  });

  it('refuses a network closed for deposits, and a proof already on another deposit', async () => {
    expect((await runCli(['coin', 'network', 'USDT', 'BEP20', 'deposit=off'], s.dataDir)).code).toBe(0);
    const before = await state();
    const closed = await create(await usdt({ czline: 'BEP20', address: addressOf('USDT', 'BEP20') }));
    expect(closed).toMatchObject({ code: 7, msg: msg('en', 'deposit.networkClosed', { coin: 'USDT', network: 'BEP20' }), data: { field: 'czline' } });
    expect(await state()).toEqual(before);
    expect((await runCli(['coin', 'network', 'USDT', 'BEP20', 'deposit=on'], s.dataDir)).code).toBe(0);

    const body = await usdt();
    expect((await create(body)).code).toBe(0);
    const mid = await state();
    const reused = await create({ ...body, num: '200' });
    expect(reused).toMatchObject({ code: 7, msg: msg('en', 'deposit.proofUsed'), data: { field: 'payimg' } });
    expect(await state()).toEqual(mid);
  });

  it('needs a session', async () => {
    const before = await state();
    const r = await call(s.app, 'POST', '/recharge/createRecharge', { body: await usdt() });
    expect(r.code).toBe(4015);
    expect(await state()).toEqual({ ...before });
  });

  it('a double-submitted deposit (same Idempotency-Key) makes one record', async () => {
    const body = await usdt({ num: '55' });
    const before = await state();
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/recharge/createRecharge',
        headers: { 'x-token': alice.token, 'idempotency-key': 'deposit-tap-1' },
        payload: body,
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.json().code, a.json().msg).toBe(0);
    expect(b.json()).toEqual(a.json());
    const again = await send();
    expect(again.json()).toEqual(a.json());
    expect((await state()).deposits).toBe(before.deposits + 1);
  });
});

describe('GET /recharge/myRechargeList and /recharge/findRecharge', () => {
  it('list the caller’s own deposits, newest first, filtered by status and type', async () => {
    const mine = await call(s.app, 'GET', '/recharge/myRechargeList', { token: alice.token, query: { page: 1, pageSize: 100 } });
    expect(mine.code).toBe(0);
    expect(mine.data.total).toBeGreaterThanOrEqual(5);
    const ids = mine.data.list.map((d: { ID: number }) => d.ID);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    for (const d of mine.data.list) expect(validateDeposit(d), JSON.stringify(validateDeposit.errors)).toBe(true);
    const pending = await call(s.app, 'GET', '/recharge/myRechargeList', { token: alice.token, query: { status: 1, cate: 1 } });
    expect(pending.data.total).toBe(mine.data.total);
    const done = await call(s.app, 'GET', '/recharge/myRechargeList', { token: alice.token, query: { status: 2 } });
    expect(done.data).toMatchObject({ list: [], total: 0, page: 1, pageSize: 20 });
    const others = await call(s.app, 'GET', '/recharge/myRechargeList', { token: bob.token });
    expect(others.data.total).toBe(0);
  });

  it('refuse a bad filter or page with what is allowed', async () => {
    const status = await call(s.app, 'GET', '/recharge/myRechargeList', { token: alice.token, lang: 'de', query: { status: 9 } });
    expect(status).toMatchObject({ code: 7, data: { field: 'status' }, msg: msg('de', 'validation.queryEnum', { field: 'status', allowed: '1, 2, 3' }) });
    const size = await call(s.app, 'GET', '/recharge/myRechargeList', { token: alice.token, query: { pageSize: 1000 } });
    expect(size).toMatchObject({ code: 7, data: { field: 'pageSize' } });
  });

  it('show one deposit to its owner; another user’s id reads like a missing one', async () => {
    const [latest] = (await call(s.app, 'GET', '/recharge/myRechargeList', { token: alice.token })).data.list;
    const own = await call(s.app, 'GET', '/recharge/findRecharge', { token: alice.token, query: { ID: latest.ID } });
    expect(own.data).toEqual(latest);
    const other = await call(s.app, 'GET', '/recharge/findRecharge', { token: bob.token, query: { ID: latest.ID } });
    const missing = await call(s.app, 'GET', '/recharge/findRecharge', { token: bob.token, query: { ID: 999_999 } });
    expect(other).toEqual(missing);
    expect(other).toMatchObject({ code: 7, msg: msg('en', 'errors.notFound') });
    const bad = await call(s.app, 'GET', '/recharge/findRecharge', { token: alice.token, query: { ID: 'x' } });
    expect(bad).toMatchObject({ code: 7, data: { field: 'ID' } });
    // and the proof is served to the owner only
    const image = (u: string, token: string) => s.app.inject({ method: 'GET', url: u, headers: { 'x-token': token } });
    expect((await image(latest.payimg, alice.token)).statusCode).toBe(200);
    expect((await image(latest.payimg, bob.token)).statusCode).toBe(404);
  });
});

describe('operator review of deposits', () => {
  async function newDeposit(num = '100'): Promise<number> {
    const r = await create(await usdt({ num }));
    expect(r.code, r.msg).toBe(0);
    return r.data.ID as number;
  }
  const find = (id: number) => s.app.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const usdtOf = async (userId: number) => (await balanceOf(s.app.db, userId, 'USDT')).available;

  it('lists waiting deposits with the customer, the amount and where the proof is', async () => {
    const id = await newDeposit('123.45');
    const out = (await runCli(['reviews'], s.dataDir)).out;
    expect(out).toMatch(new RegExp(`deposit\\s+${id}\\s+alice_deposit@example\\.com\\s+123\\.450000 USDT on TRC20`));
    const shown = await runCli(['act', 'deposit', 'proof', String(id)], s.dataDir);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/type\s+image\/png/);
    // the bytes live in the database: the command saves them where the operator asks, never over a file
    const file = join(tempDir(), 'proof.png');
    const saved = await runCli(['act', 'deposit', 'proof', String(id), file], s.dataDir);
    expect(saved.out).toContain(`saved ${file}`);
    const stored = await s.app.db
      .selectFrom('upload_blobs')
      .select('bytes')
      .where('name', '=', (await find(id)).proof)
      .executeTakeFirstOrThrow();
    expect(readFileSync(file)).toEqual(Buffer.from(stored.bytes));
    expect((await runCli(['act', 'deposit', 'proof', String(id), file], s.dataDir)).out).toMatch(/saved nothing: .*EEXIST/);
  });

  it('approve credits the amount with a deposit_success record in one step; a second approve changes nothing and says so', async () => {
    const id = await newDeposit('100');
    const before = await usdtOf(alice.id);
    const r = await runCli(['approve', 'deposit', String(id)], s.dataDir);
    expect(r).toEqual({ code: 0, out: `Deposit ${id} approved: credited 100.000000 USDT (reported 100.000000, fee 0.000000), ledger deposit_success.` });
    expect(await usdtOf(alice.id)).toBe(before + 100n * 10n ** 8n);
    const row = await find(id);
    expect(row).toMatchObject({ status: 2, received: String(100n * 10n ** 8n), fee: '0' });
    expect(row.reviewed_at).not.toBeNull();
    const ledger = await s.app.db.selectFrom('ledger').selectAll().where('ref_id', '=', id).where('type', '=', 'deposit_success').execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ user_id: alice.id, coin: 'USDT', amount: String(100n * 10n ** 8n), frozen_change: '0' });

    const snapshot = await state();
    expect(await runCli(['approve', 'deposit', String(id)], s.dataDir)).toEqual({ code: 0, out: `Deposit ${id} is already completed; nothing changed.` });
    expect(await runCli(['reject', 'deposit', String(id), 'too', 'late'], s.dataDir)).toEqual({
      code: 0,
      out: `Deposit ${id} is already completed; nothing changed.`,
    });
    expect(await state()).toEqual(snapshot);

    // the customer sees it completed, with what arrived, and a "deposit success" financial record
    const shown = await call(s.app, 'GET', '/recharge/findRecharge', { token: alice.token, query: { ID: id } });
    expect(shown.data).toMatchObject({ status: 2, received: '100.000000', fee: '0.000000', reviewedAt: expect.any(String) });
    const records = await call(s.app, 'GET', '/user_money_log/getUser_money_logList', { token: alice.token, query: { type: 'deposit_success' } });
    expect(records.data.list[0]).toMatchObject({ coinname: 'USDT', type: 'deposit_success', amount: '100.000000' });
  });

  it('approve credits what was received, less a fee when given', async () => {
    const a = await newDeposit('100');
    const before = await usdtOf(alice.id);
    expect((await runCli(['approve', 'deposit', String(a), 'fee=1.5'], s.dataDir)).out).toBe(
      `Deposit ${a} approved: credited 98.500000 USDT (reported 100.000000, fee 1.500000), ledger deposit_success.`,
    );
    const b = await newDeposit('100');
    expect((await runCli(['approve', 'deposit', String(b), '99.9', '0.1'], s.dataDir)).code).toBe(0);
    expect(await usdtOf(alice.id)).toBe(before + 9_850_000_000n + 9_990_000_000n);
    expect((await call(s.app, 'GET', '/recharge/findRecharge', { token: alice.token, query: { ID: b } })).data).toMatchObject({
      num: '100.000000',
      fee: '0.100000',
      received: '99.900000',
    });
  });

  it('approve refuses a bad amount, and an unknown id, changing nothing', async () => {
    const id = await newDeposit('100');
    const snapshot = await state();
    for (const [args, text] of [
      [['abc'], /plain decimal/],
      [['1.1234567'], /at most 6 decimals/],
      [['0'], /greater than zero/],
      [['fee=101'], /leaves nothing to credit/],
      [['1', '2', '3'], /Usage/],
    ] as const) {
      const r = await runCli(['approve', 'deposit', String(id), ...args], s.dataDir);
      expect(r.code).toBe(1);
      expect(r.out).toMatch(text);
    }
    expect(await runCli(['approve', 'deposit', '99999'], s.dataDir)).toEqual({ code: 1, out: 'No deposit 99999.' });
    expect(await state()).toEqual(snapshot);
    expect((await find(id)).status).toBe(1);
  });

  it('reject stores the reason the customer sees; twice changes nothing; no balance moves', async () => {
    const id = await newDeposit('100');
    const snapshot = await state();
    expect(await runCli(['reject', 'deposit', String(id), 'No', 'transfer', 'found', 'on', 'chain'], s.dataDir)).toEqual({
      code: 0,
      out: `Deposit ${id} rejected: "No transfer found on chain". No balance changed.`,
    });
    const after = await state();
    expect(after.balances).toEqual(snapshot.balances);
    expect(after.ledger).toBe(snapshot.ledger);
    const shown = await call(s.app, 'GET', '/recharge/findRecharge', { token: alice.token, query: { ID: id } });
    expect(shown.data).toMatchObject({ status: 3, reason: 'No transfer found on chain', received: '' });
    expect(await runCli(['reject', 'deposit', String(id), 'again'], s.dataDir)).toEqual({
      code: 0,
      out: `Deposit ${id} is already rejected; nothing changed.`,
    });
    expect(await runCli(['approve', 'deposit', String(id)], s.dataDir)).toEqual({ code: 0, out: `Deposit ${id} is already rejected; nothing changed.` });
    expect((await find(id)).reason).toBe('No transfer found on chain');
    expect(await state()).toEqual(after);
    // a rejected deposit's proof may be sent again with a corrected deposit
    const again = await create({
      ...(await usdt()),
      payimg: (await call(s.app, 'GET', '/recharge/findRecharge', { token: alice.token, query: { ID: id } })).data.payimg,
    });
    expect(again.code, again.msg).toBe(0);
  });

  it('two approvals at once credit once', async () => {
    const id = await newDeposit('10');
    const before = await usdtOf(alice.id);
    const outs = await Promise.all([
      approveDeposit(s.app.db, id, [], s.clock.now()),
      approveDeposit(s.app.db, id, [], s.clock.now()),
      rejectDeposit(s.app.db, id, 'race', s.clock.now()),
    ]);
    // whichever decision reaches the row first wins (on PostgreSQL the rejection may); the others change nothing
    const decided = outs.filter((o) => !o.includes('nothing changed'));
    expect(decided).toHaveLength(1);
    const approved = decided[0].includes('approved');
    expect(approved || decided[0].includes('rejected')).toBe(true);
    expect(await usdtOf(alice.id)).toBe(approved ? before + 10n * 10n ** 8n : before);
    expect(Number((await find(id)).status)).toBe(approved ? 2 : 3);
  });

  it('an administrator deposit shows in the history as such', async () => {
    const now = s.clock.now();
    await s.app.db.transaction().execute(async (trx) => {
      const units = 5n * 10n ** 8n;
      await applyChanges(trx, [{ userId: bob.id, coin: 'USDT', available: units, frozen: 0n, type: 'admin_deposit', refId: null }], now);
      await recordAdminDeposit(trx, bob.id, 'USDT', units, now);
    });
    const list = await call(s.app, 'GET', '/recharge/myRechargeList', { token: bob.token, query: { cate: 2 } });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ cate: 2, status: 2, num: '5.000000', received: '5.000000', payimg: '' });
    expect(validateDeposit(list.data.list[0])).toBe(true);
    expect((await call(s.app, 'GET', '/recharge/myRechargeList', { token: bob.token, query: { cate: 1 } })).data.total).toBe(0);
  });

  it('leaves the ledger consistent with the balances', async () => {
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });
});
