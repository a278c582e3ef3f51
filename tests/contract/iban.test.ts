// The ISO 13616 IBAN check the bank-card form, the bank-card widget and the server share
// (contract/iban.ts).
import { describe, expect, it } from 'vitest';
import { groupIban, ibanLength, ibanProblem, ibanRemainder, isValidIban, normalizeIban } from '../../contract/iban';

// Real examples: the registry's and well-known published ones
const VALID = [
  'GB82 WEST 1234 5698 7654 32',
  'DE89 3704 0044 0532 0130 00',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91 ABNA 0417 1643 00',
  'BE68 5390 0754 7034',
  'CH93 0076 2011 6238 5295 7',
  'ES91 2100 0418 4502 0005 1332',
  'IT60 X054 2811 1010 0000 0123 456',
  'NO93 8601 1117 947',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
  'SA03 8000 0000 6080 1016 7519',
];

describe('IBAN (ISO 13616)', () => {
  it('accepts real IBANs, typed with spaces or in lower case', () => {
    for (const text of VALID) {
      expect(isValidIban(normalizeIban(text)), text).toBe(true);
      expect(isValidIban(normalizeIban(text.toLowerCase())), text).toBe(true);
    }
  });

  it('keeps the electronic form and shows groups of four', () => {
    expect(normalizeIban(' gb82 west 1234\t5698 7654 32 ')).toBe('GB82WEST12345698765432');
    expect(groupIban('GB82WEST12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(groupIban('de89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(groupIban('BE68539007547034')).toBe('BE68 5390 0754 7034');
    expect(groupIban('')).toBe('');
  });

  it('refuses wrong check digits, one changed or swapped character', () => {
    expect(ibanProblem('GB82WEST12345698765433')).toBe('checksum');
    expect(ibanProblem('GB81WEST12345698765432')).toBe('checksum');
    expect(ibanProblem('DE89370400440532013001')).toBe('checksum');
    // two neighbouring digits swapped
    expect(ibanProblem('DE89370400440532031000')).toBe('checksum');
    expect(ibanRemainder('GB82WEST12345698765432')).toBe(1);
  });

  it("refuses a length other than the registry's for the country, and a bad shape", () => {
    expect(ibanLength('DE')).toBe(22);
    expect(ibanProblem('DE8937040044053201300')).toBe('length');
    expect(ibanProblem('DE893704004405320130000')).toBe('length');
    for (const bad of ['', 'DE', '89DE370400440532013000', 'DE8X370400440532013000', 'DE89 3704 0044 0532 0130 00', 'de89370400440532013000', 'DE89-37040044053201300', 'DE89370400440532013000000000000000000']) {
      expect(ibanProblem(bad), bad).toBe('shape');
    }
  });

  it('a country the registry does not list gets the general shape and mod-97 only', () => {
    // "ZZ" with valid check digits for this BBAN (computed as ISO 7064 MOD 97-10 prescribes)
    const bban = 'ABCD1234567890';
    const check = 98 - ibanRemainder(`ZZ00${bban}`);
    const iban = `ZZ${String(check).padStart(2, '0')}${bban}`;
    expect(ibanProblem(iban)).toBeNull();
  });
});
