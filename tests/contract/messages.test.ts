import { describe, expect, it } from 'vitest';
import { type AjvLikeError, createLocalizer, fieldOf, messageKey } from '../../contract/messages.ts';

const messages = { 'email.pattern': 'validation.emailInvalid', 'email.required': 'validation.emailRequired' };

describe('validation messages', () => {
  it('finds the field of required and of value errors', () => {
    expect(fieldOf({ instancePath: '', keyword: 'required', params: { missingProperty: 'email' } })).toBe('email');
    expect(fieldOf({ instancePath: '/passWord', keyword: 'minLength', params: { limit: 6 } })).toBe('passWord');
  });
  it('prefers the screen key, then a generic key per keyword', () => {
    expect(messageKey('email', 'pattern', messages)).toBe('validation.emailInvalid');
    expect(messageKey('name', 'maxLength', messages)).toBe('validation.tooLong');
    expect(messageKey('name', 'somethingNew', messages)).toBe('validation.invalid');
  });
  it('rewrites every error message through the translator, with the error params', () => {
    const dict: Record<string, string> = { 'validation.emailRequired': 'Bitte E-Mail eingeben', 'validation.tooShort': 'Zu kurz ({{limit}})' };
    const t = (key: string, vars?: Record<string, unknown>) => (dict[key] ?? key).replace('{{limit}}', String(vars?.limit));
    const errors: AjvLikeError[] = [
      { instancePath: '', keyword: 'required', params: { missingProperty: 'email' }, message: "must have required property 'email'" },
      { instancePath: '/code', keyword: 'minLength', params: { limit: 6 }, message: 'must NOT have fewer than 6 characters' },
    ];
    createLocalizer(messages, t)(errors);
    expect(errors.map((e) => e.message)).toEqual(['Bitte E-Mail eingeben', 'Zu kurz (6)']);
  });
});
