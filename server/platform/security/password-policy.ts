// What a new login password must be beyond its length (8–64, in the screen files): not one of
// the commonly used passwords (Mozilla's list for Firefox Accounts, fxa-common-password-list).
// Existing passwords are not checked again: only registration, resets and changes set one.
import { createRequire } from 'node:module';
import { validationError } from '../../core/errors.ts';

const commonList = createRequire(import.meta.url)('fxa-common-password-list') as { test(password: string): boolean };

export function isCommonPassword(password: string): boolean {
  return commonList.test(password);
}

/** Refuses a common password with code 7 under `field`. */
export function assertNewPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw validationError(field, 'validation.passwordCommon');
}
