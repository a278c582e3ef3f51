// POST /user_bank/createUser_bank follows the country (issue 24 item 9): a US card is its account
// number and ABA routing number (checksum), a DE card its IBAN (mod-97), a JP card its account
// number and BIC/SWIFT; GET /user_bank/accountRules tells the form which fields to show and require.
// Bad input, with a valid session, gets the field and its translated message and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, count, expectEntity, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer({ scheduler: false });
  token = (await registerByEmail(s.app, 'cards-by-country@example.com')).token;
});
afterAll(() => s.app.close());

const base = { bankname: 'Example Bank', accountname: 'Alice Example', payeeaddress: '1 Main Street, Springfield' };
const create = (body: Record<string, unknown>, lang = 'en') => call(s.app, 'POST', '/user_bank/createUser_bank', { token, body, lang });

describe('bank cards by country', () => {
  it('GET /user_bank/accountRules: the rules of every country the form offers', async () => {
    const r = await call(s.app, 'GET', '/user_bank/accountRules', { token });
    expect(r.code, r.msg).toBe(0);
    const by = new Map(r.data.list.map((x: { country: string }) => [x.country, x]));
    expect(by.get('US')).toEqual({ country: 'US', iban: false, account: true, routing: true, routingKind: 'aba', swift: false, bic: false });
    expect(by.get('DE')).toEqual({ country: 'DE', iban: true, account: false, routing: false, routingKind: '', swift: false, bic: true });
    expect(by.get('JP')).toMatchObject({ iban: false, swift: true, bic: true });
  });

  it('a US card: account number and ABA routing number, no IBAN', async () => {
    const r = await create({ ...base, country: 'US', bankcard: '0001 2345 6789', routing: '021-000-021' });
    expect(r.code, r.msg).toBe(0);
    expectEntity('bank-card', r.data);
    expect(r.data).toMatchObject({ country: 'US', bankcard: '000123456789', routing: '021000021', ibna: '', swift: '' });
  });

  it('a DE card: the IBAN (which stands for the account number) and an optional BIC', async () => {
    const r = await create({ ...base, country: 'DE', ibna: 'DE89370400440532013000', swift: 'COBADEFFXXX' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ country: 'DE', ibna: 'DE89370400440532013000', bankcard: 'DE89370400440532013000', routing: '', swift: 'COBADEFFXXX' });
  });

  it('a JP card: account number and BIC/SWIFT', async () => {
    const r = await create({ ...base, country: 'JP', bankcard: '1234567', swift: 'BOTKJPJT' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ country: 'JP', bankcard: '1234567', swift: 'BOTKJPJT', ibna: '' });
  });

  it('refuses what the country does not take, in the caller’s language, writing nothing', async () => {
    const us = { ...base, country: 'US', bankcard: '000123456789', routing: '021000021' };
    const cases: [Record<string, unknown>, string, string, Record<string, string | number>?][] = [
      [{ ...us, routing: '021000022' }, 'routing', 'bank.routingInvalid.aba', { example: '021000021' }],
      [{ ...us, routing: undefined }, 'routing', 'bank.routingRequired.aba'],
      [{ ...us, bankcard: undefined }, 'bankcard', 'bank.bankcardRequired'],
      [{ ...us, ibna: 'DE89370400440532013000' }, 'ibna', 'bank.ibanNotUsed'],
      [{ ...us, routing: '02!000021' }, 'routing', 'bank.routingInvalidAny'],
      [{ ...base, country: 'IN', bankcard: '1234567890', routing: 'SBIN1005943' }, 'routing', 'bank.routingInvalid.ifsc', { example: 'SBIN0005943' }],
      [{ ...base, country: 'DE', bankcard: '1234567890' }, 'ibna', 'bank.ibnaRequired'],
      [{ ...base, country: 'DE', ibna: 'DE89370400440532013001' }, 'ibna', 'bank.ibanChecksum'],
      [{ ...base, country: 'FR', ibna: 'DE89370400440532013000' }, 'ibna', 'bank.ibanCountry', { country: 'FR' }],
      [{ ...base, country: 'DE', ibna: 'DE89370400440532013000', routing: '021000021' }, 'routing', 'bank.routingNotUsed'],
      [{ ...base, country: 'JP', bankcard: '1234567' }, 'swift', 'bank.swiftRequired'],
      [{ ...base, country: 'JP', bankcard: '1234567', swift: 'BOT' }, 'swift', 'bank.swiftInvalid'],
      [{ ...base, bankcard: '1234567', swift: 'BOTKJPJT' }, 'country', 'bank.countryRequired'],
      [{ ...base, country: 'DE', ibna: 'DE02120300000000202051', swift: 'BYLADEM' }, 'swift', 'bank.swiftInvalid'],
      [{ ...base, country: 'DE', ibna: 'DE02120300000000202051', swift: 'BYLADEM100' }, 'swift', 'bank.swiftInvalid'],
    ];
    const before = await count(s.app, 'bank_cards');
    for (const [body, field, key, params] of cases) {
      const r = await create(JSON.parse(JSON.stringify(body)), 'de');
      expect(r, JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('de', key, params ?? { field }), data: { field } });
    }
    expect(await count(s.app, 'bank_cards')).toBe(before);
  });

  it('a SEPA card keeps the BIC it is given, of 8 or 11 characters', async () => {
    const eight = await create({ ...base, country: 'DE', ibna: 'DE02120300000000202051', swift: 'byladem1' });
    expect(eight.code, eight.msg).toBe(0);
    expect(eight.data).toMatchObject({ ibna: 'DE02120300000000202051', swift: 'BYLADEM1' });
    const mine = await call(s.app, 'GET', '/user_bank/getUser_bankList', { token });
    expect(mine.data.list.find((c: { ID: number }) => c.ID === eight.data.ID)).toMatchObject({ swift: 'BYLADEM1' });
  });

  it('refuses the same account twice for a customer at the field, in the caller’s language; another customer may add it', async () => {
    const before = await count(s.app, 'bank_cards');
    const iban = await create({ ...base, country: 'DE', ibna: 'DE89370400440532013000', swift: 'COBADEFF' }, 'de');
    expect(iban).toMatchObject({ code: 7, msg: msg('de', 'bank.duplicateIban'), data: { field: 'ibna' } });
    const account = await create({ ...base, country: 'US', bankcard: '0001-2345-6789', routing: '021000021' });
    expect(account).toMatchObject({ code: 7, msg: msg('en', 'bank.duplicateAccount'), data: { field: 'bankcard' } });
    expect(await count(s.app, 'bank_cards')).toBe(before);
    const other = await create({ ...base, country: 'US', bankcard: '000123456789', routing: '011000015' });
    expect(other.code, other.msg).toBe(0);
    const bob = (await registerByEmail(s.app, 'cards-by-country-2@example.com')).token;
    const theirs = await call(s.app, 'POST', '/user_bank/createUser_bank', { token: bob, body: { ...base, country: 'DE', ibna: 'DE89370400440532013000' } });
    expect(theirs.code, theirs.msg).toBe(0);
  });
});
