// Bank cards and withdrawal addresses: own records only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, count, expectEntity, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';

let s: TestServer;
let alice: string;
let bob: string;
beforeAll(async () => {
  s = await startServer();
  alice = (await registerByEmail(s.app, 'alice@example.com')).token;
  bob = (await registerByEmail(s.app, 'bob@example.com')).token;
});
afterAll(() => s.app.close());

const card = {
  bankname: 'Deutsche Bank',
  accountname: 'Alice Example',
  bankcard: '1234567890123456',
  ibna: 'DE89370400440532013000',
  swift: 'DEUTDEFF',
  payeeaddress: 'Taunusanlage 12, Frankfurt',
  country: 'DE',
};

const address = { coin: 'USDT', czline: 'TRC20', addr: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', name: 'My TRON wallet', remark: 'cold storage' };

describe('bank cards', () => {
  it('POST /user_bank/createUser_bank creates a card and answers it', async () => {
    const r = await call(s.app, 'POST', '/user_bank/createUser_bank', { body: card, token: alice });
    expect(r.code, r.msg).toBe(0);
    expectEntity('bank-card', r.data);
    expect(r.data).toMatchObject(card);
    expect(new Date(r.data.CreatedAt).getTime()).toBe(s.clock.now());
  });

  it('needs a token', async () => {
    const before = await count(s.app, 'bank_cards');
    expect((await call(s.app, 'POST', '/user_bank/createUser_bank', { body: card })).code).toBe(4015);
    expect((await call(s.app, 'GET', '/user_bank/getUser_bankList')).code).toBe(4015);
    expect(await count(s.app, 'bank_cards')).toBe(before);
  });

  it('rejects bad input with the screen messages and writes nothing', async () => {
    const { bankname: _omit, ...noBankname } = card;
    const cases: [unknown, string, string][] = [
      [noBankname, 'bankname', 'bank.banknameRequired'],
      [{ ...card, bankname: 'X' }, 'bankname', 'validation.tooShort'],
      [{ ...card, bankname: 'X'.repeat(65) }, 'bankname', 'validation.tooLong'],
      [{ ...card, bankcard: '12!ab' }, 'bankcard', 'bank.bankcardInvalid'],
      [{ ...card, ibna: 'de89' }, 'ibna', 'bank.ibnaInvalid'],
      [{ ...card, swift: 'deut' }, 'swift', 'bank.swiftInvalid'],
      [{ ...card, country: 7 }, 'country', 'validation.invalid'],
      [{ ...card, uid: 2 }, 'uid', 'validation.unknownField'],
    ];
    const before = await count(s.app, 'bank_cards');
    for (const [body, field, key] of cases) {
      const r = await call(s.app, 'POST', '/user_bank/createUser_bank', { body, token: alice, lang: 'jp' });
      expect(r, JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('jp', key), data: { field } });
    }
    expect(await count(s.app, 'bank_cards')).toBe(before);
  });

  it('GET /user_bank/getUser_bankList lists own cards only, newest first, paged', async () => {
    // three more accounts of Alice's (the same IBAN twice is refused)
    const ibans = ['DE75512108001245126199', 'DE02120300000000202051', 'DE02500105170137075030'];
    for (let i = 0; i < 3; i++) {
      s.clock.advance(1000);
      await call(s.app, 'POST', '/user_bank/createUser_bank', { body: { ...card, bankname: `Bank ${i}`, ibna: ibans[i] }, token: alice });
    }
    await call(s.app, 'POST', '/user_bank/createUser_bank', { body: { ...card, accountname: 'Bob Example' }, token: bob });

    const all = await call(s.app, 'GET', '/user_bank/getUser_bankList', { token: alice, query: { page: 1, pageSize: 100 } });
    expect(all.code).toBe(0);
    expect(all.data).toMatchObject({ total: 4, page: 1, pageSize: 100 });
    expect(all.data.list.map((c: { bankname: string }) => c.bankname)).toEqual(['Bank 2', 'Bank 1', 'Bank 0', 'Deutsche Bank']);
    for (const c of all.data.list) expectEntity('bank-card', c);
    expect(all.data.list.some((c: { accountname: string }) => c.accountname === 'Bob Example')).toBe(false);

    const page2 = await call(s.app, 'GET', '/user_bank/getUser_bankList', { token: alice, query: { page: 2, pageSize: 3 } });
    expect(page2.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.data.list).toHaveLength(1);

    const defaults = await call(s.app, 'GET', '/user_bank/getUser_bankList', { token: bob });
    // without paging arguments a list answers the page size its schema file names
    expect(defaults.data).toMatchObject({ total: 1, page: 1, pageSize: 100 });
  });

  it('refuses bad paging', async () => {
    const page = { field: 'page', min: 1, max: 2_147_483_647 };
    const pageSize = { field: 'pageSize', min: 1, max: 100 };
    const cases: [Record<string, string | number>, string, string, Record<string, string | number>][] = [
      [{ page: 0 }, 'page', 'validation.queryRange', page],
      [{ pageSize: 101 }, 'pageSize', 'validation.queryRange', pageSize],
      [{ pageSize: 0 }, 'pageSize', 'validation.queryRange', pageSize],
      [{ page: 'abc' }, 'page', 'validation.queryRange', page],
      [{ page: '1.5' }, 'page', 'validation.queryRange', page],
      [{ sort: 'x' }, 'sort', 'validation.unknownField', {}],
    ];
    for (const [query, field, key, params] of cases) {
      const r = await call(s.app, 'GET', '/user_bank/getUser_bankList', { token: alice, query, lang: 'jp' });
      expect(r, JSON.stringify(query)).toMatchObject({ code: 7, msg: msg('jp', key, params), data: { field } });
    }
  });
});

describe('withdrawal addresses', () => {
  it('create, list, find and delete', async () => {
    const created = await call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { body: address, token: alice });
    expect(created.code, created.msg).toBe(0);
    expectEntity('withdrawal-address', created.data);
    expect(created.data).toMatchObject(address);

    const noRemark = { ...address, remark: undefined, coin: 'BTC', czline: 'BTC', addr: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };
    const second = await call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { body: noRemark, token: alice });
    expect(second.data.remark).toBe('');

    const list = await call(s.app, 'GET', '/user_qianbao/getUser_qianbaoList', { token: alice, query: { page: 1, pageSize: 20 } });
    expect(list.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.data.list.map((a: { ID: number }) => a.ID)).toEqual([second.data.ID, created.data.ID]);
    for (const a of list.data.list) expectEntity('withdrawal-address', a);

    const usdt = await call(s.app, 'GET', '/user_qianbao/getUser_qianbaoList', { token: alice, query: { coin: 'USDT' } });
    expect(usdt.data.list.map((a: { coin: string }) => a.coin)).toEqual(['USDT']);
    const all = await call(s.app, 'GET', '/user_qianbao/getUser_qianbaoList', { token: alice, query: { coin: '' } });
    expect(all.data.total).toBe(2);

    const found = await call(s.app, 'GET', '/user_qianbao/findUser_qianbao', { token: alice, query: { ID: created.data.ID } });
    expect(found.data).toEqual(created.data);

    const del = await call(s.app, 'DELETE', '/user_qianbao/deleteUser_qianbao', { token: alice, query: { ID: created.data.ID } });
    expect(del).toMatchObject({ code: 0, data: null });
    expect((await call(s.app, 'GET', '/user_qianbao/findUser_qianbao', { token: alice, query: { ID: created.data.ID } })).code).toBe(7);

    // DELETE also takes a JSON body.
    const delBody = await call(s.app, 'DELETE', '/user_qianbao/deleteUser_qianbao', { token: alice, body: { ID: second.data.ID } });
    expect(delBody.code).toBe(0);
    expect((await call(s.app, 'GET', '/user_qianbao/getUser_qianbaoList', { token: alice })).data.total).toBe(0);
  });

  it("another user's ID (or a missing one) is errors.notFound and nothing is deleted", async () => {
    const mine = await call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { body: address, token: bob });
    const before = await count(s.app, 'withdrawal_addresses');
    for (const ID of [mine.data.ID, 999_999]) {
      const find = await call(s.app, 'GET', '/user_qianbao/findUser_qianbao', { token: alice, query: { ID }, lang: 'jp' });
      expect(find).toMatchObject({ code: 7, msg: msg('jp', 'errors.notFound'), data: null });
      const del = await call(s.app, 'DELETE', '/user_qianbao/deleteUser_qianbao', { token: alice, query: { ID }, lang: 'jp' });
      expect(del).toMatchObject({ code: 7, msg: msg('jp', 'errors.notFound'), data: null });
    }
    expect(await count(s.app, 'withdrawal_addresses')).toBe(before);
    expect((await call(s.app, 'GET', '/user_qianbao/findUser_qianbao', { token: bob, query: { ID: mine.data.ID } })).code).toBe(0);
    const bobList = await call(s.app, 'GET', '/user_qianbao/getUser_qianbaoList', { token: alice });
    expect(bobList.data.list.some((a: { ID: number }) => a.ID === mine.data.ID)).toBe(false);
  });

  it('ID must be a positive integer', async () => {
    const before = await count(s.app, 'withdrawal_addresses');
    const queries: Record<string, string | number>[] = [{}, { ID: 0 }, { ID: '' }, { ID: -3 }, { ID: 'abc' }, { ID: '1.5' }, { ID: '99999999999999999999' }];
    for (const query of queries) {
      const find = await call(s.app, 'GET', '/user_qianbao/findUser_qianbao', { token: alice, query, lang: 'jp' });
      expect(find, JSON.stringify(query)).toMatchObject({ code: 7, msg: msg('jp', 'validation.invalid'), data: { field: 'ID' } });
      const del = await call(s.app, 'DELETE', '/user_qianbao/deleteUser_qianbao', { token: alice, query });
      expect(del.code).toBe(7);
    }
    const extra = await call(s.app, 'GET', '/user_qianbao/findUser_qianbao', { token: alice, query: { ID: 1, uid: 2 } });
    expect(extra).toMatchObject({ code: 7, msg: msg('en', 'validation.unknownField'), data: { field: 'uid' } });
    expect(await count(s.app, 'withdrawal_addresses')).toBe(before);
  });

  it('rejects bad input with the screen messages and writes nothing', async () => {
    const cases: [unknown, string, string, Record<string, string | number>][] = [
      [{ ...address, addr: undefined }, 'addr', 'address.addrRequired', {}],
      [{ ...address, addr: 'short' }, 'addr', 'address.addrInvalid', {}],
      [{ ...address, name: undefined }, 'name', 'address.nameRequired', {}],
      [{ ...address, name: 'n'.repeat(33) }, 'name', 'validation.tooLong', {}],
      [{ ...address, remark: 'r'.repeat(101) }, 'remark', 'validation.tooLong', {}],
      [{ ...address, coin: undefined }, 'coin', 'address.coinRequired', {}],
      [{ ...address, czline: 5 }, 'czline', 'validation.invalid', {}],
      [{ ...address, user_id: 1 }, 'user_id', 'validation.unknownField', {}],
      // the coin and network come from the coin table and must match (BTC on TRC20 is refused)
      [{ ...address, coin: 'BTC' }, 'czline', 'funds.networkMismatch', { coin: 'BTC', networks: 'BTC' }],
      [{ ...address, czline: 'OMNI' }, 'czline', 'funds.networkMismatch', { coin: 'USDT', networks: 'TRC20, ERC20, BEP20' }],
      // the address has the network's format
      [
        { ...address, addr: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        'addr',
        'address.formatInvalid',
        { network: 'TRC20', example: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' },
      ],
      [
        { ...address, czline: 'ERC20', addr: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
        'addr',
        'address.formatInvalid',
        { network: 'ERC20', example: '0x52908400098527886E0F7030069857D2E4169EE7' },
      ],
    ];
    const before = await count(s.app, 'withdrawal_addresses');
    for (const [body, field, key, params] of cases) {
      const r = await call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { body, token: alice, lang: 'jp' });
      expect(r, JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('jp', key, params), data: { field } });
    }
    // a coin the coin table does not have: 4019
    expect(await call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { body: { ...address, coin: 'DOGE' }, token: alice, lang: 'jp' })).toMatchObject({
      code: 4019,
      msg: msg('jp', 'errors.4019'),
    });
    expect(await count(s.app, 'withdrawal_addresses')).toBe(before);
  });

  it('refuses the same address twice for a coin and network (EVM addresses in any letter case)', async () => {
    const evm = { coin: 'USDT', czline: 'ERC20', addr: '0x52908400098527886E0F7030069857D2E4169EE7', name: 'Hot wallet' };
    expect((await call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { body: evm, token: alice })).code).toBe(0);
    const before = await count(s.app, 'withdrawal_addresses');
    const again = await call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { body: { ...evm, addr: evm.addr.toLowerCase() }, token: alice, lang: 'jp' });
    expect(again).toMatchObject({ code: 7, msg: msg('jp', 'address.duplicate'), data: { field: 'addr' } });
    expect(await count(s.app, 'withdrawal_addresses')).toBe(before);
    // another network or another user is another entry
    expect((await call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { body: { ...evm, czline: 'BEP20' }, token: alice })).code).toBe(0);
    expect((await call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { body: evm, token: bob })).code).toBe(0);
  });

  it('refuses an unknown coin filter', async () => {
    const r = await call(s.app, 'GET', '/user_qianbao/getUser_qianbaoList', { token: alice, query: { coin: 'DOGE' } });
    expect(r).toMatchObject({ code: 7, data: { field: 'coin' } });
  });
});
