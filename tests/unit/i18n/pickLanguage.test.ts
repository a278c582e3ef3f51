import { describe, expect, it } from 'vitest';
import { pickLanguage, prefixOf } from '../../../src/i18n';

describe('language choice', () => {
  it('keeps a saved choice', () => expect(pickLanguage('ja-JP', ['de-DE'])).toBe('ja-JP'));
  it('uses the browser language when supported', () => {
    expect(pickLanguage(null, ['fr-CA', 'en-US'])).toBe('fr-FR');
    expect(pickLanguage(null, ['ko'])).toBe('ko-KR');
    expect(pickLanguage(null, ['zh-HK'])).toBe('zh-TW');
    expect(pickLanguage(null, ['zh'])).toBe('zh-CN');
  });
  it('falls back to en-US', () => expect(pickLanguage('xx-XX', ['nl-NL', 'sv'])).toBe('en-US'));
  it('sends the short prefix of spec §9 in the lang header', () => {
    expect(prefixOf('ja-JP')).toBe('jp');
    expect(prefixOf('vi-VN')).toBe('vn');
    expect(prefixOf('zh-TW')).toBe('tw');
  });
});
