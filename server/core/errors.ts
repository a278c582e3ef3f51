// Business outcomes other than success. Route code throws these; the error handler turns
// them into the {code, msg, data} envelope with a translated msg.
import { ResultCode } from '../../contract/result-codes.ts';

/** Values a translated message interpolates ({{name}}). */
export type Params = Record<string, string | number>;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    /** Locale key of the message */
    readonly msgKey: string,
    readonly data: unknown = null,
    readonly params?: Params,
    readonly httpStatus = 200,
  ) {
    super(msgKey);
    this.name = 'ApiError';
  }
}

/** One of the catalogue's 40xx codes (contract/result-codes.ts), with its message errors.<code>. */
export function businessError(code: number, data: unknown = null): ApiError {
  return new ApiError(code, `errors.${code}`, data);
}

export function notFound(): ApiError {
  return new ApiError(ResultCode.error, 'errors.notFound');
}

/** 503 with errors.serviceUnavailable: something the request needs (Redis, the image bucket) did not answer, so nothing was changed. */
export function serviceUnavailable(): ApiError {
  return new ApiError(ResultCode.error, 'errors.serviceUnavailable', null, undefined, 503);
}

export function validationError(field: string, msgKey: string, params?: Params): ApiError {
  return new ApiError(ResultCode.error, msgKey, { field }, params);
}
