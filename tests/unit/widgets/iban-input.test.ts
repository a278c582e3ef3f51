// What the IBAN field of the bank-card form says and holds while a person types
// (src/widgets/bank-card/IbanInput.tsx).
import { describe, expect, it } from 'vitest';
import { caretAfter, ibanHint, ibanValue } from '../../../src/widgets/iban/IbanInput';

describe('the IBAN field while typing', () => {
  it('says nothing while the IBAN can still become valid, then why it is not', () => {
    expect(ibanHint('')).toBeNull();
    expect(ibanHint('G')).toBeNull();
    expect(ibanHint('GB8')).toBeNull();
    expect(ibanHint('GB82WEST1234')).toBeNull();
    expect(ibanHint('8B')).toEqual({ key: 'bank.ibanShape' });
    expect(ibanHint('GBX')).toEqual({ key: 'bank.ibanShape' });
    expect(ibanHint('GB82WEST-1')).toEqual({ key: 'bank.ibanShape' });
    expect(ibanHint('GB82WEST12345698765433')).toEqual({ key: 'bank.ibanChecksum' });
    expect(ibanHint('GB82WEST123456987654321')).toEqual({ key: 'bank.ibanLength', params: { country: 'GB', length: 22 } });
    expect(ibanHint('GB82WEST12345698765432')).toBeNull();
  });

  it('holds the electronic form only when valid, else the grouped text the schema pattern refuses', () => {
    expect(ibanValue('GB82WEST12345698765432')).toBe('GB82WEST12345698765432');
    expect(ibanValue('GB82WEST12345698765433')).toBe('GB82 WEST 1234 5698 7654 33');
    expect(ibanValue('GB82')).toBe('GB82');
    expect(ibanValue('')).toBeUndefined();
    const pattern = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;
    expect(pattern.test(ibanValue('GB82WEST12345698765433')!)).toBe(false);
  });
});

describe('the caret while regrouping', () => {
  it('stays after the same letters and digits', () => {
    // "GB82 WEST 1234": after 0, 4, 5 and 9 characters
    expect(caretAfter(0)).toBe(0);
    expect(caretAfter(4)).toBe(4);
    expect(caretAfter(5)).toBe(6);
    expect(caretAfter(9)).toBe(11);
    expect('GB82 WEST 1234'.slice(0, caretAfter(9)).replace(/ /g, '')).toBe('GB82WEST1');
  });
});
