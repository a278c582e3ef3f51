// The verification gate's rule (server/platform/http/endpoints.ts enforces it for the endpoints whose
// screen file says `"verified": true`): a verified identity is users.real_name_status 2.
import { KycStatus } from '../../core/db/tables/kyc.ts';
import { ApiError, businessError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

/** Whether the user may do what needs a verified identity. */
export function isVerified(user: { real_name_status: number }): boolean {
  return Number(user.real_name_status) === KycStatus.verified;
}

export function verificationRequired(): ApiError {
  return businessError(ResultCode.verificationRequired);
}
