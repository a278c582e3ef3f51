// The customer build leaves rjsf's oneOf/anyOf field out (vite.config.ts slimRjsfDefaults, the stand-in
// src/engine/slim/notDrawn.ts): it stops when a customer form's payload would draw one.
import { describe, expect, it } from 'vitest';
import { loadScreens } from '../../../contract/loader';
import type { ScreenFile } from '../../../contract/screen';
import { multiSchemaFormFields } from '../../../vite.config.ts';

const form = (payload: unknown, kind = 'form') => ({ id: 'x', kind, payload }) as unknown as ScreenFile;

describe('the oneOf/anyOf field the customer build leaves out', () => {
  it('is drawn by no customer form today', () => {
    expect(multiSchemaFormFields(loadScreens())).toEqual([]);
  });

  it('is found in a customer form at any depth, not in an action, a response or the back office', () => {
    const payload = { type: 'object', properties: { price: { anyOf: [{ type: 'string' }, { type: 'number' }] }, side: { oneOf: [{ const: 1 }] } } };
    expect(multiSchemaFormFields([{ source: 'screens/order.json', screen: form(payload) }])).toEqual([
      'screens/order.json: payload.properties.price.anyOf',
      'screens/order.json: payload.properties.side.oneOf',
    ]);
    expect(multiSchemaFormFields([{ source: 'endpoints/order.json', screen: form(payload, 'action') }])).toEqual([]);
    expect(multiSchemaFormFields([{ source: 'admin/order.json', screen: form(payload) }])).toEqual([]);
    const response = { ...form({ type: 'object' }), response: { anyOf: [{ type: 'object' }] } } as ScreenFile;
    expect(multiSchemaFormFields([{ source: 'screens/login.json', screen: response }])).toEqual([]);
  });
});
