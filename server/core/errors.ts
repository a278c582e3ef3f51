// Business outcomes other than success: the one way the server says no. Route code, review kinds,
// product rules and operator commands all throw an ApiError (a refusal: a locale key, its values
// and maybe the field it belongs under); the HTTP error handler answers it translated into the
// caller's language, the operator CLI prints its en-US text (server/ops/cli.ts catches it once).
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

/** A refusal (code 7) with its locale key and values, under `field` when it belongs to one input. */
export function refusal(msgKey: string, params?: Params, field?: string): ApiError {
  return field === undefined ? new ApiError(ResultCode.error, msgKey, null, params) : validationError(field, msgKey, params);
}
