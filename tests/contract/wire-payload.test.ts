// The payload the server validates: client-only fields gone, and amount fields (x-decimal)
// taking the form's decimal string or an API client's JSON number, with the same rules.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { CUSTOM_KEYWORDS, wirePayloadSchema } from '../../contract/loader';

const payload = {
  type: 'object',
  additionalProperties: false,
  required: ['num', 'confirm'],
  properties: {
    num: { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$', description: 'amount', 'x-decimal': true },
    note: { type: 'string' },
    confirm: { type: 'string', 'x-clientOnly': true },
  },
};

const validate = new Ajv({ strict: true, keywords: [...CUSTOM_KEYWORDS] }).compile(wirePayloadSchema(payload));

describe('wirePayloadSchema', () => {
  it('accepts an amount as a decimal string or a JSON number, and drops client-only fields', () => {
    expect(validate({ num: '12.5' })).toBe(true);
    expect(validate({ num: 12.5 })).toBe(true);
    expect(validate({ num: '12.5', confirm: 'x' })).toBe(false);
  });

  it('keeps the string rules for strings and refuses other types', () => {
    expect(validate({ num: '1e5' })).toBe(false);
    expect(validate({ num: ['1'] })).toBe(false);
    expect(validate({ num: true })).toBe(false);
    expect(validate({})).toBe(false);
  });

  it('leaves other fields as they are', () => {
    expect(wirePayloadSchema(payload).properties).toMatchObject({ note: { type: 'string' }, num: { description: 'amount', anyOf: [{ type: 'string' }, { type: 'number' }] } });
  });
});
