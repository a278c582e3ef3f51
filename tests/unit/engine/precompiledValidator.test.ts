// The generated (precompiled) validators, driven through rjsf's precompiled validator with our localizer.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import * as registerEmail from '../../../src/api/generated/screens/register-email';
import { createLocalizer } from '../../../contract/messages.ts';
import { formSchemaOf } from '../../../contract/screen.ts';

const flat = (o: Record<string, unknown>, p = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? flat(v as Record<string, unknown>, `${p}${k}.`) : [[`${p}${k}`, String(v)]]));
const dict = Object.fromEntries(flat(en));
const t = (k: string) => dict[k] ?? k;

describe('precompiled validator', () => {
  const { screen, validate } = registerEmail;
  const formSchema = formSchemaOf(screen.payload, screen.validatorId);
  const validator = createPrecompiledValidator(validate as never, formSchema as never, createLocalizer(screen.messages, t) as never);
  const good = {
    email: 'new_user@example.com',
    emailCode: '123456',
    passWord: 'secret12',
    confirmPassword: 'secret12',
    captcha: '1234',
    captchaId: 'abc',
    invitationCode: 'DEMO88',
  };

  it('accepts a complete registration', () => {
    expect(validator.validateFormData(good, formSchema as never).errors).toEqual([]);
  });
  it('answers each broken field with its translated message', () => {
    const { errors } = validator.validateFormData({ ...good, email: 'nope', emailCode: '12', invitationCode: undefined }, formSchema as never);
    expect(errors.map((e) => e.message).sort()).toEqual(
      ['Enter a valid email address', 'The verification code is 6 digits', 'Enter the invitation code'].sort(),
    );
  });
});
