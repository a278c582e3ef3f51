// Business outcomes other than success. Route code throws these; the error handler turns
// them into the {code, msg, data} envelope with a translated msg.
import type { Params } from '../i18n.ts';

/** Codes of spec §8 that the server answers with, plus 7 (validation and other errors). */
export const Codes = {
  ok: 0,
  error: 7,
  wrongPassword: 4002,
  badInvitation: 4004,
  badCaptcha: 4005,
  barred: 4007,
  frozen: 4008,
  badCode: 4009,
  noUser: 4010,
  noToken: 4015,
  tokenInvalid: 4016,
  tokenExpired: 4017,
  rateLimited: 4024,
} as const;

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

/** One of the 40xx codes, with its catalogue message errors.<code>. */
export function businessError(code: number): ApiError {
  return new ApiError(code, `errors.${code}`);
}

export function notFound(): ApiError {
  return new ApiError(Codes.error, 'errors.notFound');
}

export function validationError(field: string, msgKey: string, params?: Params): ApiError {
  return new ApiError(Codes.error, msgKey, { field }, params);
}
