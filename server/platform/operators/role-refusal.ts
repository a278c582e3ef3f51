// The refusal of an operator whose roles do not include one an endpoint needs: HTTP 403 with the
// not-permitted code, saying in the operator's language which roles would do ("finance or
// compliance"), the role names in data.roles for the console.
import { OperatorCode } from '../../../contract/result-codes.ts';
import { ApiError } from '../../core/errors.ts';
import type { Translate } from '../i18n/i18n.ts';

export function roleRefusal(t: Translate, needed: readonly string[]): ApiError {
  const names = needed.map((r) => t(`admin.role.${r}`));
  const roles = names.length > 1 ? t('admin.roleGate.either', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] }) : (names[0] ?? '');
  return new ApiError(OperatorCode.notPermitted, 'admin.roleGate.needed', { roles: [...needed] }, { roles }, 403);
}
