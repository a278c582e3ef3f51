// The "country" field format: an ISO code shown by the country's name in the reader's language.
import { describe, expect, it } from 'vitest';
import { countryDisplayName, resolveFormat } from '../../../src/engine/formats';

describe('country format', () => {
  it('names the country in the reader’s language, never the bare code', () => {
    expect(countryDisplayName('DE', 'en')).toBe('Germany');
    expect(countryDisplayName('DE', 'de')).toBe('Deutschland');
    expect(countryDisplayName('US', 'de')).toBe('Vereinigte Staaten');
    expect(countryDisplayName('', 'en')).toBe('');
    expect(countryDisplayName('not a code', 'en')).toBe('not a code');
    const format = resolveFormat('country');
    expect(format('JP', { locale: 'fr' } as never).text).toBe('Japon');
  });
});
