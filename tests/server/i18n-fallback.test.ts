// server/platform/i18n/i18n.ts: a key the requested language lacks is answered in en-US, never as the bare key.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { I18n } from '../../server/platform/i18n/i18n.ts';
import { tempDir } from './helpers.ts';

function localesDir(files: Record<string, unknown>): string {
  const dir = tempDir('locales-');
  for (const [code, tree] of Object.entries(files)) writeFileSync(join(dir, `${code}.json`), JSON.stringify(tree));
  return dir;
}

const EN = {
  errors: { '4005': 'Wrong captcha', tooMany: 'At most {{max}} orders' },
  validation: { usernameRequired: 'Enter your email', passwordRequired: 'Enter your password' },
};

describe('server messages fall back to en-US', () => {
  const i18n = new I18n(
    localesDir({
      'en-US': EN,
      'de-DE': { validation: { usernameRequired: 'E-Mail eingeben' } },
      'fr-FR': { errors: 'pas un objet', validation: { passwordRequired: { nested: 'x' } } },
    }),
  );

  it('uses the requested language when it has the key', () => {
    expect(i18n.translator('de')('validation.usernameRequired')).toBe('E-Mail eingeben');
  });

  it('answers a key the language lacks in en-US', () => {
    const de = i18n.translator('de');
    expect(de('validation.passwordRequired')).toBe('Enter your password');
    expect(de('errors.4005')).toBe('Wrong captcha');
    expect(de('errors.tooMany', { max: 10 })).toBe('At most 10 orders');
  });

  it('answers in en-US when the path holds no string in the language', () => {
    const fr = i18n.translator('fr');
    expect(fr('errors.4005')).toBe('Wrong captcha');
    expect(fr('validation.passwordRequired')).toBe('Enter your password');
  });

  it('answers in en-US for a language whose file is missing', () => {
    expect(i18n.translator('jp')('validation.usernameRequired')).toBe('Enter your email');
  });

  it('gives the key itself only when en-US lacks it too', () => {
    expect(i18n.translator('de')('nowhere.at.all')).toBe('nowhere.at.all');
  });

  it('refuses to start without the en-US file', () => {
    expect(() => new I18n(localesDir({ 'de-DE': {} }))).toThrow(/Missing locale file .*en-US\.json/);
  });
});
