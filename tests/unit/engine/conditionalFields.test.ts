import { describe, expect, it } from 'vitest';
import { conditionalFields, uiWithHidden, uiWithVariants } from '../../../src/engine/conditionalFields';

const ui = {
  'ui:order': ['loginPassword', 'oldPassword', 'password'],
  loginPassword: { 'ui:widget': 'password' },
  oldPassword: { 'ui:widget': 'password', 'ui:title': 'payPassword.oldPassword', 'ui:when': 'status.hasPayPassword' },
};

describe('conditional form fields (ui:when)', () => {
  it('draws a field while its source value is true, and hides it otherwise (also while the source is still loading)', () => {
    expect(conditionalFields(ui, { status: { hasPayPassword: true } })).toEqual({ shown: ['oldPassword'], hidden: [], required: ['oldPassword'] });
    expect(conditionalFields(ui, { status: { hasPayPassword: false } })).toEqual({ shown: [], hidden: ['oldPassword'], required: [] });
    expect(conditionalFields(ui, {})).toEqual({ shown: [], hidden: ['oldPassword'], required: [] });
  });

  it.each([['a text', 'yes'], ['the text "true"', 'true'], ['a number', 1], ['an object', {}], ['a list', [true]]])(
    'hides a field whose source value is %s, truthy but not true',
    (_what, value) => {
      expect(conditionalFields(ui, { status: { hasPayPassword: value } })).toEqual({ shown: [], hidden: ['oldPassword'], required: [] });
    },
  );

  it('does not require a shown field whose ui:requiredWhen value is truthy but not true', () => {
    const bank = { swift: { 'ui:when': 'rules.bic', 'ui:requiredWhen': 'rules.swift' } };
    expect(conditionalFields(bank, { rules: { bic: true, swift: 'yes' } })).toEqual({ shown: ['swift'], hidden: [], required: [] });
  });

  it('a shown field with ui:requiredWhen is required only while that value holds too (a SEPA card’s optional BIC)', () => {
    const bank = { swift: { 'ui:when': 'rules.bic', 'ui:requiredWhen': 'rules.swift' } };
    expect(conditionalFields(bank, { rules: { bic: true, swift: false } })).toEqual({ shown: ['swift'], hidden: [], required: [] });
    expect(conditionalFields(bank, { rules: { bic: true, swift: true } })).toEqual({ shown: ['swift'], hidden: [], required: ['swift'] });
    expect(conditionalFields(bank, { rules: { bic: false, swift: false } })).toEqual({ shown: [], hidden: ['swift'], required: [] });
  });

  it('hides a field as rjsf hidden widget, keeping its other options and leaving the rest of the ui as it is', () => {
    const hidden = uiWithHidden(ui, ['oldPassword']);
    expect(hidden.oldPassword).toEqual({ ...ui.oldPassword, 'ui:widget': 'hidden' });
    expect(hidden.loginPassword).toBe(ui.loginPassword);
    expect(hidden['ui:order']).toBe(ui['ui:order']);
    expect(uiWithHidden(ui, [])).toBe(ui);
  });
});

describe('keys that follow a source value (ui:byValue)', () => {
  const bank = {
    routing: {
      'ui:title': 'bank.routing',
      'ui:placeholder': 'bank.routingHint',
      'ui:byValue': { path: 'rules.routingKind', 'ui:title': 'bank.routingName', 'ui:placeholder': 'bank.routingExample' },
    },
  };
  it('names the country’s own code while the value is known, the generic keys otherwise', () => {
    expect(uiWithVariants(bank, { rules: { routingKind: 'aba' } }).routing).toMatchObject({
      'ui:title': 'bank.routingName.aba',
      'ui:placeholder': 'bank.routingExample.aba',
    });
    expect(uiWithVariants(bank, { rules: { routingKind: '' } }).routing).toMatchObject({ 'ui:title': 'bank.routing', 'ui:placeholder': 'bank.routingHint' });
    expect(uiWithVariants(bank, {}).routing).toMatchObject({ 'ui:title': 'bank.routing' });
  });
});
