// Bank cards follow the country (contract/bank-account.ts): IBAN countries, account number plus
// the local routing code (the ABA number by its checksum), or the BIC/SWIFT.
import { describe, expect, it } from 'vitest';
import { accountRules, checkBankAccount, isAbaNumber, normalizeRouting } from '../../contract/bank-account';

describe('accountRules', () => {
  it('IBAN where the country uses IBANs, a local code where it has one, else SWIFT', () => {
    expect(accountRules('DE')).toEqual({ country: 'DE', iban: true, account: false, routing: false, routingKind: '', swift: false, bic: true });
    expect(accountRules('GB')).toMatchObject({ iban: true, bic: true });
    expect(accountRules('SA')).toMatchObject({ iban: true, swift: false, bic: false });
    expect(accountRules('US')).toEqual({ country: 'US', iban: false, account: true, routing: true, routingKind: 'aba', swift: false, bic: false });
    expect(accountRules('IN')).toMatchObject({ iban: false, routing: true, routingKind: 'ifsc' });
    expect(accountRules('JP')).toEqual({ country: 'JP', iban: false, account: true, routing: false, routingKind: '', swift: true, bic: true });
  });
});

describe('ABA routing numbers', () => {
  it('checks the 3-7-1 checksum', () => {
    expect(isAbaNumber('021000021')).toBe(true); // JPMorgan Chase, New York
    expect(isAbaNumber('011000015')).toBe(true); // Federal Reserve Bank of Boston
    expect(isAbaNumber('021000022')).toBe(false);
    expect(isAbaNumber('02100002')).toBe(false);
    expect(normalizeRouting(' 0210-00021 ')).toBe('021000021');
  });
});

describe('checkBankAccount', () => {
  it('keeps the fields in stored form', () => {
    expect(checkBankAccount({ country: 'US', bankcard: '0001 2345 6789', routing: '021000021' })).toEqual({
      ok: { bankcard: '000123456789', ibna: '', routing: '021000021', swift: '' },
    });
    expect(checkBankAccount({ country: 'DE', ibna: 'de89 3704 0044 0532 0130 00', swift: 'deutdeff' })).toEqual({
      ok: { bankcard: 'DE89370400440532013000', ibna: 'DE89370400440532013000', routing: '', swift: 'DEUTDEFF' },
    });
    expect(checkBankAccount({ country: 'JP', bankcard: '1234567', swift: 'BOTKJPJT' })).toMatchObject({ ok: { swift: 'BOTKJPJT' } });
  });

  it('names the first field that is wrong', () => {
    const problem = (input: Parameters<typeof checkBankAccount>[0]) =>
      'problem' in checkBankAccount(input) ? (checkBankAccount(input) as { problem: unknown }).problem : null;
    expect(problem({ country: 'US', bankcard: '123456789' })).toEqual({ field: 'routing', key: 'bank.routingRequired.aba' });
    expect(problem({ country: 'US', bankcard: '123456789', routing: '021000022' })).toEqual({
      field: 'routing',
      key: 'bank.routingInvalid.aba',
      params: { example: '021000021' },
    });
    expect(problem({ country: 'US', routing: '021000021' })).toEqual({ field: 'bankcard', key: 'bank.bankcardRequired' });
    expect(problem({ country: 'US', bankcard: '123456789', routing: '021000021', ibna: 'DE89370400440532013000' })).toEqual({
      field: 'ibna',
      key: 'bank.ibanNotUsed',
    });
    expect(problem({ country: 'IN', bankcard: '123456789', routing: 'SBIN1005943' })).toMatchObject({ field: 'routing', key: 'bank.routingInvalid.ifsc' });
    expect(problem({ country: 'DE' })).toEqual({ field: 'ibna', key: 'bank.ibnaRequired' });
    expect(problem({ country: 'DE', ibna: 'DE89370400440532013001' })).toEqual({ field: 'ibna', key: 'bank.ibanChecksum' });
    expect(problem({ country: 'FR', ibna: 'DE89370400440532013000' })).toEqual({ field: 'ibna', key: 'bank.ibanCountry', params: { country: 'FR' } });
    expect(problem({ country: 'DE', ibna: 'DE89370400440532013000', routing: '021000021' })).toEqual({ field: 'routing', key: 'bank.routingNotUsed' });
    expect(problem({ country: 'JP', bankcard: '1234567' })).toEqual({ field: 'swift', key: 'bank.swiftRequired' });
    expect(problem({ country: 'JP', bankcard: '1234567', swift: 'BOTK' })).toEqual({ field: 'swift', key: 'bank.swiftInvalid' });
  });
});
