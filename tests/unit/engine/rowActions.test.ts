// Row actions shown on some rows only: the devices page offers "sign out" on other devices and
// "sign out all others" on this one, by the record's `current` field.
import { describe, expect, it } from 'vitest';
import type { RowAction } from '../../../contract/screen';
import { actionShown } from '../../../src/engine/rowActions';

const signOut: RowAction = { id: 'signOut', label: 'devices.signOut', unless: 'current' };
const signOutOthers: RowAction = { id: 'signOutOthers', label: 'devices.signOutOthers', when: 'current' };
const always: RowAction = { id: 'delete', label: 'common.delete' };

describe('actionShown', () => {
  it('shows `when` actions only where the field is true and hides `unless` actions there', () => {
    const current = { ID: 1, current: true };
    const other = { ID: 2, current: false };
    expect([signOut, signOutOthers, always].filter((a) => actionShown(a, current)).map((a) => a.id)).toEqual(['signOutOthers', 'delete']);
    expect([signOut, signOutOthers, always].filter((a) => actionShown(a, other)).map((a) => a.id)).toEqual(['signOut', 'delete']);
  });
  it('treats a missing or non-boolean field as not true', () => {
    expect(actionShown(signOutOthers, { ID: 3 })).toBe(false);
    expect(actionShown(signOutOthers, { ID: 3, current: 'yes' })).toBe(false);
    expect(actionShown(signOut, { ID: 3 })).toBe(true);
  });
});
